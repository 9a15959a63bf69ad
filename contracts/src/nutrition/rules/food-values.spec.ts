import { catalogueItemOf, nutrientChanges, planLookup, valuesChanged, type FoodValues } from './food-values';

// CIQUAL 2025 "Bresaola" (28503): 172 kcal, 32.8 g protein per 100 g
const bresaola: FoodValues = {
  name: 'Bresaola',
  source: 'ciqual',
  version: '2025-11-03',
  group: 'Carni, uova e pesci',
  baseWeight: 50,
  nutrients: { ENERC_KCAL: { value: 172 }, PROCNT: { value: 32.8 }, FAT: { value: 2.6 }, CHOAVL: { value: 0, flag: 'traces' } },
};

describe('values kept with a plan', () => {
  it('give the calculations energy and macronutrients per 100 g; a missing value is unknown, not 0', () => {
    expect(catalogueItemOf(bresaola)).toEqual({ name: 'Bresaola', kcal100: 172, baseWeight: 50, protein: 32.8, carbohydrate: 0, fat: 2.6 });
    expect(catalogueItemOf({ ...bresaola, nutrients: { ENERC_KCAL: { value: 172 }, FAT: { value: null, flag: 'missing' } } }).fat).toBeNull();
  });

  it('one lookup: numbers through the practice catalogue, catalogue ids through the kept values only', () => {
    const practice = (item: number) => (item === 1 ? { name: 'Pasta', kcal100: 353, baseWeight: 80, protein: 13, carbohydrate: 74, fat: 1.2 } : undefined);
    const lookup = planLookup(practice, { 'ciqual-28503': bresaola });
    expect(lookup(1)?.name).toBe('Pasta');
    expect(lookup('ciqual-28503')?.kcal100).toBe(172);
    expect(lookup('ciqual-1')).toBeUndefined();
    expect(lookup('toString')).toBeUndefined();
  });

  it('tell what a new import changed, nutrient by nutrient', () => {
    const newer: FoodValues = { ...bresaola, version: '2026-05-01', nutrients: { ...bresaola.nutrients, ENERC_KCAL: { value: 168 } } };
    expect(nutrientChanges(bresaola, newer)).toEqual([{ tag: 'ENERC_KCAL', label: 'Energia', unit: 'kcal', saved: 172, current: 168 }]);
    expect(valuesChanged(bresaola, newer)).toBe(true);
    expect(valuesChanged(bresaola, { ...bresaola })).toBe(false);
  });
});
