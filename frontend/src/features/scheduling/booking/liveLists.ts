/**
 * Pure patching of the booking page's lists by an `availability:changed` message: the free hours
 * of a day and the days with free hours. A slot whose new status is 'available' appears; any
 * other status (unavailable, held, booked) makes it disappear. Same array back when nothing changes.
 */
import type { AvailabilityChanged, FreeDay, FreeSlot } from '@studio/contracts';
import { utcClock, utcDay } from '../../../lib/dates';

/** with a visit type, the hours are the starts where the whole visit fits (the server decides: refetched on a change) */
/** `locationId`: only the hours at that location of the practice */
export type DayTarget = { doctorId: string; date: string; visitTypeId?: string; locationId?: string };
export type DaysWindow = { doctorId: string; from: string; to: string; visitTypeId?: string; locationId?: string };

const byHour = (a: FreeSlot, b: FreeSlot) => a.hour.localeCompare(b.hour);
const byDate = (a: FreeDay, b: FreeDay) => a.date.localeCompare(b.date);

/** the day ('YYYY-MM-DD') and hour ('HH:MM') of a changed slot, in the practice's wall clock (UTC) */
export function slotPlace(change: AvailabilityChanged): { date: string; hour: string } | null {
  if (Number.isNaN(Date.parse(change.slot.start))) return null;
  return { date: utcDay(change.slot.start), hour: utcClock(change.slot.start) };
}

/**
 * The free hours of one doctor's day after a change. The slot is recognised by id, else by its
 * hour. A slot that opens in the past (`now`, ms) is not bookable and is not added; the check reads
 * the wall-clock start as UTC, so it is only a guard (the server decides with the practice's zone
 * and refuses a hold of a slot that has begun).
 */
export function patchFreeSlots(slots: readonly FreeSlot[], change: AvailabilityChanged, target: DayTarget, now?: number): readonly FreeSlot[] {
  if (change.doctorId !== target.doctorId) return slots;
  const place = slotPlace(change);
  if (!place || place.date !== target.date) return slots;
  const index = slots.findIndex((s) => s.id === change.slot.id || s.hour === place.hour);
  if (change.slot.status === 'available') {
    if (index >= 0) {
      if (slots[index].id === change.slot.id) return slots;
      const copy = slots.slice();
      copy[index] = { id: change.slot.id, hour: place.hour };
      return copy;
    }
    if (now !== undefined && Date.parse(change.slot.start) <= now) return slots;
    return [...slots, { id: change.slot.id, hour: place.hour }].sort(byHour);
  }
  if (index < 0) return slots;
  return slots.filter((_, i) => i !== index);
}

/** the slot a change took away from a list of free hours, if it did */
export function vanishedSlot(before: readonly FreeSlot[], after: readonly FreeSlot[]): FreeSlot | undefined {
  if (after.length >= before.length) return undefined;
  return before.find((s) => !after.some((a) => a.id === s.id));
}

/**
 * statuses a slot reaches straight from 'available' (a patient holds it, the doctor closes it);
 * 'booked' comes from 'held', so the slot was already not free
 */
const LEFT_FREE = new Set(['held', 'unavailable']);

/**
 * The days with free hours after a change. When the day's free hours are known (`dayHours`, the
 * cached answer of GET /disponibilita/query, before or after this same change: patching is
 * idempotent) the day's count is exact. Otherwise: an opened slot adds one (it was not free
 * before), a slot that was held or closed takes one away, a booked one (it was held) changes
 * nothing. A day whose count reaches 0 goes; a day that gets a free slot appears.
 */
export function patchFreeDays(
  days: readonly FreeDay[],
  change: AvailabilityChanged,
  window: DaysWindow,
  dayHours?: readonly FreeSlot[],
  now?: number,
): readonly FreeDay[] {
  if (change.doctorId !== window.doctorId) return days;
  const place = slotPlace(change);
  if (!place || place.date < window.from || place.date > window.to) return days;
  const index = days.findIndex((d) => d.date === place.date);
  const current = index >= 0 ? days[index].free : 0;

  let free: number;
  if (dayHours) {
    free = patchFreeSlots(dayHours, change, { doctorId: window.doctorId, date: place.date }, now).length;
  } else if (change.slot.status === 'available') {
    if (now !== undefined && Date.parse(change.slot.start) <= now) return days;
    free = current + 1;
  } else if (LEFT_FREE.has(change.slot.status) && index >= 0) {
    free = current - 1;
  } else {
    return days;
  }

  if (free === current) return days;
  if (free <= 0) return index >= 0 ? days.filter((_, i) => i !== index) : days;
  if (index >= 0) {
    const copy = days.slice();
    copy[index] = { date: place.date, free };
    return copy;
  }
  return [...days, { date: place.date, free }].sort(byDate);
}
