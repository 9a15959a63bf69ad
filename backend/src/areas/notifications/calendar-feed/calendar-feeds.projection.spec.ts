import { calendarFeedsProjection } from './calendar-feeds.projection';
import { foldDocuments as fold, recorded as event } from '../../../testing/evolve-fixtures';

const stream = 'calendarfeed-d1';
const sealed = (n: number) => ({ keyId: 'k', iv: `iv${n}`, tag: 'g', data: `t${n}` });
const issued = (n: number) => event(stream, 'CalendarFeedIssued', { doctorId: 'd1', token: sealed(n), tokenHash: `h${n}`, at: 'x' });
const settings = (showPatientName: boolean) => event(stream, 'CalendarFeedSettingsChanged', { doctorId: 'd1', showPatientName, at: 'x' });

describe('calendar_feeds projection', () => {
  it('the newest token replaces the old one; the setting is kept across a regeneration', () => {
    const doc = fold(calendarFeedsProjection, [issued(1), settings(true), issued(2)]).get('d1');
    expect(doc).toEqual({ id: 'd1', issued: expect.objectContaining({ tokenHash: 'h2' }), showPatientName: true });
  });
  it('a setting before any token: no token yet, the setting kept', () => {
    expect(fold(calendarFeedsProjection, [settings(true)]).get('d1')).toEqual({ id: 'd1', issued: null, showPatientName: true });
    expect(fold(calendarFeedsProjection, [settings(true), settings(false)]).get('d1')?.showPatientName).toBe(false);
  });
});
