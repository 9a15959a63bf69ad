import { outsideQuietHours, reminderSchedule } from './reminder-schedule';

// the product's rule (the practice's schedule and quiet hours): confirmation at booking; reminders 48 h and 24 h
// before; one at once for a booking inside the last window; no SMS or WhatsApp between 21:00 and 08:00 in the
// practice's zone unless the visit is before 10:00 the next day
const H = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const ROME = 'Europe/Rome';

describe('reminder schedule', () => {
  const visitAt = at('2030-03-10T09:00:00Z');

  it('confirms at once and reminds 48 and 24 hours before a visit booked a week ahead', () => {
    const bookedAt = at('2030-03-03T09:00:00Z');
    expect(reminderSchedule({ bookedAt, visitAt, hoursBefore: [24, 48] })).toEqual([
      { kind: 'confirmation', hoursBefore: null, dueAt: bookedAt },
      { kind: 'reminder', hoursBefore: 48, dueAt: visitAt - 48 * H },
      { kind: 'reminder', hoursBefore: 24, dueAt: visitAt - 24 * H },
    ]);
  });
  it('skips a passed window when a later one still reminds', () => {
    const bookedAt = visitAt - 30 * H;
    expect(reminderSchedule({ bookedAt, visitAt, hoursBefore: [48, 24] })).toEqual([
      { kind: 'confirmation', hoursBefore: null, dueAt: bookedAt },
      { kind: 'reminder', hoursBefore: 24, dueAt: visitAt - 24 * H },
    ]);
  });
  it('reminds at once a visit booked inside the last window', () => {
    const bookedAt = visitAt - 5 * H;
    expect(reminderSchedule({ bookedAt, visitAt, hoursBefore: [48, 24] })).toEqual([
      { kind: 'confirmation', hoursBefore: null, dueAt: bookedAt },
      { kind: 'reminder', hoursBefore: 24, dueAt: bookedAt },
    ]);
  });
  it('only confirms with no reminders set, and never reminds a past visit', () => {
    expect(reminderSchedule({ bookedAt: visitAt - 5 * H, visitAt, hoursBefore: [] })).toHaveLength(1);
    expect(reminderSchedule({ bookedAt: visitAt + H, visitAt, hoursBefore: [24] })).toHaveLength(1);
  });
});

describe('quiet hours (21:00–08:00, Europe/Rome)', () => {
  const quiet = { from: '21:00', to: '08:00' };

  it('leaves a message due in the day as it is', () => {
    const due = at('2030-03-09T13:00:00Z'); // 14:00 in Rome (winter, UTC+1)
    expect(outsideQuietHours(due, at('2030-03-10T14:00:00Z'), quiet, ROME)).toBe(due);
  });
  it('holds a message due at 22:00 until 08:00 for a visit later the next day', () => {
    const due = at('2030-03-09T21:00:00Z'); // 22:00 in Rome
    expect(outsideQuietHours(due, at('2030-03-10T14:00:00Z'), quiet, ROME)).toBe(at('2030-03-10T07:00:00Z'));
  });
  it('holds a message due at 02:00 until 08:00 of the same morning', () => {
    const due = at('2030-03-10T01:00:00Z'); // 02:00 in Rome
    expect(outsideQuietHours(due, at('2030-03-11T14:00:00Z'), quiet, ROME)).toBe(at('2030-03-10T07:00:00Z'));
  });
  it('sends at once when the visit is before 10:00 the next day', () => {
    const due = at('2030-03-09T21:00:00Z'); // 22:00 in Rome
    expect(outsideQuietHours(due, at('2030-03-10T08:30:00Z'), quiet, ROME)).toBe(due); // 09:30 in Rome
    const late = at('2030-03-10T01:00:00Z'); // 02:00 in Rome, the night began on the 9th
    expect(outsideQuietHours(late, at('2030-03-10T08:30:00Z'), quiet, ROME)).toBe(late);
  });
  it('reads the wall clock in summer time too (UTC+2)', () => {
    const due = at('2030-07-09T19:30:00Z'); // 21:30 in Rome
    expect(outsideQuietHours(due, at('2030-07-10T12:00:00Z'), quiet, ROME)).toBe(at('2030-07-10T06:00:00Z'));
  });
  it('holds nothing without quiet hours', () => {
    const due = at('2030-03-09T21:00:00Z');
    expect(outsideQuietHours(due, at('2030-03-10T14:00:00Z'), null, ROME)).toBe(due);
  });
});
