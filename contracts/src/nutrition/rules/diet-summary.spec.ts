import { DietDraft } from '../diet-plan';
import {
  caloriesFor,
  categoryAverageMacros,
  chosenPortionCategories,
  energySplit,
  macroGrams,
  portionsTotal,
  roundToBaseWeight,
  summarizeDiet,
  summarizeMeal,
  type CatalogueItem,
  type SummaryRow,
} from './diet-summary';

// a pasta (food 1), olive oil (food 2) and the category "Verdure" (id 3, option value 100003)
const items: Record<number, CatalogueItem> = {
  1: { name: 'Pasta di semola', kcal100: 353, baseWeight: 80, protein: 13, carbohydrate: 74, fat: 1.2 },
  2: { name: 'Olio extravergine di oliva', kcal100: 899, baseWeight: 10, protein: 0, carbohydrate: 0, fat: 99.9 },
  100003: { name: 'Verdure', kcal100: 22, baseWeight: 200, protein: null, carbohydrate: null, fat: null },
};
const lookup = (item: number) => items[item];
const row = (
  id: string,
  item: number,
  grams: number,
  alternatives: { item: number; grams: number }[] = [],
): SummaryRow & { alternatives: typeof alternatives } => ({
  id,
  item,
  grams,
  alternatives,
});

describe('diet calculations', () => {
  it('rounds grams to the nearest multiple of the base weight (halves up)', () => {
    expect(roundToBaseWeight(130, 50)).toBe(150);
    expect(roundToBaseWeight(125, 50)).toBe(150);
    expect(roundToBaseWeight(124, 50)).toBe(100);
    expect(roundToBaseWeight(80, 80)).toBe(80);
    expect(roundToBaseWeight(20, 50)).toBe(0);
    expect(roundToBaseWeight(37.4, 0)).toBe(37);
  });

  it('kcal = kcal per 100 g × grams / 100, to an integer', () => {
    expect(caloriesFor(353, 80)).toBe(282); // 282.4
    expect(caloriesFor(899, 10)).toBe(90); // 89.9
    expect(caloriesFor(17, 150)).toBe(26); // 25.5, half up
    expect(caloriesFor(52, 150)).toBe(78);
    expect(caloriesFor(0, 500)).toBe(0);
  });

  it('macronutrient grams to one decimal; the energy split in whole percent by the Atwater factors (4, 4, 9 kcal/g)', () => {
    expect(macroGrams(13, 80)).toBe(10.4);
    expect(macroGrams(74, 80)).toBe(59.2);
    expect(macroGrams(1.2, 80)).toBe(1);
    // 10.4 g × 4 = 41.6 kcal, 59.2 × 4 = 236.8, 1 × 9 = 9: total 287.4
    expect(energySplit({ protein: 10.4, carbohydrate: 59.2, fat: 1 })).toEqual({ protein: 14, carbohydrate: 82, fat: 3 });
    expect(energySplit({ protein: 0, carbohydrate: 0, fat: 0 })).toEqual({ protein: 0, carbohydrate: 0, fat: 0 });
  });

  it('summarizes a meal: rounded grams, kcal, macros; categories have no macros; unchosen rows are left out', () => {
    const meal = summarizeMeal('pranzo', [row('a', 1, 90), row('b', 2, 12), row('c', 100003, 250), row('d', 0, 100)], lookup);
    expect(meal).toEqual({
      meal: 'pranzo',
      rows: [
        { id: 'a', item: 1, name: 'Pasta di semola', grams: 80, kcal: 282, protein: 10.4, carbohydrate: 59.2, fat: 1 },
        { id: 'b', item: 2, name: 'Olio extravergine di oliva', grams: 10, kcal: 90, protein: 0, carbohydrate: 0, fat: 10 },
        { id: 'c', item: 100003, name: 'Verdure', grams: 200, kcal: 44, protein: null, carbohydrate: null, fat: null },
      ],
      kcal: 416,
      protein: 10.4,
      carbohydrate: 59.2,
      fat: 11,
    });
  });

  it('summarizes the day over the five meals, alternatives not added', () => {
    const draft = DietDraft.parse({
      meals: { pranzo: [row('a', 1, 80, [{ item: 100003, grams: 200 }])], cena: [row('b', 1, 160), row('c', 2, 10)] },
      portions: {
        pranzo: [{ categoryId: 3, times: 7 }],
        cena: [
          { categoryId: 3, times: 4 },
          { categoryId: 5, times: 3 },
        ],
      },
    });
    const summary = summarizeDiet(draft, lookup);
    // pranzo 282; cena 160 g pasta = 564.8 → 565, oil 90: 655; day 937
    expect(summary.meals).toEqual([
      { meal: 'colazione', kcal: 0 },
      { meal: 'spuntino', kcal: 0 },
      { meal: 'pranzo', kcal: 282 },
      { meal: 'merenda', kcal: 0 },
      { meal: 'cena', kcal: 655 },
    ]);
    expect(summary.kcal).toBe(937);
    // protein 10.4 + 20.8 = 31.2; carbohydrate 59.2 + 118.4 = 177.6; fat 1 + 1.9 + 10 = 12.9
    expect([summary.protein, summary.carbohydrate, summary.fat]).toEqual([31.2, 177.6, 12.9]);
    // 124.8 + 710.4 + 116.1 = 951.3 kcal from macros
    expect(summary.split).toEqual({ protein: 13, carbohydrate: 75, fat: 12 });
    expect(summary.portionsTotal).toBe(14);
    expect(portionsTotal(draft.portions)).toBe(14);
    expect(chosenPortionCategories(draft.portions)).toEqual([3, 5]);
  });
});

describe('category rows carry macronutrients', () => {
  it("are the plain average of the category's foods per 100 g, one decimal; none without foods", () => {
    // Zucchine 1,3/1,4/0,1 and Pomodori 1/3,5/0,2 (the demo catalogue, after CREA)
    expect(
      categoryAverageMacros([
        { protein: 1.3, carbohydrate: 1.4, fat: 0.1 },
        { protein: 1, carbohydrate: 3.5, fat: 0.2 },
      ]),
    ).toEqual({ protein: 1.2, carbohydrate: 2.5, fat: 0.2 });
    expect(categoryAverageMacros([])).toBeNull();
  });
});
