import type { NutrientTag } from '../catalogue';

// Reference intakes for the Italian population: SINU, "LARN – Livelli di assunzione di riferimento di nutrienti
// ed energia per la popolazione italiana, IV revisione", 2014, summary tables ("tabelle di sintesi"). Adults
// (18–29, 30–59, 60–74, ≥75 years), pregnancy and lactation. Children and adolescents are not here: the minerals
// table for them could not be checked, and a wrong reference is worse than none. Where the LARN separate women of
// childbearing age from women after the menopause (iron, calcium), the caller says which; unsaid, the
// menopause is taken at 50 years.

export type LarnKind = 'PRI' | 'AI' | 'SDT';

export interface LarnTarget {
  value: number;
  /** the catalogue's unit for the tag (sodium and potassium in mg, as the catalogue gives them) */
  unit: 'g' | 'mg' | 'µg';
  /** PRI where the LARN define one, else AI; SDT for the prevention targets (fibre, salt) */
  kind: LarnKind;
  /** an intake to reach (PRI, AI, fibre) or not to exceed (salt) */
  direction: 'atLeast' | 'atMost';
  /** the LARN table the value comes from */
  source: string;
  /** sodium: the SDT, a ceiling beside its AI */
  ceiling?: { value: number; kind: 'SDT'; source: string };
}

export type LarnTargets = Partial<Record<NutrientTag, LarnTarget>>;

export interface LarnSubject {
  sex: 'M' | 'F';
  ageYears: number;
  pregnant?: boolean;
  lactating?: boolean;
  /** a woman after the menopause (iron and calcium); when not said, taken from the age: 50 years or more */
  postMenopausal?: boolean;
}

export const LARN_VITAMINS_SOURCE =
  'LARN 2014 (SINU), tabella di sintesi «Vitamine: assunzione raccomandata per la popolazione (PRI) e assunzione adeguata (AI)»';
export const LARN_MINERALS_SOURCE =
  'LARN 2014 (SINU), tabella di sintesi «Minerali: assunzione raccomandata per la popolazione (PRI) e assunzione adeguata (AI)»';
export const LARN_MINERALS_SDT_SOURCE =
  'LARN 2014 (SINU), tabella di sintesi «Minerali: livello massimo tollerabile di assunzione (UL) e obiettivo nutrizionale per la prevenzione (SDT)»';
export const LARN_FIBRE_SOURCE = 'LARN 2014 (SINU), tabella di sintesi «Carboidrati e fibra alimentare: SDT, AI e RI»';

type Group = 'M18' | 'M60' | 'M75' | 'F18' | 'F60' | 'F75' | 'pregnancy' | 'lactation';
/** one column of a LARN table: the value for each group, in the order of Group */
type Row = [tag: NutrientTag, unit: LarnTarget['unit'], kind: 'PRI' | 'AI', values: Record<Group, number>];

const v = (M18: number, M60: number, M75: number, F18: number, F60: number, F75: number, pregnancy: number, lactation: number): Record<Group, number> => ({
  M18,
  M60,
  M75,
  F18,
  F60,
  F75,
  pregnancy,
  lactation,
});

/**
 * Vitamins, PRI and AI. 18–29 and 30–59 have the same values for every vitamin here, so one column "18"
 * holds both. Pantothenic acid, biotin and vitamin E have no AR in the LARN, hence an AI (in italics in the table).
 */
const VITAMINS: Row[] = [
  ['VITC', 'mg', 'PRI', v(105, 105, 105, 85, 85, 85, 100, 130)],
  ['THIA', 'mg', 'PRI', v(1.2, 1.2, 1.2, 1.1, 1.1, 1.1, 1.4, 1.4)],
  ['RIBF', 'mg', 'PRI', v(1.6, 1.6, 1.6, 1.3, 1.3, 1.3, 1.7, 1.8)],
  ['NIA', 'mg', 'PRI', v(18, 18, 18, 18, 18, 18, 22, 22)],
  ['PANTAC', 'mg', 'AI', v(5, 5, 5, 5, 5, 5, 6, 7)],
  ['VITB6', 'mg', 'PRI', v(1.3, 1.7, 1.7, 1.3, 1.5, 1.5, 1.9, 2.0)],
  ['BIOT', 'µg', 'AI', v(30, 30, 30, 30, 30, 30, 35, 35)],
  ['FOL', 'µg', 'PRI', v(400, 400, 400, 400, 400, 400, 600, 500)],
  ['VITB12', 'µg', 'PRI', v(2.4, 2.4, 2.4, 2.4, 2.4, 2.4, 2.6, 2.8)],
  ['VITA', 'µg', 'PRI', v(700, 700, 700, 600, 600, 600, 700, 1000)],
  ['VITD', 'µg', 'PRI', v(15, 15, 20, 15, 15, 20, 15, 15)],
  ['VITE', 'mg', 'AI', v(13, 13, 13, 12, 12, 12, 12, 15)],
];

/**
 * Minerals, PRI and AI. Iron and calcium for women depend on the menopause (handled below); sodium's AI is
 * given for 18–59 years, pregnancy and lactation only: its values for older adults could not be checked.
 */
const MINERALS: Row[] = [
  ['MG', 'mg', 'PRI', v(240, 240, 240, 240, 240, 240, 240, 240)],
  ['K', 'mg', 'AI', v(3900, 3900, 3900, 3900, 3900, 3900, 3900, 3900)],
  ['ZN', 'mg', 'PRI', v(12, 12, 12, 9, 9, 9, 11, 12)],
];

const postMenopausal = (s: LarnSubject) => s.postMenopausal ?? s.ageYears >= 50;

/** the values that change at the menopause, or with pregnancy and lactation (LARN minerals table) */
function calcium(s: LarnSubject, group: Group): number {
  if (group === 'pregnancy') return 1200;
  if (group === 'lactation') return 1000;
  if (s.sex === 'M') return s.ageYears >= 60 ? 1200 : 1000;
  return postMenopausal(s) ? 1200 : 1000;
}
function iron(s: LarnSubject, group: Group): number {
  if (group === 'pregnancy') return 27;
  if (group === 'lactation') return 11;
  if (s.sex === 'M') return 10;
  return postMenopausal(s) ? 10 : 18;
}

function groupOf(s: LarnSubject): Group {
  if (s.sex === 'F' && s.pregnant) return 'pregnancy';
  if (s.sex === 'F' && s.lactating) return 'lactation';
  const band = s.ageYears >= 75 ? '75' : s.ageYears >= 60 ? '60' : '18';
  return `${s.sex}${band}` as Group;
}

/**
 * The LARN reference intakes for a person, keyed by INFOODS tag. Under 18 years: none (see above).
 * Pregnancy takes precedence over lactation; both apply only to women.
 */
export function larnTargets(subject: LarnSubject): LarnTargets {
  if (!(subject.ageYears >= 18)) return {};
  const group = groupOf(subject);
  const targets: LarnTargets = {};
  const put = (rows: Row[], source: string) => {
    for (const [tag, unit, kind, values] of rows) targets[tag] = { value: values[group], unit, kind, direction: 'atLeast', source };
  };
  put(VITAMINS, LARN_VITAMINS_SOURCE);
  put(MINERALS, LARN_MINERALS_SOURCE);
  targets.CA = { value: calcium(subject, group), unit: 'mg', kind: 'PRI', direction: 'atLeast', source: LARN_MINERALS_SOURCE };
  targets.FE = { value: iron(subject, group), unit: 'mg', kind: 'PRI', direction: 'atLeast', source: LARN_MINERALS_SOURCE };
  // sodium: AI 1.5 g/day at 18–59 years, in pregnancy and lactation, 1.2 g at 60–74, 1.1 g from 75; for every adult the SDT:
  // not above 2.0 g/day
  const sodiumCeiling = { value: 2000, kind: 'SDT' as const, source: LARN_MINERALS_SDT_SOURCE };
  const sodiumAi = subject.ageYears < 60 || group === 'pregnancy' || group === 'lactation' ? 1500 : subject.ageYears < 75 ? 1200 : 1100;
  targets.NA = { value: sodiumAi, unit: 'mg', kind: 'AI', direction: 'atLeast', source: LARN_MINERALS_SOURCE, ceiling: sodiumCeiling };
  // salt: 5 g/day at most, the sodium SDT of 2.0 g expressed as sodium chloride
  targets.NACL = { value: 5, unit: 'g', kind: 'SDT', direction: 'atMost', source: LARN_MINERALS_SDT_SOURCE };
  // fibre: 12.6–16.7 g per 1000 kcal, and at least 25 g/day even when the energy intake is lower
  targets.FIBTG = { value: 25, unit: 'g', kind: 'SDT', direction: 'atLeast', source: LARN_FIBRE_SOURCE };
  return targets;
}

/** how much of the target an intake reaches, in percent (rounded), or null without a target */
export function percentOfTarget(intake: number, target: LarnTarget | undefined): number | null {
  if (!target || !(target.value > 0)) return null;
  return Math.round((intake / target.value) * 100);
}
