import { countdown, dayLong, dayShort, nextDays, utcClock, utcDay, utcDayLong } from './dates';

describe('dates', () => {
  test('the next days from a local date, across a month end and a DST change', () => {
    expect(nextDays(new Date(2025, 2, 29), 4)).toEqual(['2025-03-29', '2025-03-30', '2025-03-31', '2025-04-01']);
    expect(nextDays(new Date(2025, 0, 1), 28)).toHaveLength(28);
  });

  test('Italian day labels of a calendar day', () => {
    expect(dayShort('2025-03-10')).toBe('lun 10 mar');
    expect(dayLong('2025-03-10')).toBe('lunedì 10 marzo');
  });

  test('slot instants read in UTC (the practice wall clock)', () => {
    expect(utcDay('2025-03-10T23:30:00Z')).toBe('2025-03-10');
    expect(utcClock('2025-03-10T23:30:00Z')).toBe('23:30');
    expect(utcDayLong('2025-03-10T23:30:00Z')).toBe('lunedì 10 marzo 2025');
  });

  test('countdown: m:ss, h:mm:ss, never negative', () => {
    expect(countdown(9 * 60_000 + 5_000)).toBe('9:05');
    expect(countdown(3_723_000)).toBe('1:02:03');
    expect(countdown(-5)).toBe('0:00');
    expect(countdown(400)).toBe('0:01');
  });
});
