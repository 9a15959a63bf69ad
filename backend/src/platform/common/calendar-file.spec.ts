import fc from 'fast-check';
import { calendarText, feedCalendar, visitCalendar } from './calendar-file';

/** any text a stored name or field might hold, old events included: line breaks, controls, RFC 5545's own characters */
const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc
    .array(fc.constantFrom('Studio', '\r\n', '\n', '\r', 'Bcc: x@evil.example', 'END:VCALENDAR', ';', ',', '\\', '"', ':', '\u0000', '\u2028', '\u0085', ' '), {
      maxLength: 12,
    })
    .map((parts) => parts.join('')),
);

/** the content lines of a calendar file, unfolded (RFC 5545 §3.1): a line starting with a space continues the last */
function contentLines(ics: string): string[] {
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return ics
    .replace(/\r\n$/, '')
    .split('\r\n')
    .reduce<string[]>(
      (lines, line) => (line.startsWith(' ') || line.startsWith('\t') ? [...lines.slice(0, -1), lines.at(-1)! + line.slice(1)] : [...lines, line]),
      [],
    );
}
/** no line the plain file lacks, and none more often: an injected line would be a new property or one too many */
function expectNoLineAdded(ics: string, plain: string) {
  const count = (names: string[]) => names.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());
  const allowed = count(propertyNames(plain));
  for (const [name, times] of count(propertyNames(ics))) expect([name, times <= (allowed.get(name) ?? 0)]).toEqual([name, true]);
}
const propertyNames = (ics: string) => contentLines(ics).map((line) => /^[A-Z][A-Z0-9-]*(?=[;:])/.exec(line)?.[0] ?? `not a property: ${line}`);

/** RFC 5545 §3.3.11, read back */
const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

const visit = (summary: string, location: string, description?: string) => ({
  bookingId: 'b1',
  start: '2030-03-04T09:00:00.000Z',
  end: '2030-03-04T09:30:00.000Z',
  sequence: 0,
  summary,
  location,
  description,
});
const stamp = new Date('2030-03-01T10:00:00Z');

describe('calendar files: no stored name or text adds a line', () => {
  const plainInvite = visitCalendar({
    visit: visit('Visita', 'Studio', 'Note'),
    method: 'REQUEST',
    timeZone: 'Europe/Rome',
    organizer: { name: 'Studio', email: 'studio@example.it' },
    attendee: { name: 'Anna', email: 'anna@example.it' },
    stamp,
  });
  const plainFeed = feedCalendar({ name: 'Studio', visits: [visit('Visita', 'Studio', 'Note')], timeZone: 'Europe/Rome', stamp });

  it("the patient's copy has the same lines whatever the practice, the doctor, the patient and the visit are called", () => {
    fc.assert(
      fc.property(anyText, anyText, anyText, anyText, anyText, (practice, summary, location, description, patient) => {
        const ics = visitCalendar({
          visit: visit(summary, location, description),
          method: 'REQUEST',
          timeZone: 'Europe/Rome',
          organizer: { name: practice, email: 'studio@example.it' },
          attendee: { name: patient, email: 'anna@example.it' },
          stamp,
        });
        expectNoLineAdded(ics, plainInvite);
      }),
    );
  });

  it("the doctor's feed has the same lines whatever the practice is called, and its name reads back", () => {
    fc.assert(
      fc.property(anyText, anyText, (practice, summary) => {
        const ics = feedCalendar({ name: practice, visits: [visit(summary, 'Studio', 'Note')], timeZone: 'Europe/Rome', stamp });
        expectNoLineAdded(ics, plainFeed);
        const calname = contentLines(ics).find((l) => l.startsWith('X-WR-CALNAME:'));
        if (calname)
          expect(unescapeText(calname.slice('X-WR-CALNAME:'.length))).toBe(
            practice.replace(/(?![\r\n\t])[\p{Cc}\p{Zl}\p{Zp}]/gu, '').replace(/\r\n|\r/g, '\n'),
          );
      }),
    );
  });

  it('escapes TEXT as RFC 5545 §3.3.11 says', () => {
    expect(calendarText('Studio; Rossi, Bianchi\\\r\nBcc: x')).toBe('Studio\\; Rossi\\, Bianchi\\\\\\nBcc: x');
  });
});
