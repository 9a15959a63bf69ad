import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { roomsDecider, type RoomEvent } from './rooms.decider';

const given = deciderSpec(roomsDecider);
const taken = (bookingId: string, roomId: string, start = '2030-03-05T09:00:00Z', end = '2030-03-05T09:30:00Z'): RoomEvent => ({
  type: 'RoomTaken',
  data: { locationId: 'sede1', roomId, bookingId, start, end },
});
const take = (bookingId: string, start = '2030-03-05T09:00:00Z', end = '2030-03-05T09:30:00Z', roomIds = ['r1', 'r2']) =>
  ({ type: 'TakeRoom', locationId: 'sede1', bookingId, start, end, roomIds }) as const;

describe('rooms decider', () => {
  it('a visit takes the first free room', () =>
    given([])
      .when(take('b1'))
      .then([taken('b1', 'r1')]));
  it('a second visit at the same time takes the next room', () =>
    given([taken('b1', 'r1')])
      .when(take('b2'))
      .then([taken('b2', 'r2')]));
  it('no room left at that time: refused in Italian, saying why', () =>
    given([taken('b1', 'r1'), taken('b2', 'r2')])
      .when(take('b3'))
      .thenThrows('stanza_non_libera'));
  it('a visit overlapping only in part still needs another room; one right after reuses it', () => {
    given([taken('b1', 'r1', '2030-03-05T09:00:00Z', '2030-03-05T10:00:00Z')])
      .when(take('b2', '2030-03-05T09:30:00Z', '2030-03-05T10:00:00Z', ['r1']))
      .thenThrows('stanza_non_libera');
    given([taken('b1', 'r1')])
      .when(take('b2', '2030-03-05T09:30:00Z', '2030-03-05T10:00:00Z', ['r1']))
      .then([taken('b2', 'r1', '2030-03-05T09:30:00Z', '2030-03-05T10:00:00Z')]);
  });
  it('taking again for the same booking changes nothing (a retried or resumed step)', () =>
    given([taken('b1', 'r2')])
      .when(take('b1'))
      .then([]));
  it('a visit moved on the same day gives its old time’s room back and takes one at the new time, in one append', () => {
    const moved = (roomId: string) => [
      { type: 'RoomReleased', data: { locationId: 'sede1', roomId: 'r2', bookingId: 'b1', reason: 'rescheduled' } } as RoomEvent,
      taken('b1', roomId, '2030-03-05T10:00:00Z', '2030-03-05T10:30:00Z'),
    ];
    // its own room is kept when free at the new time
    given([taken('b1', 'r2')])
      .when(take('b1', '2030-03-05T10:00:00Z', '2030-03-05T10:30:00Z'))
      .then(moved('r2'));
    // taken there by another visit: the next free one
    given([taken('b1', 'r2'), taken('b2', 'r2', '2030-03-05T10:00:00Z', '2030-03-05T10:30:00Z')])
      .when(take('b1', '2030-03-05T10:00:00Z', '2030-03-05T10:30:00Z'))
      .then(moved('r1'));
    // none free at the new time: refused, the old time's room stays
    given([
      taken('b1', 'r2'),
      taken('b2', 'r1', '2030-03-05T10:00:00Z', '2030-03-05T10:30:00Z'),
      taken('b3', 'r2', '2030-03-05T10:00:00Z', '2030-03-05T10:30:00Z'),
    ])
      .when(take('b1', '2030-03-05T10:00:00Z', '2030-03-05T10:30:00Z'))
      .thenThrows('stanza_non_libera');
    // its own old time never blocks it: half an hour later, overlapping the old hour, it keeps the room
    given([taken('b1', 'r1', '2030-03-05T09:00:00Z', '2030-03-05T10:00:00Z')])
      .when(take('b1', '2030-03-05T09:30:00Z', '2030-03-05T10:30:00Z', ['r1']))
      .then([
        { type: 'RoomReleased', data: { locationId: 'sede1', roomId: 'r1', bookingId: 'b1', reason: 'rescheduled' } },
        taken('b1', 'r1', '2030-03-05T09:30:00Z', '2030-03-05T10:30:00Z'),
      ]);
  });
  it('a released room is free again', () =>
    given([taken('b1', 'r1'), { type: 'RoomReleased', data: { locationId: 'sede1', roomId: 'r1', bookingId: 'b1', reason: 'expired' } }])
      .when(take('b2', undefined, undefined, ['r1']))
      .then([taken('b2', 'r1')]));
  it('release gives back the booking’s room once; another booking’s room is never touched', () => {
    given([taken('b1', 'r1')])
      .when({ type: 'ReleaseRoom', locationId: 'sede1', bookingId: 'b1', reason: 'released' })
      .then([{ type: 'RoomReleased', data: { locationId: 'sede1', roomId: 'r1', bookingId: 'b1', reason: 'released' } }]);
    given([taken('b1', 'r1')])
      .when({ type: 'ReleaseRoom', locationId: 'sede1', bookingId: 'b2', reason: 'released' })
      .then([]);
    given([]).when({ type: 'ReleaseRoom', locationId: 'sede1', bookingId: 'b1', reason: 'released' }).then([]);
  });
});
