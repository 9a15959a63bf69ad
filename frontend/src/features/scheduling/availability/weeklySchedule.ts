import { WeeklySchedule, type TimeRange } from '@studio/contracts';

/** every half hour of a day, 'HH:MM' from 00:00 to 24:00: the schedule's ranges start and end on them */
export const HALF_HOURS: readonly string[] = Array.from({ length: 49 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

export type Week = TimeRange[][];

/** seven closed days, Monday first */
export const emptyWeek = (): Week => Array.from({ length: 7 }, () => []);

/** the next range of a day: after the last one (1 hour), or the morning when the day has none */
export function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  if (!last) return { from: '09:00', to: '13:00' };
  const i = Math.min(HALF_HOURS.indexOf(last.to) + 2, 47);
  return { from: HALF_HOURS[i], to: HALF_HOURS[Math.min(i + 8, 48)] };
}

/** Monday's ranges onto Tuesday–Friday; the weekend stays as it is */
export function copyMondayToWeekdays(week: Week): Week {
  return week.map((ranges, i) => (i >= 1 && i <= 4 ? week[0].map((r) => ({ ...r })) : ranges));
}

/** the contracts' rules before sending: the week, or the first Italian message */
export function checkWeek(week: Week): { ok: true; days: WeeklySchedule } | { ok: false; message: string } {
  const parsed = WeeklySchedule.safeParse(week);
  return parsed.success ? { ok: true, days: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? '' };
}

const dayMs = 86_400_000;
/** 'YYYY-MM-DD' plus n days (calendar days, no time zone involved) */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs).toISOString().slice(0, 10);
}

/** the Monday of the week of `day` */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** "apply to the coming N weeks" from `today`: the last day is today + 7N − 1 */
export function applyRange(today: string, weeks: number): { from: string; to: string } {
  return { from: today, to: addDays(today, 7 * weeks - 1) };
}
