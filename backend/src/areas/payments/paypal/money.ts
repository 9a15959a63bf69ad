// Exact conversion between integer cents and PayPal "value" strings. No floating point anywhere.

const VALUE_RE = /^(\d+)(?:\.(\d{1,2}))?$/;

/** 8000 → '80.00', 5 → '0.05'. Rejects negatives, fractions and unsafe integers. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`Importo in centesimi non valido: ${cents}`);
  }
  const euros = Math.trunc(cents / 100);
  const rest = cents % 100;
  return `${euros}.${rest.toString().padStart(2, '0')}`;
}

/** '72.00' → 7200, '72' → 7200, '0.5' → 50. Rejects >2 decimals, signs, exponents, blanks. */
export function valueToCents(value: string): number {
  const m = VALUE_RE.exec(value);
  if (!m) throw new RangeError(`Importo PayPal non valido: '${value}'`);
  const whole = m[1];
  const frac = (m[2] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(frac);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Importo PayPal fuori scala: '${value}'`);
  return cents;
}
