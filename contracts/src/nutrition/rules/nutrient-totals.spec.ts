import { dayTotals, mealTotals, missingValueNote, planAverageTotals, portionFactor, type NutrientItem } from './nutrient-totals';

// The intake of a food is its value per 100 g × grams eaten / 100, the use of a composition table (Greenfield &
// Southgate, "Food composition data", FAO 2003); values here are made up, the arithmetic is the point.
const pasta: NutrientItem = {
  nutrients: { ENERC_KCAL: { value: 353 }, PROCNT: { value: 13 }, NA: { value: 3, flag: 'lt' }, VITC: { value: 0, flag: 'traces' }, FE: { value: 1.4 } },
  grams: 80,
  per: '100g',
  density: null,
};
const oil: NutrientItem = {
  nutrients: { ENERC_KCAL: { value: 899 }, PROCNT: { value: 0, flag: 'traces' }, NA: { value: null, flag: 'missing' }, VITC: { value: 0 } },
  grams: 10,
  per: '100g',
  density: null,
};
const milk: NutrientItem = { nutrients: { ENERC_KCAL: { value: 64 }, CA: { value: 120 } }, grams: 206, per: '100ml', density: 1.03 };

describe('nutrient totals', () => {
  it('sums value × grams / 100 for every tag', () => {
    const t = mealTotals([pasta, oil]);
    expect(t.ENERC_KCAL).toMatchObject({ missing: 0, lowerBound: false });
    expect(t.ENERC_KCAL.value).toBeCloseTo(372.3, 10);
    expect(t.ENERC_KCAL.atMost).toBeCloseTo(372.3, 10);
    expect(t.PROCNT.value).toBeCloseTo(10.4, 10);
  });

  it('never counts a missing value as 0: it says for how many foods it is missing', () => {
    const t = mealTotals([pasta, oil]);
    // oil's sodium is "-", pasta's iron is given and oil has no iron column at all
    expect(t.NA.missing).toBe(1);
    expect(t.FE).toMatchObject({ missing: 1 });
    expect(t.FE.value).toBeCloseTo(1.12, 10);
    expect(t.CA.missing).toBe(2);
    expect(missingValueNote(t.CA.missing)).toBe('valore mancante per 2 alimenti');
    expect(missingValueNote(1)).toBe('valore mancante per 1 alimento');
    expect(missingValueNote(0)).toBeNull();
  });

  it('counts the known part of a "< x" value (a recipe with one "< x" ingredient) in the value, x in the upper end', () => {
    const soup: NutrientItem = { nutrients: { FE: { value: 1.25, flag: 'lt', atLeast: 1.2 } }, grams: 200, per: '100g', density: null };
    const t = mealTotals([soup, pasta]);
    // 1.2 × 2 + 1.4 × 0.8 = 3.52 mg at least; 1.25 × 2 + 1.12 = 3.62 mg at most
    expect(t.FE).toMatchObject({ missing: 0, lowerBound: true });
    expect(t.FE.value).toBeCloseTo(3.52, 10);
    expect(t.FE.atMost).toBeCloseTo(3.62, 10);
  });

  it('counts traces as 0 and keeps "< x" as a lower bound with its upper end', () => {
    const t = mealTotals([pasta, oil]);
    expect(t.VITC).toEqual({ value: 0, missing: 0, lowerBound: false, atMost: 0 });
    expect(t.NA.lowerBound).toBe(true);
    expect(t.NA.value).toBe(0);
    expect(t.NA.atMost).toBeCloseTo(2.4, 10);
  });

  it('turns millilitres into grams with the density (206 g of milk at 1.03 g/ml are 200 ml)', () => {
    expect(portionFactor(milk)).toBeCloseTo(2, 10);
    expect(mealTotals([milk]).CA.value).toBeCloseTo(240, 10);
    expect(portionFactor({ grams: 150, per: '100ml', density: null })).toBe(1.5);
  });

  it('adds the meals of a day and averages the days of a plan, missing counted per food eaten', () => {
    const day1 = [[pasta, oil], [milk]];
    const day2 = [[pasta]];
    const day = dayTotals(day1);
    expect(day.ENERC_KCAL.value).toBeCloseTo(282.4 + 89.9 + 128, 10);
    expect(day.CA).toMatchObject({ missing: 2 });
    const week = planAverageTotals([day1, day2]);
    expect(week.ENERC_KCAL.value).toBeCloseTo((282.4 + 89.9 + 128 + 282.4) / 2, 10);
    expect(week.FE.missing).toBe(2);
    expect(week.FE.value).toBeCloseTo((1.12 + 1.12) / 2, 10);
    expect(planAverageTotals([]).ENERC_KCAL).toEqual({ value: 0, missing: 0, lowerBound: false, atMost: 0 });
  });
});
