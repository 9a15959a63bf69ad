import { foldDocuments as fold, recorded as event } from '../../../testing/evolve-fixtures';
import { roomsTakenProjection } from './rooms-taken.projection';

const MON = 'room-sede1-2030-03-11';
const TUE = 'room-sede1-2030-03-12';
const taken = (stream: string, start: string) =>
  event(stream, 'RoomTaken', { locationId: 'sede1', roomId: 'r1', bookingId: 'b1', start, end: start.replace(':00:00Z', ':30:00Z') });
const released = (stream: string) => event(stream, 'RoomReleased', { locationId: 'sede1', roomId: 'r1', bookingId: 'b1', reason: 'rescheduled' });
const takenAt = (docs: Map<string, { taken: boolean; start: string } | null>) =>
  [...docs.values()].filter((d) => d?.taken && roomsTakenProjection.indexes.location_id.value(d as never) === 'sede1').map((d) => d!.start);

describe('rooms_taken projection', () => {
  it('a visit moved to another day: the old day’s release leaves the new day’s room taken', () => {
    const docs = fold(roomsTakenProjection, [taken(MON, '2030-03-11T09:00:00Z'), taken(TUE, '2030-03-12T10:00:00Z'), released(MON)]);
    expect(takenAt(docs)).toEqual(['2030-03-12T10:00:00Z']);
  });
  it('moved on the same day: released and taken again on one stream, the new time taken', () => {
    const docs = fold(roomsTakenProjection, [taken(MON, '2030-03-11T09:00:00Z'), released(MON), taken(MON, '2030-03-11T10:00:00Z')]);
    expect(takenAt(docs)).toEqual(['2030-03-11T10:00:00Z']);
    expect(takenAt(fold(roomsTakenProjection, [taken(MON, '2030-03-11T09:00:00Z'), released(MON)]))).toEqual([]);
  });
});
