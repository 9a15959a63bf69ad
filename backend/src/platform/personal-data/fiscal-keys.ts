/**
 * Fiscal documents outlive the patient's erasure for the legal period: art. 2220 c.c. keeps accounting records ten
 * years, and GDPR art. 17(3)(b) lets what a legal obligation requires stay. A receipt's patient fields are sealed twice:
 * with the patient's key (gone on erasure) and with a fiscal key per doctor and year (subject `fiscal:<doctorId>:<year>`),
 * which is kept until the period ends and then shredded by FiscalRetentionService (backend/src/areas/fiscal).
 */
export const FISCAL_RETENTION_YEARS = 10;
const PREFIX = 'fiscal:';

export function fiscalKeyId(doctorId: string, year: number): string {
  return `${PREFIX}${doctorId}:${year}`;
}

export function isFiscalKeyId(subjectId: string): boolean {
  return subjectId.startsWith(PREFIX);
}

/** a year's documents are kept through 31 December of year + 10 (counted from the last entry of that year) */
export function fiscalKeyExpired(subjectId: string, today: Date): boolean {
  const year = Number(subjectId.slice(subjectId.lastIndexOf(':') + 1));
  return Number.isInteger(year) && today.getUTCFullYear() > year + FISCAL_RETENTION_YEARS;
}
