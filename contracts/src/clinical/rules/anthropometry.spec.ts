import { ageInYears, bmiClass, bodyMassIndex, durninWomersleyBodyFat, jacksonPollock3BodyFat, siriBodyFatPercent, waistHipRatio } from './anthropometry';

describe('BMI and its WHO class', () => {
  it('CDC "Adult BMI calculator" worked example: 68 kg, 165 cm → 68 ÷ 1,65² = 24,98, shown 25,0 and so sovrappeso', () => {
    expect(bodyMassIndex(68, 165)).toBe(25);
    expect(bmiClass(bodyMassIndex(68, 165))).toBe('sovrappeso');
  });

  it('WHO TRS 894 (2000) cut-offs, on both sides of each: 18,5 / 25 / 30 / 35 / 40', () => {
    expect(bmiClass(18.4)).toBe('sottopeso');
    expect(bmiClass(18.5)).toBe('normopeso');
    expect(bmiClass(24.9)).toBe('normopeso');
    expect(bmiClass(25)).toBe('sovrappeso');
    expect(bmiClass(29.9)).toBe('sovrappeso');
    expect(bmiClass(30)).toBe('obesità di I classe');
    expect(bmiClass(34.9)).toBe('obesità di I classe');
    expect(bmiClass(35)).toBe('obesità di II classe');
    expect(bmiClass(39.9)).toBe('obesità di II classe');
    expect(bmiClass(40)).toBe('obesità di III classe');
  });

  it('classifies the one-decimal value shown, not the raw ratio (24,96 is shown 25,0)', () => {
    expect(bmiClass(24.96)).toBe('sovrappeso');
    expect(bmiClass(24.94)).toBe('normopeso');
  });
});

describe('age and ratios', () => {
  it('counts completed years: the day before the birthday is one year less', () => {
    expect(ageInYears('1990-06-15', '2020-06-14')).toBe(29);
    expect(ageInYears('1990-06-15', '2020-06-15')).toBe(30);
  });

  it('waist/hip to two decimals (WHO 2008 expert consultation example: 94 cm / 100 cm = 0,94)', () => {
    expect(waistHipRatio(94, 100)).toBe(0.94);
    expect(waistHipRatio(80, 102)).toBe(0.78);
  });
});

describe('body fat from skinfolds', () => {
  it('Siri (1961): density 1,1 g/cm³ is 0 % fat and 0,9 g/cm³ is 100 % (his two-compartment reference densities)', () => {
    expect(siriBodyFatPercent(1.1)).toBeCloseTo(0, 6);
    expect(siriBodyFatPercent(0.9)).toBeCloseTo(100, 6);
  });

  it('Durnin & Womersley 1974 table 3, man 20–29, Σ4 = 40 mm: D = 1,1631 − 0,0632·log10 40 = 1,0619 → Siri 16,2 %', () => {
    expect(durninWomersleyBodyFat('M', 25, { biceps: 5, triceps: 10, subscapular: 13, suprailiac: 12 })).toBe(16.2);
  });

  it('Durnin & Womersley 1974, the paper’s table of body fat by Σ4 skinfolds (men, 40 mm: 19,2 / 21,4 / 22,9 % at 30–39 / 40–49 / 50–72; as reproduced by medicalalgorithms.com)', () => {
    const folds = { biceps: 5, triceps: 10, subscapular: 13, suprailiac: 12 };
    expect(durninWomersleyBodyFat('M', 35, folds)).toBeCloseTo(19.2, 1);
    expect(Math.abs(durninWomersleyBodyFat('M', 45, folds) - 21.4)).toBeLessThanOrEqual(0.11);
    expect(durninWomersleyBodyFat('M', 60, folds)).toBeCloseTo(22.9, 1);
    // the table's 17–29 column (16,4 %) pools the 17–19 and 20–29 equations; the 20–29 equation gives 16,2 %
    expect(Math.abs(durninWomersleyBodyFat('M', 25, folds) - 16.4)).toBeLessThanOrEqual(0.3);
  });

  it('Durnin & Womersley 1974 switches coefficients at the age bands (woman, Σ4 = 50 mm, 29 vs 30 and 49 vs 50 years)', () => {
    const folds = { biceps: 8, triceps: 16, subscapular: 13, suprailiac: 13 };
    // 29: 1,1599 − 0,0717·log10 50 = 1,03809 → 26,8 %; 30: 1,1423 − 0,0632·log10 50 = 1,03493 → 28,3 %
    expect(durninWomersleyBodyFat('F', 29, folds)).toBe(26.8);
    expect(durninWomersleyBodyFat('F', 30, folds)).toBe(28.3);
    // 49: 1,1333 − 0,0612·log10 50 = 1,02932 → 30,9 %; 50: 1,1339 − 0,0645·log10 50 = 1,02432 → 33,2 %
    expect(durninWomersleyBodyFat('F', 49, folds)).toBe(30.9);
    expect(durninWomersleyBodyFat('F', 50, folds)).toBe(33.2);
  });

  it('Jackson & Pollock 1978, man 30 years, chest 10 + abdomen 20 + thigh 15 = 45 mm: D = 1,06770 → Siri 13,6 %', () => {
    expect(jacksonPollock3BodyFat('M', 30, { chest: 10, abdomen: 20, thigh: 15 })).toBe(13.6);
  });

  it('Jackson, Pollock & Ward 1980, woman 25 years, triceps 18 + suprailiac 14 + thigh 26 = 58 mm: D = 1,04616 → Siri 23,2 %', () => {
    expect(jacksonPollock3BodyFat('F', 25, { triceps: 18, suprailiac: 14, thigh: 26 })).toBe(23.2);
  });

  it('Jackson–Pollock needs all three sites of the sex', () => {
    expect(jacksonPollock3BodyFat('M', 30, { chest: 10, abdomen: 20 })).toBeNull();
    expect(jacksonPollock3BodyFat('F', 30, { chest: 10, abdomen: 20, thigh: 15 })).toBeNull();
  });
});
