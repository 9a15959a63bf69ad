import {
  ageInYears,
  basalMetabolicRate,
  bmiClass,
  bodyMassIndex,
  durninWomersleyBodyFat,
  jacksonPollock3BodyFat,
  totalEnergyNeed,
  waistHipRatio,
  type BmrEquation,
  type ClinicalRecordContent,
  type EnergyView,
  type MeasurementRequest,
  type MeasurementView,
} from '@studio/contracts';
import { AppError } from '../../../platform/common/errors';

// the figures computed from a record (a measurement's BMI and body fat, the energy need): pure, from the formulas
// of the clinical area's rules in the contracts

/** a measurement with its derived values; body fat needs the record's sex and birth date */
export function derived(m: MeasurementRequest & { id: string }, record: ClinicalRecordContent | null): MeasurementView {
  const bmi = bodyMassIndex(m.weightKg, m.heightCm);
  const age = record ? ageInYears(record.birthDate, m.date) : null;
  const folds = m.skinfoldsMm ?? {};
  const four = folds.biceps && folds.triceps && folds.subscapular && folds.suprailiac;
  return {
    ...m,
    bmi,
    bmiClass: bmiClass(bmi),
    waistHipRatio: m.waistCm && m.hipCm ? waistHipRatio(m.waistCm, m.hipCm) : null,
    bodyFatPercent:
      record && age !== null && four
        ? durninWomersleyBodyFat(record.sex, age, {
            biceps: folds.biceps!,
            triceps: folds.triceps!,
            subscapular: folds.subscapular!,
            suprailiac: folds.suprailiac!,
          })
        : null,
    bodyFatJacksonPollockPercent: record && age !== null ? jacksonPollock3BodyFat(record.sex, age, folds) : null,
  };
}

/** BMR and TDEE from the latest measurement and the record; an Italian 422 names what is missing */
export function energyFrom(opened: { record: ClinicalRecordContent | null; measurements: MeasurementView[] }, equation: BmrEquation, pal: number): EnergyView {
  const missing: string[] = [];
  if (!opened.record) missing.push('sesso e data di nascita (cartella clinica)');
  const latest = opened.measurements.at(-1);
  if (!latest) missing.push('una misurazione di peso e altezza');
  if (missing.length) throw new UnprocessableError(`Per calcolare il fabbisogno energetico mancano: ${missing.join(', ')}.`);
  const age = ageInYears(opened.record!.birthDate, latest!.date);
  if (equation !== 'larn' && age < 18)
    throw new UnprocessableError(
      `L’equazione ${equation === 'mifflin' ? 'di Mifflin–St Jeor' : 'di Harris–Benedict'} vale per gli adulti: sotto i 18 anni usa le equazioni LARN.`,
    );
  const bmrKcal = basalMetabolicRate(equation, { sex: opened.record!.sex, age, weightKg: latest!.weightKg, heightCm: latest!.heightCm });
  return { equation, pal, bmrKcal, tdeeKcal: totalEnergyNeed(bmrKcal, pal), measurementDate: latest!.date, age };
}

/** the request is fine, the record lacks what the computation needs: 422 */
class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, 'dati_mancanti', message);
  }
}
