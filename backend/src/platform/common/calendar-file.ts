import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { practiceInstant } from '@studio/contracts';

/** a text for a property ical-generator escapes itself: only the control characters TEXT may not hold go (line breaks stay, escaped by it) */
const withoutControls = (value: string) => value.replace(/(?![\r\n\t])[\p{Cc}\p{Zl}\p{Zp}]/gu, '');
/** a name in a quoted parameter (CN="…"): one line, no double quote (RFC 5545 §3.2 lets a quoted value hold none) */
const parameterText = (value: string) => value.replace(/["\\\p{Cc}\p{Zl}\p{Zp}]/gu, '');

/**
 * RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma and line breaks escaped, other control characters (which TEXT
 * may not hold) dropped. ical-generator escapes SUMMARY, DESCRIPTION and LOCATION itself but writes the calendar's
 * name (NAME, X-WR-CALNAME) as given: that one goes through here.
 */
export function calendarText(value: string): string {
  return withoutControls(value)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** the UID of a booking's calendar entry: the same in every message and in the doctor's feed */
export const bookingUid = (bookingId: string) => `prenotazione-${bookingId}@studio-medico`;

export interface CalendarVisit {
  bookingId: string;
  /** slot wall-clock times ('…Z' = practice time) */
  start: string;
  end: string;
  sequence: number;
  summary: string;
  description?: string;
  location?: string;
}

/**
 * RFC 5545 text for one visit. Times are written in UTC (`DTSTART:…Z`), converted from the practice's
 * wall clock with its IANA zone, so every reader shows the right local hour on both sides of a DST change
 * without needing a VTIMEZONE.
 */
export function visitCalendar(input: {
  visit: CalendarVisit;
  method: 'REQUEST' | 'CANCEL';
  timeZone: string;
  organizer: { name: string; email: string };
  /**
   * the recipient of this copy (the patient, or the doctor in the doctor's copy): RFC 5546 §3.2.2 requires at least one
   * ATTENDEE in a REQUEST, and §3.2.5 that a CANCEL of the whole event names all its attendees
   */
  attendee?: { name: string; email: string };
  stamp: Date;
}): string {
  const cal = ical({ prodId: { company: 'Studio Medico', product: 'prenotazioni', language: 'IT' }, name: calendarText(input.organizer.name) });
  cal.method(input.method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL);
  const event = addVisit(cal, input.visit, input.timeZone, input.stamp, input.method === 'CANCEL').organizer({
    // ical-generator wants a name: the address when nothing printable is left of it
    name: parameterText(input.organizer.name) || input.organizer.email,
    email: input.organizer.email,
  });
  if (input.attendee) {
    event.createAttendee({
      email: input.attendee.email,
      name: parameterText(input.attendee.name) || undefined,
      role: ICalAttendeeRole.REQ,
      ...(input.method === 'REQUEST' ? { status: ICalAttendeeStatus.NEEDSACTION, rsvp: true } : {}),
    });
  }
  return cal.toString();
}

/** a subscription feed (no METHOD): the doctor's confirmed visits */
export function feedCalendar(input: { name: string; visits: CalendarVisit[]; timeZone: string; stamp: Date }): string {
  const cal = ical({ prodId: { company: 'Studio Medico', product: 'agenda', language: 'IT' }, name: calendarText(input.name), ttl: 15 * 60 });
  for (const visit of input.visits) addVisit(cal, visit, input.timeZone, input.stamp, false);
  return cal.toString();
}

function addVisit(cal: ReturnType<typeof ical>, visit: CalendarVisit, timeZone: string, stamp: Date, cancelled: boolean) {
  return cal.createEvent({
    id: bookingUid(visit.bookingId),
    sequence: visit.sequence,
    start: practiceInstant(visit.start, timeZone),
    end: practiceInstant(visit.end, timeZone),
    stamp,
    summary: withoutControls(visit.summary),
    description: visit.description === undefined ? undefined : withoutControls(visit.description),
    location: visit.location === undefined ? undefined : withoutControls(visit.location),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}
