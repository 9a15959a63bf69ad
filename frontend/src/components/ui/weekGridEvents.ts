/** Pure part of the week grid: slot labels and the events as FullCalendar wants them (no FullCalendar import). */
import { practiceWallClock, type AvailabilityEvent, type SlotStatus } from '@studio/contracts';
import * as it from '../../i18n/it';

/** 'HH:MM' of an instant, read in UTC (slots are the practice's wall-clock times written as UTC) */
export function utcClock(iso: string): string {
  return new Date(iso).toISOString().slice(11, 16);
}

/** accessible and visible title of a slot, e.g. "Disponibile 09:00–09:30" */
export function slotLabel(ev: Pick<AvailabilityEvent, 'status' | 'start' | 'end'>): string {
  return it.availability.slotLabel(it.availability.status[ev.status], utcClock(ev.start), utcClock(ev.end));
}

/** FullCalendar's slotMinTime / slotMaxTime of a whole hour (0–24) */
export function hourToSlotTime(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00:00`;
}

export type CalendarEventInput = {
  id: string;
  title: string;
  start: string;
  end: string;
  url?: string;
  color: string;
  contrastColor: string;
  class: string;
  extendedProps: { status: SlotStatus; pending: boolean; label: string; past: boolean; patient?: string };
};

const RED: ReadonlySet<SlotStatus> = new Set<SlotStatus>(['held', 'booked']);

/**
 * "now" on the practice's wall clock, written as UTC like the slots (DESIGN "Time"): 10:15 in Rome is 10:15Z here,
 * so it compares directly with a slot's start and end
 */
export function wallClockNow(timeZone: string, instant: number = Date.now()): number {
  return practiceWallClock(instant, timeZone);
}

/** a slot that has begun (on the practice's wall clock) can no longer be opened or closed */
export function isPastSlot(ev: Pick<AvailabilityEvent, 'start'>, wallNow: number | undefined): boolean {
  return wallNow !== undefined && Date.parse(ev.start) <= wallNow;
}

/** what a past slot that is not a booking looks like: grey, inert */
export const PAST_COLORS = { color: '#e9ecef', textColor: '#495057' } as const;

/**
 * The events as FullCalendar wants them (v7: `contrastColor`, `class`). `patients`: who holds or booked each slot, by
 * the slot's start (milliseconds), for those who may see it (the doctor and the segreteria); a booking shows the name.
 */
export function toCalendarEvents(
  events: readonly AvailabilityEvent[],
  pendingSlotIds: readonly string[],
  wallNow?: number,
  patients?: ReadonlyMap<number, string>,
): CalendarEventInput[] {
  return events.map((ev) => {
    const pending = pendingSlotIds.includes(ev.id);
    // a booking stays red (it opens its detail); any other slot that has begun is grey and inert
    const past = !RED.has(ev.status) && !ev.url && isPastSlot(ev, wallNow);
    const patient = RED.has(ev.status) ? patients?.get(Date.parse(ev.start)) : undefined;
    // the slot's label stays what it is (its title); the name is said apart, after it
    const label = past ? it.availability.pastLabel(utcClock(ev.start), utcClock(ev.end)) : slotLabel(ev);
    return {
      id: ev.id,
      title: label,
      start: ev.start,
      end: ev.end,
      ...(ev.url ? { url: ev.url } : {}),
      color: past ? PAST_COLORS.color : ev.color,
      contrastColor: past ? PAST_COLORS.textColor : ev.textColor,
      class: ['slot-event', `slot-${ev.status}`, pending ? 'slot-pending' : '', past ? 'slot-past' : ''].filter(Boolean).join(' '),
      extendedProps: { status: ev.status, pending, label, past, ...(patient ? { patient } : {}) },
    };
  });
}
