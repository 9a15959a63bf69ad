import { practiceInstant, practiceWallClock, type ExternalCalendarConflict } from '@studio/contracts';
import { bookingUid, feedCalendar } from '../../../platform/common/calendar-file';
import { ownVisits } from './busy-time';
import type { CalendarObject, CalendarWrite } from './caldav-calendar';
import type { OutboundUrlMessages } from '../../../platform/http/outbound-guard';

// What one sync decides from what it read, with no I/O: which days' slots to decide again, which of our visits to
// write into the external calendar or remove, which held or booked slots the calendar also covers.

/** what a refused CalDAV address is told, checked at connect and before each sync */
export const CALDAV_URL_MESSAGES: OutboundUrlMessages = {
  invalid: 'Indirizzo CalDAV non valido.',
  refused: 'Indirizzo CalDAV non ammesso: deve essere https e su internet.',
  unknownHost: 'Il server del calendario esterno non esiste a questo indirizzo: controlla l’indirizzo CalDAV.',
};

/** slots the sync never takes: already busy, or a patient's */
const SETTLED = new Set(['busy', 'held', 'booked']);

/**
 * The days whose slots are not yet what the calendar says: a covered slot not busy (nor a patient's), a busy one no
 * longer covered. Only those are decided (on the day's own stream, so a read model a moment behind costs at most a
 * decision that finds nothing); a slot already begun is left as it is, as the decision would.
 */
export function daysToDecide(wanted: Map<string, string[]>, slots: { start: string; status: string }[], at: Date, timeZone: string): Map<string, string[]> {
  // a slot has begun when its start (wall clock) is not after the practice's wall clock now
  const now = new Date(practiceWallClock(at.getTime(), timeZone)).toISOString().slice(0, 19) + 'Z';
  const begun = (start: string) => start <= now;
  const status = new Map(slots.map((s) => [s.start, s.status]));
  const busyByDay = new Map<string, string[]>();
  for (const slot of slots) if (slot.status === 'busy') busyByDay.set(slot.start.slice(0, 10), [...(busyByDay.get(slot.start.slice(0, 10)) ?? []), slot.start]);
  const differing = new Map<string, string[]>();
  for (const [day, starts] of wanted) {
    const covered = new Set(starts);
    const closes = starts.some((start) => !begun(start) && !SETTLED.has(status.get(start) ?? 'unavailable'));
    const reopens = (busyByDay.get(day) ?? []).some((start) => !begun(start) && !covered.has(start));
    if (closes || reopens) differing.set(day, starts);
  }
  return differing;
}

/**
 * Our visits in the external calendar, made to match the confirmed ones: a new or moved visit is written (the same
 * UID and SEQUENCE as its emails' calendar files, so a calendar that also imported an email keeps one event), one
 * no longer confirmed is removed. No health data and no name: a visit is "Visita".
 */
export function visitWrites(
  objects: CalendarObject[],
  visits: { id: string; start: string; end: string; sequence?: number }[],
  timeZone: string,
  stamp: Date,
): { writes: CalendarWrite[]; removals: string[] } {
  const present = ownVisits(objects);
  const writes: CalendarWrite[] = [];
  for (const visit of visits) {
    const uid = bookingUid(visit.id);
    const sequence = visit.sequence ?? 0;
    const there = present.get(uid);
    present.delete(uid);
    if (there && there.sequence === sequence && there.start === practiceInstant(visit.start, timeZone).getTime()) continue;
    writes.push({
      filename: `${uid}.ics`,
      ics: feedCalendar({
        name: 'Visite',
        timeZone,
        stamp,
        visits: [{ bookingId: visit.id, start: visit.start, end: visit.end, sequence, summary: 'Visita' }],
      }),
    });
  }
  return { writes, removals: [...present.values()].map((v) => v.url) };
}

/** held or booked slots that the external calendar also covers: the doctor decides, the sync never does */
export function conflictsOf(wanted: Map<string, string[]>, slots: { start: string; end: string; status: string }[]): ExternalCalendarConflict[] {
  const busy = new Set([...wanted.values()].flat());
  return slots
    .filter((s) => (s.status === 'held' || s.status === 'booked') && busy.has(s.start))
    .map((s) => ({ start: s.start, end: s.end, status: s.status as 'held' | 'booked' }))
    .sort((a, b) => a.start.localeCompare(b.start));
}
