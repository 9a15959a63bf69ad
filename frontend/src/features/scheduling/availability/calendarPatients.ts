import { SLOT_MINUTES, type AgendaItem } from '@studio/contracts';
import type { CalendarRange } from './slots';

/** the agenda's days (first and last, inclusive) of a calendar range whose end is exclusive */
export function agendaRangeOfWeek(range: CalendarRange): { from: string; to: string } {
  return { from: range.start.slice(0, 10), to: new Date(Date.parse(range.end) - 1).toISOString().slice(0, 10) };
}

const SHOWN: ReadonlySet<AgendaItem['status']> = new Set<AgendaItem['status']>(['held', 'confirmed', 'completed', 'no_show']);

/** the patient's name of each held or booked slot, by the slot's start in milliseconds (a cancelled booking names no one) */
export function patientsBySlot(agenda: readonly AgendaItem[] | undefined): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const item of agenda ?? []) {
    if (!SHOWN.has(item.status)) continue;
    // a visit longer than a slot names every slot it takes
    for (let at = Date.parse(item.start); at < Date.parse(item.end); at += SLOT_MINUTES * 60_000)
      names.set(at, `${item.patient.name} ${item.patient.surname}`.trim());
  }
  return names;
}
