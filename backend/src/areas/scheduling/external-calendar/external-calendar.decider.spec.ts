import type { Sealed } from '@studio/contracts';
import { decide, evolve, initialState, type ExternalCalendarEvent, type ExternalCalendarState } from './external-calendar.decider';

const fold = (events: ExternalCalendarEvent[]): ExternalCalendarState => events.reduce(evolve, initialState());
const sync = (over: Partial<{ ctag: string | null; busyTimes: number; closed: number; reopened: number }> = {}) => ({
  doctorId: 'm1',
  at: '2030-03-04T06:00:00.000Z',
  ctag: 'v1',
  busyTimes: 3,
  closed: 0,
  reopened: 0,
  conflicts: [],
  ...over,
});
const connected: ExternalCalendarEvent = { type: 'ExternalCalendarConnected', data: { doctorId: 'm1', connection: {} as Sealed, connectedBy: 'm1' } };
const synced = (data = sync()): ExternalCalendarEvent => ({ type: 'ExternalCalendarSynced', data });

describe('external calendar decider: a sync that finds what the last one found appends nothing', () => {
  it('leaves out a sync of the same calendar version with the same outcome', () => {
    const state = fold([connected, synced(sync({ closed: 2 }))]);
    expect(decide({ type: 'RecordSync', sync: { ...sync(), at: '2030-03-04T06:15:00.000Z' } }, state)).toEqual([]);
  });

  it('records a new calendar version, a different outcome, slots that moved, and the first sync after a failure or a new connection', () => {
    const state = fold([connected, synced()]);
    expect(decide({ type: 'RecordSync', sync: sync({ ctag: 'v2' }) }, state)).toHaveLength(1);
    expect(decide({ type: 'RecordSync', sync: sync({ busyTimes: 4 }) }, state)).toHaveLength(1);
    expect(decide({ type: 'RecordSync', sync: sync({ reopened: 1 }) }, state)).toHaveLength(1);
    const failed = evolve(state, { type: 'ExternalCalendarSyncFailed', data: { doctorId: 'm1', at: 'x', reason: 'non risponde' } });
    expect(decide({ type: 'RecordSync', sync: sync() }, failed)).toHaveLength(1);
    expect(decide({ type: 'RecordSync', sync: sync() }, evolve(state, connected))).toHaveLength(1);
  });

  it('records nothing for a calendar disconnected meanwhile', () => {
    const state = fold([connected, synced(), { type: 'ExternalCalendarDisconnected', data: { doctorId: 'm1', disconnectedBy: 'm1' } }]);
    expect(decide({ type: 'RecordSync', sync: sync({ ctag: 'v9' }) }, state)).toEqual([]);
  });
});
