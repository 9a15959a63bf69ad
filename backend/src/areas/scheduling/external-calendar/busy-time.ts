import ICAL from 'ical.js';
import { isTimeZone, practiceInstant, practiceWallClock, SLOT_MINUTES } from '@studio/contracts';

/** a stretch of time the external calendar keeps, in real instants (ms) */
export interface BusyTime {
  uid: string;
  start: number;
  end: number;
}

/** the visits this app writes into the doctor's calendar: never busy time of their own */
export const OWN_UID_SUFFIX = '@studio-medico';

/** a recurring series is followed at most this far, so a rule without end cannot keep the sync busy */
const MAX_OCCURRENCES = 5_000;
const SLOT_MS = SLOT_MINUTES * 60_000;

/**
 * The instant of an iCalendar time: UTC as it is; a time with a zone the object defines (VTIMEZONE, registered) through
 * ical.js; an IANA zone the object does not define through the runtime's own zone data; a floating time or a whole day
 * (DATE) as the practice's wall clock, which is what the doctor meant by it.
 */
function instantOf(time: ICAL.Time, practiceTimeZone: string): number {
  const wall = (t: ICAL.Time) =>
    `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}T${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}:${String(t.second).padStart(2, '0')}Z`;
  if (time.isDate) return practiceInstant(wall(time), practiceTimeZone).getTime();
  const tzid = time.zone?.tzid;
  if (!tzid || tzid === 'floating') return practiceInstant(wall(time), practiceTimeZone).getTime();
  if (tzid === 'UTC' || tzid === 'Z') return time.toJSDate().getTime();
  if (ICAL.TimezoneService.has(tzid)) return time.toUnixTime() * 1000;
  return practiceInstant(wall(time), isTimeZone(tzid) ? tzid : practiceTimeZone).getTime();
}

/** free time by the event's own word: transparent (TRANSP) or cancelled */
function keepsTimeFree(event: ICAL.Event): boolean {
  const component = event.component;
  return component.getFirstPropertyValue('transp') === 'TRANSPARENT' || component.getFirstPropertyValue('status') === 'CANCELLED';
}

/**
 * The busy times of calendar objects (RFC 5545 text, as a CalDAV server returns them) that overlap [from, to):
 * recurrences expanded (RRULE, RDATE, EXDATE, and the occurrences moved or cancelled by RECURRENCE-ID), each time in
 * its own zone; transparent and cancelled events and this app's own visits left out.
 */
export function busyTimes(objects: readonly string[], from: number, to: number, practiceTimeZone: string): BusyTime[] {
  const busy: BusyTime[] = [];
  for (const text of objects) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      const timezone = new ICAL.Timezone(zone);
      if (!ICAL.TimezoneService.has(timezone.tzid)) ICAL.TimezoneService.register(timezone, timezone.tzid);
    }
    const components = calendar.getAllSubcomponents('vevent');
    const exceptions = components.filter((c) => c.hasProperty('recurrence-id'));
    for (const master of components.filter((c) => !c.hasProperty('recurrence-id'))) {
      const event = new ICAL.Event(master);
      if (event.uid?.endsWith(OWN_UID_SUFFIX)) continue;
      for (const exception of exceptions) if (exception.getFirstPropertyValue('uid') === event.uid) event.relateException(exception);
      const add = (occurrence: ICAL.Event, start: ICAL.Time, end: ICAL.Time) => {
        if (keepsTimeFree(occurrence)) return;
        const s = instantOf(start, practiceTimeZone);
        const e = Math.max(instantOf(end, practiceTimeZone), s);
        if (s < to && e > from && e > s) busy.push({ uid: event.uid, start: s, end: e });
      };
      if (!event.isRecurring()) {
        add(event, event.startDate, event.endDate ?? event.startDate);
        continue;
      }
      const iterator = event.iterator();
      for (let count = 0, next = iterator.next(); next && count < MAX_OCCURRENCES; next = iterator.next(), count++) {
        const details = event.getOccurrenceDetails(next);
        if (instantOf(details.startDate, practiceTimeZone) >= to) break;
        add(details.item, details.startDate, details.endDate);
      }
    }
  }
  return busy.sort((a, b) => a.start - b.start);
}

/** a visit this app wrote into the calendar, as the calendar holds it now */
export interface OwnVisit {
  url: string;
  sequence: number;
  /** its start, a real instant (ms) */
  start: number;
}

/** this app's visits among the calendar's objects, by UID */
export function ownVisits(objects: readonly { url: string; data: string }[]): Map<string, OwnVisit> {
  const visits = new Map<string, OwnVisit>();
  for (const object of objects) {
    // only an object that names one of ours is parsed: a sync looks at every object of the calendar each time
    if (!object.data.includes(OWN_UID_SUFFIX)) continue;
    const vevent = new ICAL.Component(ICAL.parse(object.data)).getFirstSubcomponent('vevent');
    const uid = vevent?.getFirstPropertyValue('uid');
    if (!vevent || typeof uid !== 'string' || !uid.endsWith(OWN_UID_SUFFIX)) continue;
    const start = vevent.getFirstPropertyValue('dtstart');
    visits.set(uid, {
      url: object.url,
      sequence: Number(vevent.getFirstPropertyValue('sequence') ?? 0),
      start: start instanceof ICAL.Time ? start.toJSDate().getTime() : Number.NaN,
    });
  }
  return visits;
}

/**
 * The 30-minute slots (practice wall clock written as UTC, like every slot) that busy times overlap, by day
 * ('YYYY-MM-DD'). A slot is busy when any part of it is.
 */
export function busySlotsByDay(busy: readonly BusyTime[], practiceTimeZone: string): Map<string, string[]> {
  const byDay = new Map<string, Set<string>>();
  for (const time of busy) {
    const wallStart = practiceWallClock(time.start, practiceTimeZone);
    const wallEnd = practiceWallClock(time.end, practiceTimeZone);
    for (let slot = Math.floor(wallStart / SLOT_MS) * SLOT_MS; slot < wallEnd; slot += SLOT_MS) {
      const start = new Date(slot).toISOString().slice(0, 19) + 'Z';
      const day = start.slice(0, 10);
      if (!byDay.has(day)) byDay.set(day, new Set());
      byDay.get(day)!.add(start);
    }
  }
  return new Map([...byDay].map(([day, starts]) => [day, [...starts].sort()]));
}
