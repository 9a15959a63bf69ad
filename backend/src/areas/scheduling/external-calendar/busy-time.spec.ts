import { busySlotsByDay, busyTimes } from './busy-time';

const ROME = 'Europe/Rome';
const FROM = Date.parse('2030-03-01T00:00:00Z');
const TO = Date.parse('2030-04-30T00:00:00Z');
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//prova//prova//IT', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20300101T000000Z', ...lines, 'END:VEVENT'];
const NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

describe('busy time of an external calendar', () => {
  it('a single event in UTC: its instants, and the slots it touches in the practice’s wall clock', () => {
    const busy = busyTimes([calendar(...event('UID:a', 'DTSTART:20300304T081500Z', 'DTEND:20300304T090000Z'))], FROM, TO, ROME);
    expect(busy.map((b) => [iso(b.start), iso(b.end)])).toEqual([['2030-03-04T08:15:00Z', '2030-03-04T09:00:00Z']]);
    // 09:15–10:00 in Rome (UTC+1 in March): a slot is busy when any part of it is
    expect(busySlotsByDay(busy, ROME)).toEqual(new Map([['2030-03-04', ['2030-03-04T09:00:00Z', '2030-03-04T09:30:00Z']]]));
  });

  it('a weekly series in New York’s zone, across New York’s DST change (10 March 2030), in Rome’s wall clock', () => {
    const busy = busyTimes(
      [
        calendar(
          ...NEW_YORK,
          ...event('UID:ny', 'DTSTART;TZID=America/New_York:20300304T040000', 'DTEND;TZID=America/New_York:20300304T050000', 'RRULE:FREQ=WEEKLY;COUNT=3'),
        ),
      ],
      FROM,
      TO,
      ROME,
    );
    // 04:00 EST = 09:00Z; after 10 March 04:00 EDT = 08:00Z; Rome is UTC+1 until 31 March
    expect(busy.map((b) => iso(b.start))).toEqual(['2030-03-04T09:00:00Z', '2030-03-11T08:00:00Z', '2030-03-18T08:00:00Z']);
    expect([...busySlotsByDay(busy, ROME).entries()]).toEqual([
      ['2030-03-04', ['2030-03-04T10:00:00Z', '2030-03-04T10:30:00Z']],
      ['2030-03-11', ['2030-03-11T09:00:00Z', '2030-03-11T09:30:00Z']],
      ['2030-03-18', ['2030-03-18T09:00:00Z', '2030-03-18T09:30:00Z']],
    ]);
  });

  it('a daily series in Rome across Rome’s own DST change (31 March 2030) keeps its wall-clock hour', () => {
    const busy = busyTimes(
      [calendar(...event('UID:rm', 'DTSTART;TZID=Europe/Rome:20300330T100000', 'DTEND;TZID=Europe/Rome:20300330T103000', 'RRULE:FREQ=DAILY;COUNT=3'))],
      FROM,
      TO,
      ROME,
    );
    // no VTIMEZONE in the object: the IANA zone's own rules (UTC+1, then UTC+2 from the 31st)
    expect(busy.map((b) => iso(b.start))).toEqual(['2030-03-30T09:00:00Z', '2030-03-31T08:00:00Z', '2030-04-01T08:00:00Z']);
    expect([...busySlotsByDay(busy, ROME).values()].flat()).toEqual(['2030-03-30T10:00:00Z', '2030-03-31T10:00:00Z', '2030-04-01T10:00:00Z']);
  });

  it('an excluded date and a moved occurrence of a series are followed, a cancelled one is free', () => {
    const busy = busyTimes(
      [
        calendar(
          ...event('UID:s', 'DTSTART:20300304T080000Z', 'DTEND:20300304T083000Z', 'RRULE:FREQ=DAILY;COUNT=5', 'EXDATE:20300305T080000Z'),
          ...event('UID:s', 'RECURRENCE-ID:20300306T080000Z', 'DTSTART:20300306T140000Z', 'DTEND:20300306T143000Z'),
          ...event('UID:s', 'RECURRENCE-ID:20300307T080000Z', 'DTSTART:20300307T080000Z', 'DTEND:20300307T083000Z', 'STATUS:CANCELLED'),
        ),
      ],
      FROM,
      TO,
      ROME,
    );
    expect(busy.map((b) => iso(b.start))).toEqual(['2030-03-04T08:00:00Z', '2030-03-06T14:00:00Z', '2030-03-08T08:00:00Z']);
  });

  it('transparent events, this app’s own visits and events outside the days synced keep nothing busy', () => {
    const busy = busyTimes(
      [
        calendar(...event('UID:t', 'DTSTART:20300304T080000Z', 'DTEND:20300304T090000Z', 'TRANSP:TRANSPARENT')),
        calendar(...event('UID:prenotazione-b1@studio-medico', 'DTSTART:20300304T080000Z', 'DTEND:20300304T083000Z')),
        calendar(...event('UID:old', 'DTSTART:20290304T080000Z', 'DTEND:20290304T090000Z')),
      ],
      FROM,
      TO,
      ROME,
    );
    expect(busy).toEqual([]);
  });

  it('a whole-day event closes the day in the practice’s zone; a floating time is the practice’s wall clock', () => {
    const busy = busyTimes(
      [
        calendar(...event('UID:ferie', 'DTSTART;VALUE=DATE:20300305', 'DTEND;VALUE=DATE:20300306')),
        calendar(...event('UID:f', 'DTSTART:20300306T150000', 'DTEND:20300306T153000')),
      ],
      FROM,
      TO,
      ROME,
    );
    const byDay = busySlotsByDay(busy, ROME);
    expect(byDay.get('2030-03-05')).toHaveLength(48);
    expect(byDay.has('2030-03-04')).toBe(false);
    expect(byDay.get('2030-03-06')).toEqual(['2030-03-06T15:00:00Z']);
  });
});
