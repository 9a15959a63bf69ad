const EURO = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** euro cents as Italian currency text, two decimals and the euro sign: 7200 → "72,00 €" */
export function formatEuro(cents: number): string {
  return EURO.format(cents / 100);
}
