/**
 * Dates as the app shows them, in Italian.
 * - Slots are the practice's wall-clock times written as UTC strings (DESIGN "Time"): they are
 *   read and printed in UTC, so no browser zone shifts them.
 * - A calendar day 'YYYY-MM-DD' has no zone: parsed and printed as a local date.
 * - A real instant (a hold's expiry) is printed in the viewer's own zone.
 */
import { addDays, format, parseISO } from 'date-fns';
import { it as itLocale } from 'date-fns/locale/it';

const UTC_DAY_LONG = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 'YYYY-MM-DD' of a local date (today, for the booking window) */
export function isoDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** the days from `today` on, `count` of them: the booking page shows the next 4 weeks */
export function nextDays(today: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => isoDay(addDays(today, i)));
}

/** 'lun 10 mar' */
export function dayShort(day: string): string {
  return format(parseISO(day), 'EEE d MMM', { locale: itLocale });
}

/** '10 mar 2030' */
export function dayWithYear(day: string): string {
  return format(parseISO(day), 'd MMM yyyy', { locale: itLocale });
}

/** 'lunedì 10 marzo' */
export function dayLong(day: string): string {
  return format(parseISO(day), 'EEEE d MMMM', { locale: itLocale });
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
  return UTC_DAY_LONG.format(new Date(iso));
}

/** 'HH:MM' of a real instant in the viewer's zone */
export function localClock(iso: string): string {
  return format(new Date(iso), 'HH:mm');
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

/** '10 marzo 2025, 09:05' of a real instant in the viewer's zone */
export function localDateTime(iso: string): string {
  return format(new Date(iso), 'd MMMM yyyy, HH:mm', { locale: itLocale });
}
