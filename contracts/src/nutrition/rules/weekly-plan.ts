// The weekly plan: a diet is one to seven different days of the week; a weekday the plan leaves out repeats the last
// day of the plan before it (round the week), so a one-day diet, as every diet saved before the plan existed, applies
// to every day.

export const WEEKDAYS = ['lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato', 'domenica'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  lunedi: 'lunedì',
  martedi: 'martedì',
  mercoledi: 'mercoledì',
  giovedi: 'giovedì',
  venerdi: 'venerdì',
  sabato: 'sabato',
  domenica: 'domenica',
};

/** the weekday a plan day stands for */
export interface PlanDayRef {
  weekday: Weekday;
}

/**
 * For each weekday, Monday first, the plan day it follows: its own when the plan has it, otherwise the last plan day
 * before it in the week (wrapping round: with only Thursday and Saturday, Monday to Wednesday follow Saturday).
 * Undefined only for an empty plan.
 */
export function weekOf<D extends PlanDayRef>(days: readonly D[]): { weekday: Weekday; day: D }[] {
  if (days.length === 0) return [];
  const byWeekday = new Map(days.map((d) => [d.weekday, d]));
  return WEEKDAYS.map((weekday, index) => {
    for (let back = 0; back < WEEKDAYS.length; back++) {
      const found = byWeekday.get(WEEKDAYS[(index - back + WEEKDAYS.length) % WEEKDAYS.length]);
      if (found) return { weekday, day: found };
    }
    return { weekday, day: days[0] };
  });
}

/** the weekday of a calendar date (YYYY-MM-DD, read as a date, not an instant) */
export function weekdayOfDate(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number);
  // getUTCDay: 0 is Sunday
  const sundayFirst = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7];
}

/** the seven weekdays starting from `first` (the patient's page puts today first) */
export function weekFrom(first: Weekday): Weekday[] {
  const start = WEEKDAYS.indexOf(first);
  return WEEKDAYS.map((_, i) => WEEKDAYS[(start + i) % WEEKDAYS.length]);
}

/** the plan's days in week order, Monday first */
export function sortDays<D extends PlanDayRef>(days: readonly D[]): D[] {
  return [...days].sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday));
}
