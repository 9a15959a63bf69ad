/**
 * Numbers, money, dates and times as the whole app shows them: Italian (it-IT) through Intl, one style per purpose.
 *
 * | purpose                                   | function          | example                          |
 * |-------------------------------------------|-------------------|----------------------------------|
 * | a plain quantity (kcal, grams, portions)  | formatNumber      | 1.234 · 0,4 · 10,7               |
 * | grams                                     | formatGrams       | 43,6 g                           |
 * | a percentage                              | formatPercent     | 48 %                             |
 * | money (euro cents)                        | formatEuro        | 72,00 €                          |
 * | an appointment's day (slot, UTC)          | formatSlotDay     | lunedì 23 novembre 2026          |
 * | an appointment's hour (slot, UTC)         | formatSlotTime    | 15:30                            |
 * | a calendar day 'YYYY-MM-DD'               | formatDay         | 23 nov 2026                      |
 * | when something happened (lists, receipts) | formatDateTime    | 23 nov 2026, 15:45               |
 * | an audit instant (to the second)          | formatInstant     | 23 nov 2026, 15:53:15            |
 *
 * Slots are the practice's wall-clock times written as UTC strings (DESIGN "Time") and are printed in UTC;
 * real instants (when an order was paid, a log entry) are printed in the viewer's own zone.
 */
const LOCALE = 'it-IT';

const NUMBER = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });
const EURO = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' });
const SLOT_DAY = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const SLOT_TIME = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const INSTANT = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** a quantity, at most one decimal, Italian separators: 0.4 → "0,4", 1234 → "1.234" */
export function formatNumber(n: number | null | undefined): string {
  return n === null || n === undefined || Number.isNaN(n) ? '—' : NUMBER.format(n);
}

/** 43.6 → "43,6 g" */
export function formatGrams(n: number | null | undefined): string {
  return n === null || n === undefined || Number.isNaN(n) ? '—' : `${NUMBER.format(n)} g`;
}

/** a whole percentage given as 0–100: 48 → "48%" */
export function formatPercent(percent: number): string {
  return PERCENT.format(percent / 100);
}

/** euro cents as Italian currency, two decimals and the euro sign: 7200 → "72,00 €" */
export function formatEuro(cents: number): string {
  return EURO.format(cents / 100);
}

/** the day of a slot instant, read in UTC: "lunedì 23 novembre 2026" */
export function formatSlotDay(iso: string): string {
  return SLOT_DAY.format(new Date(iso));
}

/** the hour of a slot instant, read in UTC: "15:30" */
export function formatSlotTime(iso: string): string {
  return SLOT_TIME.format(new Date(iso));
}

/** a calendar day 'YYYY-MM-DD' (or the day of an ISO instant, in UTC): "23 nov 2026" */
export function formatDay(day: string): string {
  return DAY.format(new Date(day.length === 10 ? `${day}T00:00:00Z` : day));
}

/** when something happened, in the viewer's zone: "23 nov 2026, 15:45" */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** an audit instant to the second, in the viewer's zone: "23 nov 2026, 15:53:15" */
export function formatInstant(iso: string): string {
  return INSTANT.format(new Date(iso));
}
