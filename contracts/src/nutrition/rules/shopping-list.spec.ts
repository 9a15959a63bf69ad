import { shoppingList } from './shopping-list';

const names: Record<string, { name: string; group: string }> = {
  '1': { name: 'Pasta di semola', group: 'Cereali e tuberi' },
  '2': { name: 'Olio extravergine di oliva', group: 'Grassi da condimento' },
  'ciqual-19024': { name: 'Yogurt intero', group: 'Latte e derivati' },
};
const describeItem = (item: number | string) => names[String(item)];
const rows = (...r: [number | string, number][]) => r.map(([item, grams], i) => ({ id: `r${i}`, item, grams, alternatives: [{ item: 2, grams: 99 }] }));

describe('shopping list of the plan’s week', () => {
  it('a one-day plan counts seven times; alternatives are not bought', () => {
    const list = shoppingList(
      { days: [{ weekday: 'lunedi', meals: { pranzo: rows([1, 80], [2, 10]), colazione: rows(['ciqual-19024', 170]) } }] },
      describeItem,
    );
    expect(list.days).toBe(7);
    expect(list.groups).toEqual([
      { group: 'Cereali e tuberi', items: [{ item: 1, name: 'Pasta di semola', grams: 560 }] },
      { group: 'Grassi da condimento', items: [{ item: 2, name: 'Olio extravergine di oliva', grams: 70 }] },
      { group: 'Latte e derivati', items: [{ item: 'ciqual-19024', name: 'Yogurt intero', grams: 1190 }] },
    ]);
  });

  it('a missing day counts as the day it repeats: Monday (×3: Mon–Wed) 80 g, Thursday (×4: Thu–Sun) 100 g of pasta', () => {
    const list = shoppingList(
      {
        days: [
          { weekday: 'lunedi', meals: { pranzo: rows([1, 80]) } },
          { weekday: 'giovedi', meals: { pranzo: rows([1, 100]), cena: rows([7, 50]) } },
        ],
      },
      describeItem,
    );
    // 3 × 80 + 4 × 100 = 640; food 7 is no longer in the catalogue: left out
    expect(list.groups).toEqual([{ group: 'Cereali e tuberi', items: [{ item: 1, name: 'Pasta di semola', grams: 640 }] }]);
    expect(shoppingList({ days: [] }, describeItem)).toEqual({ days: 0, groups: [] });
  });

  it('a recipe is bought as its ingredients, scaled by the portion eaten over its cooked weight, summed with the same foods', () => {
    // pasta al pomodoro: 320 g of pasta, 400 g of tomato, 30 g of oil, cooked to 1000 g; 250 g eaten at lunch
    const recipe = {
      cookedWeight: 1000,
      ingredients: [
        { item: 1, grams: 320 },
        { item: 'ciqual-20047', grams: 400 },
        { item: 2, grams: 30 },
      ],
    };
    const describeAll = (item: number | string) => (item === 'ciqual-20047' ? { name: 'Pomodoro, crudo', group: 'Ortaggi' } : describeItem(item));
    const list = shoppingList({ days: [{ weekday: 'lunedi', meals: { pranzo: rows(['ricetta-1', 250]), cena: rows([2, 10]) } }] }, describeAll, (item) =>
      item === 'ricetta-1' ? recipe : undefined,
    );
    // a day: pasta 320 × 250 / 1000 = 80 g, tomato 100 g, oil 7.5 g + the 10 g at dinner = 17.5 g; the week ×7
    expect(list.groups).toEqual([
      { group: 'Cereali e tuberi', items: [{ item: 1, name: 'Pasta di semola', grams: 560 }] },
      { group: 'Grassi da condimento', items: [{ item: 2, name: 'Olio extravergine di oliva', grams: 122.5 }] },
      { group: 'Ortaggi', items: [{ item: 'ciqual-20047', name: 'Pomodoro, crudo', grams: 700 }] },
    ]);
    // the dish itself is no line of the list
    expect(list.groups.flatMap((g) => g.items).some((i) => i.item === 'ricetta-1')).toBe(false);
  });

  it('a recipe the list does not know (removed from the book) is bought as the dish', () => {
    const list = shoppingList({ days: [{ weekday: 'lunedi', meals: { pranzo: rows(['ricetta-9', 250]) } }] }, (item) =>
      item === 'ricetta-9' ? { name: 'Minestrone', group: 'Ricette' } : undefined,
    );
    expect(list.groups).toEqual([{ group: 'Ricette', items: [{ item: 'ricetta-9', name: 'Minestrone', grams: 1750 }] }]);
  });
});
