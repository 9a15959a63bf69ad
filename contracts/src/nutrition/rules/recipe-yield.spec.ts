import { recipeComposition, totalAsNutrientValue } from './recipe-yield';
import type { NutrientItem } from './nutrient-totals';

// The method of Greenfield & Southgate, "Food composition data" (FAO, 2nd ed. 2003), section "Calculation of the
// composition of dishes prepared from recipes": nutrients of the raw ingredients summed, divided by the cooked
// weight × 100; the weight lost is water. Worked by hand on a tomato sauce and on boiled pasta.
const item = (nutrients: NutrientItem['nutrients'], grams: number): NutrientItem => ({ nutrients, grams, per: '100g', density: null });
const tomatoes = item({ WATER: { value: 94 }, ENERC_KCAL: { value: 20 }, VITC: { value: 15 }, NA: { value: 5 } }, 500);
const oil = item({ WATER: { value: 0, flag: 'traces' }, ENERC_KCAL: { value: 899 }, VITC: { value: null, flag: 'missing' }, NA: { value: 2, flag: 'lt' } }, 30);
const onion = item({ WATER: { value: 89 }, ENERC_KCAL: { value: 40 }, VITC: { value: 7 }, NA: { value: 4 } }, 100);

describe('recipe composition (recipe calculation with a weight yield)', () => {
  it('a sauce weighed cooked: 630 g raw, 420 g cooked, 4 portions', () => {
    const c = recipeComposition([tomatoes, oil, onion], { cookedWeight: 420 }, { count: 4 });
    expect(c.rawWeight).toBe(630);
    expect(c.cookedWeight).toBe(420);
    expect(c.yieldFactor).toBeCloseTo(2 / 3, 10);
    // energy: 100 + 269.7 + 40 = 409.7 kcal in the dish → 97.55 kcal per 100 g cooked
    expect(c.per100g.ENERC_KCAL.value).toBeCloseTo((409.7 / 420) * 100, 10);
    // water: 470 + 0 + 89 = 559 g raw, less the 210 g lost → 349 g in 420 g
    expect(c.per100g.WATER.value).toBeCloseTo((349 / 420) * 100, 10);
    expect(c.portionGrams).toBe(105);
    expect(c.perPortion.ENERC_KCAL.value).toBeCloseTo(409.7 / 4, 10);
  });

  it('propagates a missing value with its count, and "< x" as an upper bound', () => {
    const c = recipeComposition([tomatoes, oil, onion], { cookedWeight: 420 }, { count: 4 });
    expect(c.per100g.VITC).toMatchObject({ missing: 1 });
    expect(c.per100g.VITC.value).toBeCloseTo((82 / 420) * 100, 10);
    expect(totalAsNutrientValue(c.per100g.VITC)).toEqual({ value: null, flag: 'missing' });
    const sodium = totalAsNutrientValue(c.per100g.NA);
    expect(sodium.flag).toBe('lt');
    expect(sodium.value).toBeCloseTo(((25 + 0.6 + 4) / 420) * 100, 10);
    // the tomatoes' and the onion's sodium is known: the "< x" of the oil does not make the sauce's sodium count as 0
    expect(sodium).toMatchObject({ flag: 'lt' });
    expect('atLeast' in sodium && sodium.atLeast).toBeCloseTo(((25 + 4) / 420) * 100, 10);
    expect(totalAsNutrientValue(c.per100g.ENERC_KCAL).flag).toBeUndefined();
  });

  it('a yield factor instead of the cooked weight, portions in grams', () => {
    const c = recipeComposition([tomatoes, oil, onion], { yieldFactor: 0.8 }, { grams: 126 });
    expect(c.cookedWeight).toBeCloseTo(504, 10);
    expect(c.portionCount).toBeCloseTo(4, 10);
    expect(c.per100g.ENERC_KCAL.value).toBeCloseTo((409.7 / 504) * 100, 10);
    expect(c.perPortion.ENERC_KCAL.value).toBeCloseTo(409.7 / 4, 10);
  });

  it('boiled pasta gains water: 100 g dry with a yield factor of 2.5', () => {
    const pasta = item({ WATER: { value: 10 }, CHOAVL: { value: 72 } }, 100);
    const c = recipeComposition([pasta], { yieldFactor: 2.5 }, { count: 1 });
    expect(c.per100g.WATER.value).toBeCloseTo(((10 + 150) / 250) * 100, 10);
    expect(c.per100g.CHOAVL.value).toBeCloseTo(28.8, 10);
  });
});
