import { RecipeRequest, recipeAsCatalogueFood } from './recipe';
import { recipeComposition } from './rules/recipe-yield';

describe('recipe contracts', () => {
  const body = { name: ' Minestrone ', ingredients: [{ foodId: 'ciqual-20047', grams: 300 }], cooking: { yieldFactor: 0.9 }, portions: { grams: 250 } };

  it('reads a recipe request: trimmed name, empty note, cooking and portions as one of their two forms', () => {
    expect(RecipeRequest.parse(body)).toEqual({ ...body, name: 'Minestrone', note: '' });
    expect(RecipeRequest.safeParse({ ...body, cooking: { cookedWeight: 1, yieldFactor: 1 } }).success).toBe(false);
    expect(RecipeRequest.safeParse({ ...body, portions: {} }).error?.issues[0].message).toBe(
      'Indica il numero di porzioni o i grammi di una porzione (uno dei due)',
    );
  });

  it('makes a recipe a catalogue food: ricetta-<id>, per 100 g cooked, a missing value kept missing', () => {
    const c = recipeComposition(
      [
        { nutrients: { ENERC_KCAL: { value: 40 }, VITC: { value: 20 } }, grams: 300, per: '100g', density: null },
        { nutrients: { ENERC_KCAL: { value: 899 } }, grams: 10, per: '100g', density: null },
      ],
      { cookedWeight: 250 },
      { count: 2 },
    );
    const food = recipeAsCatalogueFood({ id: 'c0ffee', name: 'Minestrone' }, c);
    expect(food).toMatchObject({ id: 'ricetta-c0ffee', source: 'ricetta', code: 'c0ffee', per: '100g', baseWeight: 125, basic: false });
    expect(food.nutrients.ENERC_KCAL?.value).toBeCloseTo(((120 + 89.9) / 250) * 100, 10);
    expect(food.nutrients.VITC).toEqual({ value: null, flag: 'missing' });
  });
});
