/**
 * Pure logic of the availability calendar: applying server answers and socket changes to the
 * cached events, deciding what a click does, and what FullCalendar is fed.
 */
import type { AvailabilityChanged, AvailabilityEvent, SlotStatus, ToggleRequest, ToggleResponse } from '@studio/contracts';
import { it } from '../../i18n/it';

export type CalendarRange = { start: string; end: string };

const RED_STATUSES: ReadonlySet<SlotStatus> = new Set<SlotStatus>(['held', 'booked']);

/** a red event is a held or booked slot: it has a url and is never toggled */
export function isRedEvent(ev: Pick<AvailabilityEvent, 'status' | 'url'>): boolean {
  return RED_STATUSES.has(ev.status) || Boolean(ev.url);
}

const ms = (iso: string) => Date.parse(iso);

/** 'HH:MM' of an instant, read in UTC (slots are the practice's wall-clock times written as UTC) */
export function utcClock(iso: string): string {
  return new Date(iso).toISOString().slice(11, 16);
}

/** accessible and visible title of a slot, e.g. "Disponibile 09:00–09:30" */
export function slotLabel(ev: Pick<AvailabilityEvent, 'status' | 'start' | 'end'>): string {
  return it.availability.slotLabel(it.availability.status[ev.status], utcClock(ev.start), utcClock(ev.end));
}

function sameSlot(a: AvailabilityEvent, b: AvailabilityEvent): boolean {
  return (
    a.id === b.id &&
    a.status === b.status &&
    a.color === b.color &&
    a.textColor === b.textColor &&
    a.url === b.url &&
    a.title === b.title &&
    ms(a.start) === ms(b.start) &&
    ms(a.end) === ms(b.end)
  );
}

function byStart(a: AvailabilityEvent, b: AvailabilityEvent): number {
  return ms(a.start) - ms(b.start);
}

/**
 * Applies an `availability:changed` message to the cached events of one doctor and range.
 * The slot is found by id, or else by its start (same instant); a slot not in the list is added
 * when its start lies in the cached range. Returns the same array when nothing changes.
 */
export function applyAvailabilityChange(
  events: readonly AvailabilityEvent[],
  change: AvailabilityChanged,
  range?: CalendarRange,
  doctorId?: string,
): readonly AvailabilityEvent[] {
  if (doctorId !== undefined && change.doctorId !== doctorId) return events;
  const { slot } = change;
  const start = ms(slot.start);
  if (Number.isNaN(start)) return events;
  const next: AvailabilityEvent = {
    id: slot.id,
    title: it.availability.status[slot.status],
    color: slot.color,
    textColor: slot.textColor,
    start: slot.start,
    end: slot.end,
    status: slot.status,
    ...(slot.url ? { url: slot.url } : {}),
  };
  let index = events.findIndex((e) => e.id === slot.id);
  if (index < 0) index = events.findIndex((e) => ms(e.start) === start);
  if (index >= 0) {
    if (sameSlot(events[index], next)) return events;
    const copy = events.slice();
    copy[index] = next;
    return copy;
  }
  if (range && start >= ms(range.start) && start < ms(range.end)) {
    return [...events, next].sort(byStart);
  }
  return events;
}

/** Applies the answer of POST /disponibilita/toggle to the clicked slot (found by its old id). */
export function applyToggleResult(
  events: readonly AvailabilityEvent[],
  slotId: string,
  result: ToggleResponse,
): readonly AvailabilityEvent[] {
  const index = events.findIndex((e) => e.id === slotId);
  if (index < 0) return events;
  const old = events[index];
  const { url: _dropped, ...rest } = old;
  // SPEC's answer is {id,color,textColor}; the contract adds status. Without it, the toggle flips.
  const status = (result as Partial<ToggleResponse>).status ?? (old.status === 'available' ? 'unavailable' : 'available');
  const next: AvailabilityEvent = {
    ...rest,
    id: result.id,
    color: result.color,
    textColor: result.textColor,
    status,
    title: it.availability.status[status],
  };
  if (sameSlot(old, next)) return events;
  const copy = events.slice();
  copy[index] = next;
  return copy;
}

export type ClickDecision =
  | { kind: 'navigate'; url: string }
  | { kind: 'toggle'; slotId: string; request: ToggleRequest }
  | { kind: 'ignore'; reason: 'unknown' | 'pending' | 'red-without-url' | 'past' };

/** What a click (or Enter) on an event does. */
export function decideEventClick(
  ev: AvailabilityEvent | undefined,
  doctorId: string,
  pendingSlotIds: readonly string[],
  wallNow?: number,
): ClickDecision {
  if (!ev) return { kind: 'ignore', reason: 'unknown' };
  if (isRedEvent(ev)) return ev.url ? { kind: 'navigate', url: ev.url } : { kind: 'ignore', reason: 'red-without-url' };
  if (isPastSlot(ev, wallNow)) return { kind: 'ignore', reason: 'past' };
  if (pendingSlotIds.includes(ev.id)) return { kind: 'ignore', reason: 'pending' };
  return {
    kind: 'toggle',
    slotId: ev.id,
    request: { for: doctorId, start: new Date(ev.start).toISOString(), end: new Date(ev.end).toISOString() },
  };
}

/** an event's url relative to this app when it has the same origin, else null (leave the app) */
export function inAppPath(url: string, origin: string): string | null {
  try {
    const target = new URL(url, origin);
    if (target.origin !== origin) return null;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return null;
  }
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
  extendedProps: { status: SlotStatus; pending: boolean; label: string; past: boolean };
};

/**
 * "now" on the practice's wall clock, written as UTC like the slots (DESIGN "Time"): 10:15 in Rome is 10:15Z here,
 * so it compares directly with a slot's start and end
 */
export function wallClockNow(timeZone: string, instant: number = Date.now()): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** a slot that has begun (on the practice's wall clock) can no longer be opened or closed */
export function isPastSlot(ev: Pick<AvailabilityEvent, 'start'>, wallNow: number | undefined): boolean {
  return wallNow !== undefined && ms(ev.start) <= wallNow;
}

/** what a past slot that is not a booking looks like: grey, inert */
export const PAST_COLORS = { color: '#e9ecef', textColor: '#495057' } as const;

/** the events as FullCalendar wants them (v7: `contrastColor`, `class`) */
export function toCalendarEvents(
  events: readonly AvailabilityEvent[],
  pendingSlotIds: readonly string[],
  wallNow?: number,
): CalendarEventInput[] {
  return events.map((ev) => {
    const pending = pendingSlotIds.includes(ev.id);
    // a booking stays red (it opens its detail); any other slot that has begun is grey and inert
    const past = !isRedEvent(ev) && isPastSlot(ev, wallNow);
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
      extendedProps: { status: ev.status, pending, label, past },
    };
  });
}
