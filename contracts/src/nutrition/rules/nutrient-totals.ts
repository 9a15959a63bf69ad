import { NUTRIENT_TAGS, type NutrientProfile, type NutrientTag } from '../catalogue';

// Nutrient totals of what is eaten: a meal, a day, the average day of a plan. A value the table does not give
// ("-", or a tag its table has no column for) is never counted as 0: the total says for how many foods it is
// missing. Traces count as 0. A value given as "< x" counts as 0 in `value` (so `value` stays a lower bound
// of the truth), or as its `atLeast` when it has one (a recipe with one "< x" ingredient), and as x in `atMost`.

/** one food eaten: its values per 100 g or per 100 ml and the grams eaten */
export interface NutrientItem {
  nutrients: NutrientProfile;
  grams: number;
  per: '100g' | '100ml';
  /** g/ml; a food per 100 ml without a density is taken at 1 g/ml */
  density: number | null;
}

export interface NutrientTotal {
  /** the sum over the foods that give a value (traces and "< x" counted as 0) */
  value: number;
  /** how many foods lack a value for it */
  missing: number;
  /** some food gave "< x": `value` is a lower bound and `atMost` the sum with each "< x" counted as x */
  lowerBound: boolean;
  atMost: number;
}

export type NutrientTotals = Record<NutrientTag, NutrientTotal>;

const TAG_COUNT = NUTRIENT_TAGS.length;

/** running sums, one slot per tag in NUTRIENT_TAGS order (plain arrays: a week of meals sums in well under a millisecond) */
interface Accumulator {
  value: Float64Array;
  atMost: Float64Array;
  missing: Uint32Array;
  lt: Uint8Array;
}

function accumulator(): Accumulator {
  return { value: new Float64Array(TAG_COUNT), atMost: new Float64Array(TAG_COUNT), missing: new Uint32Array(TAG_COUNT), lt: new Uint8Array(TAG_COUNT) };
}

/** how many times its values per 100 the grams eaten are */
export function portionFactor(item: Pick<NutrientItem, 'grams' | 'per' | 'density'>): number {
  const amount = item.per === '100ml' ? item.grams / (item.density && item.density > 0 ? item.density : 1) : item.grams;
  return amount / 100;
}

function add(acc: Accumulator, item: NutrientItem): void {
  const factor = portionFactor(item);
  for (let i = 0; i < TAG_COUNT; i++) {
    const v = item.nutrients[NUTRIENT_TAGS[i]];
    if (!v || v.value === null) {
      acc.missing[i]++;
    } else if (v.flag === 'lt') {
      acc.lt[i] = 1;
      acc.value[i] += (v.atLeast ?? 0) * factor;
      acc.atMost[i] += v.value * factor;
    } else if (v.flag !== 'traces') {
      acc.value[i] += v.value * factor;
      acc.atMost[i] += v.value * factor;
    }
  }
}

function result(acc: Accumulator, divisor = 1): NutrientTotals {
  const totals = {} as NutrientTotals;
  for (let i = 0; i < TAG_COUNT; i++) {
    totals[NUTRIENT_TAGS[i]] = {
      value: acc.value[i] / divisor,
      missing: acc.missing[i],
      lowerBound: acc.lt[i] === 1,
      atMost: acc.atMost[i] / divisor,
    };
  }
  return totals;
}

/** the totals of one meal (or of any list of foods) */
export function mealTotals(items: readonly NutrientItem[]): NutrientTotals {
  const acc = accumulator();
  for (const item of items) add(acc, item);
  return result(acc);
}

/** the totals of a day: its meals, each a list of foods */
export function dayTotals(meals: readonly (readonly NutrientItem[])[]): NutrientTotals {
  const acc = accumulator();
  for (const meal of meals) for (const item of meal) add(acc, item);
  return result(acc);
}

/**
 * The average day of a plan: the days' sum divided by the number of days. `missing` counts every food of
 * the plan that lacks the value (a food eaten on three days counts three times). An empty plan: all zero.
 */
export function planAverageTotals(days: readonly (readonly (readonly NutrientItem[])[])[]): NutrientTotals {
  const acc = accumulator();
  for (const day of days) for (const meal of day) for (const item of meal) add(acc, item);
  return result(acc, Math.max(days.length, 1));
}

/** "valore mancante per 1 alimento" / "valore mancante per 3 alimenti", or null when nothing is missing */
export function missingValueNote(missing: number): string | null {
  if (missing <= 0) return null;
  return `valore mancante per ${missing} ${missing === 1 ? 'alimento' : 'alimenti'}`;
}
