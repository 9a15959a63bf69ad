import { LARN_PAL, basalMetabolicRate, harrisBenedictRozaShizgal, larnBmr, mifflinStJeor, palForActivity, totalEnergyNeed } from './energy';

describe('basal metabolic rate', () => {
  it('Mifflin–St Jeor 1990, equations as printed in the paper: man 30 y, 80 kg, 180 cm = 800 + 1125 − 150 + 5 = 1780', () => {
    expect(mifflinStJeor({ sex: 'M', age: 30, weightKg: 80, heightCm: 180 })).toBe(1780);
  });

  it('Mifflin–St Jeor, worked example published by calculatorlib.com ("Basal Energy Expenditure (Mifflin)"): man 30 y, 70 kg, 175 cm = 1648,75 (unrounded; basalMetabolicRate rounds to 1649)', () => {
    expect(mifflinStJeor({ sex: 'M', age: 30, weightKg: 70, heightCm: 175 })).toBe(1648.75);
    expect(basalMetabolicRate('mifflin', { sex: 'M', age: 30, weightKg: 70, heightCm: 175 })).toBe(1649);
  });

  it('Mifflin–St Jeor 1990: woman 25 y, 60 kg, 165 cm = 600 + 1031,25 − 125 − 161 = 1345,25 → 1345', () => {
    expect(basalMetabolicRate('mifflin', { sex: 'F', age: 25, weightKg: 60, heightCm: 165 })).toBe(1345);
  });

  it('Roza & Shizgal 1984: man 30 y, 80 kg, 180 cm = 88,362 + 1071,76 + 863,82 − 170,31 = 1853,6 → 1854', () => {
    expect(harrisBenedictRozaShizgal({ sex: 'M', age: 30, weightKg: 80, heightCm: 180 })).toBeCloseTo(1853.632, 3);
    expect(basalMetabolicRate('harris-benedict', { sex: 'M', age: 30, weightKg: 80, heightCm: 180 })).toBe(1854);
  });

  it('Roza & Shizgal 1984: woman 25 y, 60 kg, 165 cm = 447,593 + 554,82 + 511,17 − 108,25 = 1405,3 → 1405', () => {
    expect(basalMetabolicRate('harris-benedict', { sex: 'F', age: 25, weightKg: 60, heightCm: 165 })).toBe(1405);
  });

  // Coop "Alimenta il tuo benessere" (scheda per le scuole sulle tabelle LARN), p. 27: two worked examples
  it('LARN table, published example: boy of 15 years, 56 kg → 17,7 × 56 + 650 = 1641,2 kcal', () => {
    expect(larnBmr({ sex: 'M', age: 15, weightKg: 56 })).toBeCloseTo(1641.2, 6);
  });
  it('LARN table, published example: Gianluca, 19 years, 70 kg → 15,3 × 70 + 679 = 1750 kcal', () => {
    expect(basalMetabolicRate('larn', { sex: 'M', age: 19, weightKg: 70, heightCm: 0 })).toBe(1750);
  });

  it('LARN table for men changes band at 18, 30, 60 and 75 completed years (70 kg)', () => {
    const at = (age: number) => basalMetabolicRate('larn', { sex: 'M', age, weightKg: 70, heightCm: 0 });
    expect([at(17), at(18), at(29), at(30), at(59), at(60), at(74), at(75)]).toEqual([1889, 1750, 1750, 1691, 1691, 1533, 1533, 1407]);
  });

  it('LARN table for women changes band at 18, 30, 60 and 75 completed years (60 kg)', () => {
    const at = (age: number) => basalMetabolicRate('larn', { sex: 'F', age, weightKg: 60, heightCm: 0 });
    // 13,4·60+693 | 14,7·60+496 | 8,7·60+829 | 9,2·60+688 | 9,8·60+624
    expect([at(17), at(18), at(29), at(30), at(59), at(60), at(74), at(75)]).toEqual([1497, 1378, 1378, 1351, 1351, 1240, 1240, 1212]);
  });

  it('the first bands: under 3 and 3–9 years', () => {
    expect(larnBmr({ sex: 'F', age: 2, weightKg: 12 })).toBeCloseTo(58.3 * 12 - 31, 6);
    expect(larnBmr({ sex: 'F', age: 3, weightKg: 15 })).toBeCloseTo(20.3 * 15 + 485, 6);
    expect(larnBmr({ sex: 'M', age: 9, weightKg: 30 })).toBeCloseTo(22.7 * 30 + 504, 6);
    expect(larnBmr({ sex: 'M', age: 10, weightKg: 30 })).toBeCloseTo(17.7 * 30 + 650, 6);
  });
});

describe('energy need', () => {
  it('is BMR × PAL rounded to a whole kcal (LARN 2014 moderato 1,60: 1750 × 1,6 = 2800)', () => {
    expect(totalEnergyNeed(1750, 1.6)).toBe(2800);
    expect(totalEnergyNeed(1345, 1.45)).toBe(1950);
  });
});

describe('the PAL the anamnesis suggests', () => {
  // LARN 2014 (SINU), the four adult PAL levels, in the order of the record's activity words: 1,45 · 1,60 · 1,75 · 2,10
  it('maps sedentario, leggero, moderato and intenso to the four LARN levels, and nothing to null', () => {
    expect((['sedentario', 'leggero', 'moderato', 'intenso'] as const).map(palForActivity)).toEqual([...LARN_PAL]);
    expect(palForActivity(undefined)).toBeNull();
  });
});
