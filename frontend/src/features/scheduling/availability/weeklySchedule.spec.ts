import { addDays, applyRange, checkWeek, copyMondayToWeekdays, emptyWeek, HALF_HOURS, mondayOf, nextRange } from './weeklySchedule';

describe('weekly schedule helpers', () => {
  it('offers every half hour from 00:00 to 24:00', () => {
    expect(HALF_HOURS).toHaveLength(49);
    expect([HALF_HOURS[0], HALF_HOURS[19], HALF_HOURS[48]]).toEqual(['00:00', '09:30', '24:00']);
  });

  it('suggests a morning range first, then one an hour after the last', () => {
    expect(nextRange([])).toEqual({ from: '09:00', to: '13:00' });
    expect(nextRange([{ from: '09:00', to: '13:00' }])).toEqual({ from: '14:00', to: '18:00' });
  });

  it("copies Monday's ranges onto Tuesday–Friday only", () => {
    const week = emptyWeek();
    week[0] = [
      { from: '09:00', to: '13:00' },
      { from: '15:00', to: '19:00' },
    ];
    week[5] = [{ from: '09:00', to: '12:00' }];
    const copied = copyMondayToWeekdays(week);
    expect(copied.slice(1, 5)).toEqual([week[0], week[0], week[0], week[0]]);
    expect(copied[5]).toEqual([{ from: '09:00', to: '12:00' }]);
    expect(copied[6]).toEqual([]);
  });

  it("checks the week with the contracts' rules: overlapping ranges and an end before the start are refused in Italian", () => {
    const week = emptyWeek();
    week[0] = [
      { from: '09:00', to: '13:00' },
      { from: '12:00', to: '14:00' },
    ];
    expect(checkWeek(week)).toEqual({ ok: false, message: 'Le fasce orarie di uno stesso giorno non devono sovrapporsi' });
    week[0] = [{ from: '13:00', to: '09:00' }];
    expect(checkWeek(week)).toEqual({ ok: false, message: 'L’orario di fine deve seguire quello di inizio' });
    week[0] = [{ from: '09:00', to: '13:00' }];
    expect(checkWeek(week).ok).toBe(true);
  });

  it('computes days across months and the Monday of a week', () => {
    expect(addDays('2030-02-27', 2)).toBe('2030-03-01');
    expect(mondayOf('2030-03-07')).toBe('2030-03-04'); // a Thursday
    expect(mondayOf('2030-03-10')).toBe('2030-03-04'); // a Sunday
    expect(mondayOf('2030-03-04')).toBe('2030-03-04');
    expect(applyRange('2030-03-04', 4)).toEqual({ from: '2030-03-04', to: '2030-03-31' });
  });
});
