/**
 * Pure logic of the availability calendar: applying server answers and socket changes to the
 * cached events, deciding what a click does, and what FullCalendar is fed.
 */
import type { AvailabilityChanged, AvailabilityEvent, SlotStatus, ToggleRequest, ToggleResponse } from '@studio/contracts';
import {
  hourToSlotTime,
  isPastSlot,
  PAST_COLORS,
  slotLabel,
  toCalendarEvents,
  utcClock,
  wallClockNow,
  type CalendarEventInput,
} from '../../../components/ui/weekGridEvents';
import * as it from '../../../i18n/it';

export { hourToSlotTime, isPastSlot, PAST_COLORS, slotLabel, toCalendarEvents, utcClock, wallClockNow, type CalendarEventInput };

export type CalendarRange = { start: string; end: string };

const RED_STATUSES: ReadonlySet<SlotStatus> = new Set<SlotStatus>(['held', 'booked']);

/** a red event is a held or booked slot: it has a url and is never toggled */
export function isRedEvent(ev: Pick<AvailabilityEvent, 'status' | 'url'>): boolean {
  return RED_STATUSES.has(ev.status) || Boolean(ev.url);
}

const ms = (iso: string) => Date.parse(iso);

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
export function applyToggleResult(events: readonly AvailabilityEvent[], slotId: string, result: ToggleResponse): readonly AvailabilityEvent[] {
  const index = events.findIndex((e) => e.id === slotId);
  if (index < 0) return events;
  const old = events[index];
  const { url: _dropped, ...rest } = old;
  // The specified answer is {id,color,textColor}; the contract adds status. Without it, the toggle flips.
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
export function decideEventClick(ev: AvailabilityEvent | undefined, doctorId: string, pendingSlotIds: readonly string[], wallNow?: number): ClickDecision {
  if (!ev) return { kind: 'ignore', reason: 'unknown' };
  if (isRedEvent(ev)) return ev.url ? { kind: 'navigate', url: ev.url } : { kind: 'ignore', reason: 'red-without-url' };
  if (isPastSlot(ev, wallNow)) return { kind: 'ignore', reason: 'past' };
  if (pendingSlotIds.includes(ev.id)) return { kind: 'ignore', reason: 'pending' };
  return {
    kind: 'toggle',
    slotId: ev.id,
    // the status seen: the server re-decides this toggle on a busy day instead of a 409, and refuses it only if the slot changed
    request: {
      for: doctorId,
      start: new Date(ev.start).toISOString(),
      end: new Date(ev.end).toISOString(),
      seen: ev.status === 'available' ? 'available' : 'unavailable',
    },
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
