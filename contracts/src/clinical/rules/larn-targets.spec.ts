import { larnDefaultTargets, percentDifference, targetGrams } from './larn-targets';

describe('LARN 2014 default targets', () => {
  it('SINU LARN 2014 tables: protein PRI 0,9 g/kg (1,1 from 60 years), carbs 45–60 %E, sugars < 15 %E, fat 20–35 %E, SFA < 10 %E, fibre 12,6–16,7 g/1000 kcal', () => {
    const t = larnDefaultTargets(2000, 40);
    expect(t.protein).toEqual({ unit: 'g/kg', value: 0.9 });
    expect(larnDefaultTargets(2000, 59).protein.value).toBe(0.9);
    expect(larnDefaultTargets(2000, 60).protein.value).toBe(1.1);
    expect(t.carbohydratePercentE).toEqual({ min: 45, max: 60 });
    expect(t.sugarsMaxPercentE).toBe(15);
    expect(t.fatPercentE).toEqual({ min: 20, max: 35 });
    expect(t.saturatedMaxPercentE).toBe(10);
    expect(t.fibreGPer1000Kcal).toEqual({ min: 12.6, max: 16.7 });
  });

  it('turns the targets into grams: 2000 kcal, 70 kg → protein 63 g, carbs 225–300 g, fat 44–78 g', () => {
    expect(targetGrams(larnDefaultTargets(2000, 40), 70)).toEqual({
      energyKcal: 2000,
      proteinG: 63,
      carbohydrateG: { min: 225, max: 300 },
      fatG: { min: 44, max: 78 },
    });
    expect(targetGrams({ ...larnDefaultTargets(2000, 40), protein: { unit: '%E', value: 15 } }, null).proteinG).toBe(75);
    expect(targetGrams(larnDefaultTargets(2000, 40), null).proteinG).toBeNull();
  });

  it('percent difference from the target, signed', () => {
    expect(percentDifference(1800, 2000)).toBe(-10);
    expect(percentDifference(2300, 2000)).toBe(15);
    expect(percentDifference(5, 0)).toBeNull();
  });
});
