import { isTimeZone, practiceInstant, practiceWallClock } from './practice-time';

describe('practice wall clock ↔ real instant', () => {
  it('Rome is UTC+1 in winter and UTC+2 in summer', () => {
    expect(practiceInstant('2030-03-04T09:00:00Z', 'Europe/Rome').toISOString()).toBe('2030-03-04T08:00:00.000Z');
    expect(practiceInstant('2030-07-01T09:00:00Z', 'Europe/Rome').toISOString()).toBe('2030-07-01T07:00:00.000Z');
  });
  it('works on both DST days', () => {
    // 2030-03-31: 02:00 → 03:00; 2030-10-27: 03:00 → 02:00
    expect(practiceInstant('2030-03-31T01:30:00Z', 'Europe/Rome').toISOString()).toBe('2030-03-31T00:30:00.000Z');
    expect(practiceInstant('2030-03-31T03:30:00Z', 'Europe/Rome').toISOString()).toBe('2030-03-31T01:30:00.000Z');
    expect(practiceInstant('2030-03-31T02:30:00Z', 'Europe/Rome').toISOString()).toBe('2030-03-31T01:30:00.000Z'); // skipped: one hour later
    expect(practiceInstant('2030-10-27T09:00:00Z', 'Europe/Rome').toISOString()).toBe('2030-10-27T08:00:00.000Z');
    expect(practiceInstant('2030-10-26T09:00:00Z', 'Europe/Rome').toISOString()).toBe('2030-10-26T07:00:00.000Z');
  });
  it('UTC is the identity', () => {
    expect(practiceInstant('2030-03-04T09:00:00Z', 'UTC').toISOString()).toBe('2030-03-04T09:00:00.000Z');
  });
  it('knows an IANA zone from a typo', () => {
    expect(isTimeZone('Europe/Rome')).toBe(true);
    expect(isTimeZone('Europe/Roma')).toBe(false);
  });
  it('reads the wall clock at an instant, as UTC like the slots, across both offsets', () => {
    expect(new Date(practiceWallClock(Date.parse('2030-03-04T08:15:30.400Z'), 'Europe/Rome')).toISOString()).toBe('2030-03-04T09:15:30.000Z');
    expect(new Date(practiceWallClock(Date.parse('2030-07-01T07:15:00Z'), 'Europe/Rome')).toISOString()).toBe('2030-07-01T09:15:00.000Z');
    // its inverse on an ordinary hour
    expect(practiceInstant(new Date(practiceWallClock(Date.parse('2030-10-10T10:00:00Z'), 'Europe/Rome')).toISOString(), 'Europe/Rome').toISOString()).toBe(
      '2030-10-10T10:00:00.000Z',
    );
  });
});
