// The partita IVA: 11 digits, the last a check digit (D.P.R. 633/1972, art. 35; the algorithm of the Agenzia delle
// Entrate, Luhn's: odd positions as they are, even positions doubled).

/** partita IVA: 11 digits, the last a Luhn-like check digit (odd positions as is, even positions doubled) */
export function partitaIvaCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = first10.charCodeAt(i) - 48;
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value) || value === '00000000000') return false;
  return partitaIvaCheckDigit(value.slice(0, 10)) === value.charCodeAt(10) - 48;
}
