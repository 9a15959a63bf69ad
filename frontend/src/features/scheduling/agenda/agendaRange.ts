import { addDays, format, parseISO, startOfISOWeek } from 'date-fns';

export type AgendaView = 'day' | 'week';

/** the days [from, to] an agenda view shows around a day: that day, or its Monday-to-Sunday week */
export function agendaRange(day: string, view: AgendaView): { from: string; to: string } {
  if (view === 'day') return { from: day, to: day };
  const monday = startOfISOWeek(parseISO(day));
  return { from: format(monday, 'yyyy-MM-dd'), to: format(addDays(monday, 6), 'yyyy-MM-dd') };
}

/** the day one step before or after: a day, or a week */
export function shiftDay(day: string, view: AgendaView, steps: number): string {
  return format(addDays(parseISO(day), steps * (view === 'day' ? 1 : 7)), 'yyyy-MM-dd');
}
