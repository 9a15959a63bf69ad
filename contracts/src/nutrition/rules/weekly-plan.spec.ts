import { WEEKDAYS, weekdayOfDate, weekFrom, weekOf } from './weekly-plan';

describe('the weekly plan (a missing weekday repeats the last plan day before it)', () => {
  it('a one-day plan, as every diet saved before plans had days, applies to every day', () => {
    const week = weekOf([{ weekday: 'lunedi' as const, name: 'unico' }]);
    expect(week.map((w) => w.weekday)).toEqual([...WEEKDAYS]);
    expect(week.every((w) => w.day.name === 'unico')).toBe(true);
  });

  it('Tuesday and Wednesday repeat Monday; Friday to Sunday repeat Thursday', () => {
    const week = weekOf([
      { weekday: 'giovedi' as const, name: 'B' },
      { weekday: 'lunedi' as const, name: 'A' },
    ]);
    expect(week.map((w) => w.day.name).join('')).toBe('AAABBBB');
  });

  it('wraps round the week: with only Thursday and Saturday, Monday to Wednesday repeat Saturday', () => {
    const week = weekOf([
      { weekday: 'giovedi' as const, name: 'G' },
      { weekday: 'sabato' as const, name: 'S' },
    ]);
    expect(week.map((w) => w.day.name).join('')).toBe('SSSGGSS');
    expect(weekOf([])).toEqual([]);
  });

  it('knows the weekday of a date (2026-12-05 is a Saturday, 2030-03-04 a Monday) and puts today first', () => {
    expect(weekdayOfDate('2026-12-05')).toBe('sabato');
    expect(weekdayOfDate('2030-03-04')).toBe('lunedi');
    expect(weekdayOfDate('2030-03-10')).toBe('domenica');
    expect(weekFrom('sabato')).toEqual(['sabato', 'domenica', 'lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi']);
  });
});
