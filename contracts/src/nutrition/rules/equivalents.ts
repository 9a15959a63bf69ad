// Equivalents: the grams of a substitute that give the same energy, or the same protein, as the food it replaces
// (the dietitian's "equivalenze": grams_b = grams_a × value_a per 100 g ÷ value_b per 100 g).

export type EquivalenceBasis = 'energia' | 'proteine';
export const EQUIVALENCE_BASIS_LABELS: Record<EquivalenceBasis, string> = { energia: 'stessa energia', proteine: 'stesse proteine' };

/** what the rule reads of a food: its energy and protein per 100 g (null: not known) */
export interface EquivalenceValues {
  kcal100: number | null;
  protein100: number | null;
}

/**
 * The whole grams of `substitute` giving what `grams` of `original` give on the chosen basis; null when either value is
 * missing or the substitute has none of it (no amount of it can match).
 */
export function equivalentGrams(original: EquivalenceValues, grams: number, substitute: EquivalenceValues, basis: EquivalenceBasis): number | null {
  const from = basis === 'energia' ? original.kcal100 : original.protein100;
  const to = basis === 'energia' ? substitute.kcal100 : substitute.protein100;
  if (from === null || to === null || !(to > 0) || !(grams >= 0)) return null;
  return Math.round((from * grams) / to);
}
