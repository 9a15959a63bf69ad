import { weeklySchedulesProjection } from './weekly-schedules.projection';
import { foldDocuments as fold, recorded as event } from '../../../testing/evolve-fixtures';

const week = (from: string) => [[{ from, to: '13:00' }], [], [], [], [], [], []];
const set = (from: string) => event('schedule-d1', 'WeeklyScheduleSet', { doctorId: 'd1', days: week(from) });

describe('weekly_schedules projection', () => {
  it("the latest schedule set is the doctor's; a closure does not touch it", () => {
    const closure = event('schedule-d1', 'AvailabilityClosureAdded', {
      doctorId: 'd1',
      closureId: 'c1',
      from: '2030-08-01',
      to: '2030-08-15',
      reason: 'ferie',
    });
    expect(fold(weeklySchedulesProjection, [set('09:00'), closure, set('10:00')]).get('d1')).toEqual({ id: 'd1', days: week('10:00') });
  });
});
