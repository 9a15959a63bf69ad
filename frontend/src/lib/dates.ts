/**
 * Dates as the app shows them, in Italian.
 * - Slots are the practice's wall-clock times written as UTC strings (DESIGN "Time"): they are
 *   read and printed in UTC, so no browser zone shifts them.
 * - A calendar day 'YYYY-MM-DD' has no zone: parsed and printed as a local date.
 * - A real instant (a hold's expiry) is printed in the viewer's own zone.
 */
import { formatDateTime, formatDay, formatSlotDay } from './format';

// Intl, not a date library: these labels are on the booking page, whose first download stays small
const pad2 = (n: number) => String(n).padStart(2, '0');
/** a calendar day has no zone: it is printed as the UTC midnight of its date, in UTC */
const DAY_SHORT = new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
const DAY_LONG = new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const utcMidnight = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** 'YYYY-MM-DD' of a local date (today, for the booking window) */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** the days from `today` on, `count` of them: the booking page shows the next 4 weeks */
export function nextDays(today: Date, count: number): string[] {
  // calendar arithmetic on the local date (a DST change moves no day)
  return Array.from({ length: count }, (_, i) => isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + i)));
}

/** 'lun 10 mar' */
export function dayShort(day: string): string {
  return DAY_SHORT.format(utcMidnight(day));
}

/** '10 mar 2030' (lib/format: one style for a calendar day) */
export function dayWithYear(day: string): string {
  return formatDay(day);
}

/** 'lunedì 10 marzo' */
export function dayLong(day: string): string {
  return DAY_LONG.format(utcMidnight(day));
}

/** the practice day of a slot instant: 'YYYY-MM-DD' read in UTC */
export function utcDay(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

/** 'HH:MM' of a slot instant, read in UTC */
export function utcClock(iso: string): string {
  return new Date(iso).toISOString().slice(11, 16);
}

/** 'lunedì 10 marzo 2025' of a slot instant, read in UTC */
export function utcDayLong(iso: string): string {
  return formatSlotDay(iso);
}

/** 'HH:MM' of a real instant in the viewer's zone */
export function localClock(iso: string): string {
  const date = new Date(iso);
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** '9:05' or '1:02:03': what is left until an instant, never negative */
export function countdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** '10 mar 2025, 09:05' of a real instant in the viewer's zone (lib/format: one style for "when it happened") */
export function localDateTime(iso: string): string {
  return formatDateTime(iso);
}
