// Basal metabolic rate and total energy need (BMR × physical activity level).
import type { Sex } from './anthropometry';

export const BMR_EQUATIONS = ['mifflin', 'harris-benedict', 'larn'] as const;
export type BmrEquation = (typeof BMR_EQUATIONS)[number];

export interface BmrInput {
  sex: Sex;
  age: number;
  weightKg: number;
  heightCm: number;
}

/** Mifflin, St Jeor et al., Am J Clin Nutr 1990;51:241–7: 10 W + 6,25 H − 5 A + 5 (men) or − 161 (women) */
export function mifflinStJeor({ sex, age, weightKg, heightCm }: BmrInput): number {
  return 10 * weightKg + 6.25 * heightCm - 5 * age + (sex === 'M' ? 5 : -161);
}

/** Harris–Benedict as revised by Roza & Shizgal, Am J Clin Nutr 1984;40:168–82 */
export function harrisBenedictRozaShizgal({ sex, age, weightKg, heightCm }: BmrInput): number {
  return sex === 'M' ? 88.362 + 13.397 * weightKg + 4.799 * heightCm - 5.677 * age : 447.593 + 9.247 * weightKg + 3.098 * heightCm - 4.33 * age;
}

/**
 * The weight-only equations the LARN adopt (SINU, LARN IV revisione 2014, capitolo "Energia", tabella delle equazioni
 * per il metabolismo di base da peso corporeo, kcal/die): FAO/WHO/UNU 1985 (from Schofield 1985) below 60 years, the
 * Italian equations for 60–74 and ≥ 75 years. Bands by completed years: `fromAge` inclusive.
 */
export const LARN_BMR_TABLE: Record<Sex, { fromAge: number; perKg: number; plus: number }[]> = {
  M: [
    { fromAge: 0, perKg: 59.5, plus: -31 },
    { fromAge: 3, perKg: 22.7, plus: 504 },
    { fromAge: 10, perKg: 17.7, plus: 650 },
    { fromAge: 18, perKg: 15.3, plus: 679 },
    { fromAge: 30, perKg: 11.6, plus: 879 },
    { fromAge: 60, perKg: 11.9, plus: 700 },
    { fromAge: 75, perKg: 8.4, plus: 819 },
  ],
  F: [
    { fromAge: 0, perKg: 58.3, plus: -31 },
    { fromAge: 3, perKg: 20.3, plus: 485 },
    { fromAge: 10, perKg: 13.4, plus: 693 },
    { fromAge: 18, perKg: 14.7, plus: 496 },
    { fromAge: 30, perKg: 8.7, plus: 829 },
    { fromAge: 60, perKg: 9.2, plus: 688 },
    { fromAge: 75, perKg: 9.8, plus: 624 },
  ],
};

export function larnBmr({ sex, age, weightKg }: Pick<BmrInput, 'sex' | 'age' | 'weightKg'>): number {
  const band = [...LARN_BMR_TABLE[sex]].reverse().find((b) => age >= b.fromAge)!;
  return band.perKg * weightKg + band.plus;
}

/** BMR in kcal/day, rounded to a whole kcal */
export function basalMetabolicRate(equation: BmrEquation, input: BmrInput): number {
  const kcal = equation === 'mifflin' ? mifflinStJeor(input) : equation === 'harris-benedict' ? harrisBenedictRozaShizgal(input) : larnBmr(input);
  return Math.round(kcal);
}

/** the physical activity levels the LARN 2014 propose for adults (sedentario, leggero, moderato, intenso) */
export const LARN_PAL = [1.45, 1.6, 1.75, 2.1] as const;
export const PAL_MIN = 1.0;

/** the anamnesis' physical activity (lifestyle.activity), as the record's form words it */
export type ActivityLevel = 'sedentario' | 'leggero' | 'moderato' | 'intenso';
const PAL_OF_ACTIVITY: Record<ActivityLevel, (typeof LARN_PAL)[number]> = { sedentario: 1.45, leggero: 1.6, moderato: 1.75, intenso: 2.1 };
/** the LARN 2014 PAL of the activity the anamnesis records, in the order of LARN_PAL; null when none is recorded */
export function palForActivity(activity: ActivityLevel | undefined | null): number | null {
  return activity ? PAL_OF_ACTIVITY[activity] : null;
}
export const PAL_MAX = 2.5;

/** total daily energy expenditure = BMR × PAL, whole kcal */
export function totalEnergyNeed(bmrKcal: number, pal: number): number {
  return Math.round(bmrKcal * pal);
}
