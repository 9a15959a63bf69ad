/** the longest range GET /disponibilita/json answers */
export const MAX_RANGE_DAYS = 62;

/** why a calendar range cannot be answered, or undefined when it can */
export function availabilityRangeProblem(start: string, end: string): { code: string; message: string } | undefined {
  const from = new Date(start);
  const to = new Date(end);
  if (to <= from) return { code: 'intervallo_non_valido', message: 'La fine dell’intervallo deve seguire l’inizio.' };
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
    return { code: 'intervallo_troppo_ampio', message: `Intervallo troppo ampio: al massimo ${MAX_RANGE_DAYS} giorni.` };
  }
  return undefined;
}
