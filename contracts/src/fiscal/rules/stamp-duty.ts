/** Imposta di bollo (DPR 642/1972, tariffa art. 13): 2,00 € on receipts for VAT-exempt amounts above 77,47 € */
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
export const STAMP_DUTY_CENTS = 200;
export function stampDutyCents(amountCents: number): number {
  return amountCents > STAMP_DUTY_THRESHOLD_CENTS ? STAMP_DUTY_CENTS : 0;
}
