/** Pure part of the week grid: slot labels and the events as FullCalendar wants them (no FullCalendar import). */
import type { AvailabilityEvent, SlotStatus } from '@studio/contracts';
import { it } from '../../i18n/it';

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
  extendedProps: { status: SlotStatus; pending: boolean; label: string };
};

/** the events as FullCalendar wants them (v7: `contrastColor`, `class`) */
export function toCalendarEvents(
  events: readonly AvailabilityEvent[],
  pendingSlotIds: readonly string[],
): CalendarEventInput[] {
  return events.map((ev) => {
    const pending = pendingSlotIds.includes(ev.id);
    const label = slotLabel(ev);
    return {
      id: ev.id,
      title: label,
      start: ev.start,
      end: ev.end,
      ...(ev.url ? { url: ev.url } : {}),
      color: ev.color,
      contrastColor: ev.textColor,
      class: ['slot-event', `slot-${ev.status}`, pending ? 'slot-pending' : ''].filter(Boolean).join(' '),
      extendedProps: { status: ev.status, pending, label },
    };
  });
}
