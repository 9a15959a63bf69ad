// Anthropometry of a visit: BMI with its WHO class, waist/hip ratio, body fat from skinfolds.

export type Sex = 'F' | 'M';

/** whole years between a birth date and a day (both YYYY-MM-DD) */
export function ageInYears(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = onDate.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** BMI = kg / m², one decimal (WHO) */
export function bodyMassIndex(weightKg: number, heightCm: number): number {
  const metres = heightCm / 100;
  return round(weightKg / (metres * metres), 1);
}

export const BMI_CLASSES = ['sottopeso', 'normopeso', 'sovrappeso', 'obesità di I classe', 'obesità di II classe', 'obesità di III classe'] as const;
export type BmiClass = (typeof BMI_CLASSES)[number];

/**
 * WHO adult classification (WHO, "Obesity: preventing and managing the global epidemic", TRS 894, 2000, table 2.1):
 * < 18,5 / 18,5–24,9 / 25–29,9 / 30–34,9 / 35–39,9 / ≥ 40. It classifies the one-decimal BMI, so the class always
 * agrees with the number shown.
 */
export function bmiClass(bmi: number): BmiClass {
  const shown = round(bmi, 1);
  if (shown < 18.5) return 'sottopeso';
  if (shown < 25) return 'normopeso';
  if (shown < 30) return 'sovrappeso';
  if (shown < 35) return 'obesità di I classe';
  if (shown < 40) return 'obesità di II classe';
  return 'obesità di III classe';
}

/** waist / hip, two decimals */
export function waistHipRatio(waistCm: number, hipCm: number): number {
  return round(waistCm / hipCm, 2);
}

/** Siri (1961): body fat % from body density (g/cm³) */
export function siriBodyFatPercent(density: number): number {
  return (4.95 / density - 4.5) * 100;
}

/**
 * Durnin & Womersley, Br J Nutr 1974;32:77–97, table 3: density = c − m × log10(biceps + triceps + subscapular +
 * suprailiac), by sex and age band (the paper's bands start at 17 years; younger ages use the first band).
 */
const DURNIN_WOMERSLEY: Record<Sex, { fromAge: number; c: number; m: number }[]> = {
  M: [
    { fromAge: 0, c: 1.162, m: 0.063 },
    { fromAge: 20, c: 1.1631, m: 0.0632 },
    { fromAge: 30, c: 1.1422, m: 0.0544 },
    { fromAge: 40, c: 1.162, m: 0.07 },
    { fromAge: 50, c: 1.1715, m: 0.0779 },
  ],
  F: [
    { fromAge: 0, c: 1.1549, m: 0.0678 },
    { fromAge: 20, c: 1.1599, m: 0.0717 },
    { fromAge: 30, c: 1.1423, m: 0.0632 },
    { fromAge: 40, c: 1.1333, m: 0.0612 },
    { fromAge: 50, c: 1.1339, m: 0.0645 },
  ],
};

export interface FourSkinfoldsMm {
  biceps: number;
  triceps: number;
  subscapular: number;
  suprailiac: number;
}

export function durninWomersleyDensity(sex: Sex, age: number, folds: FourSkinfoldsMm): number {
  const band = [...DURNIN_WOMERSLEY[sex]].reverse().find((b) => age >= b.fromAge)!;
  return band.c - band.m * Math.log10(folds.biceps + folds.triceps + folds.subscapular + folds.suprailiac);
}

/** body fat %, one decimal: Durnin–Womersley density, then Siri */
export function durninWomersleyBodyFat(sex: Sex, age: number, folds: FourSkinfoldsMm): number {
  return round(siriBodyFatPercent(durninWomersleyDensity(sex, age, folds)), 1);
}

export interface JacksonPollockFoldsMm {
  chest?: number;
  abdomen?: number;
  thigh?: number;
  triceps?: number;
  suprailiac?: number;
}

/**
 * Jackson–Pollock 3-site density: men chest + abdomen + thigh (Jackson & Pollock, Br J Nutr 1978;40:497–504),
 * women triceps + suprailiac + thigh (Jackson, Pollock & Ward, Med Sci Sports Exerc 1980;12:175–81). Null when a
 * site of the sex is missing.
 */
export function jacksonPollock3Density(sex: Sex, age: number, folds: JacksonPollockFoldsMm): number | null {
  const sites = sex === 'M' ? [folds.chest, folds.abdomen, folds.thigh] : [folds.triceps, folds.suprailiac, folds.thigh];
  if (sites.some((s) => s === undefined)) return null;
  const sum = sites.reduce<number>((a, s) => a + s!, 0);
  return sex === 'M'
    ? 1.10938 - 0.0008267 * sum + 0.0000016 * sum * sum - 0.0002574 * age
    : 1.0994921 - 0.0009929 * sum + 0.0000023 * sum * sum - 0.0001392 * age;
}

/** body fat %, one decimal: Jackson–Pollock 3-site density, then Siri; null when a site is missing */
export function jacksonPollock3BodyFat(sex: Sex, age: number, folds: JacksonPollockFoldsMm): number | null {
  const density = jacksonPollock3Density(sex, age, folds);
  return density === null ? null : round(siriBodyFatPercent(density), 1);
}
