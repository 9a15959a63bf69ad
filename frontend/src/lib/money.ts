const EURO = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** euro cents as Italian currency text, two decimals and the euro sign: 7200 → "72,00 €" */
export function formatEuro(cents: number): string {
  return EURO.format(cents / 100);
}

/**
 * what an admin types as a price ("72", "72,5", "72,50", "1.234,56", "72.50") to euro cents;
 * null when it is not a positive amount with at most two decimals
 */
export function parseEuroToCents(text: string): number | null {
  const compact = text.trim().replace(/\s|€/g, '');
  // Italian thousands dots before a decimal comma: "1.234,56"
  const normalized = compact.includes(',') ? compact.replace(/\./g, '').replace(',', '.') : compact;
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  const [units, decimals = ''] = normalized.split('.');
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0'));
  return cents > 0 && Number.isSafeInteger(cents) ? cents : null;
}

/** euro cents as the text of a price field: 7250 → "72,50" */
export function centsToEuroInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}
