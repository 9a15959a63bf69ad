import { waitingListEntriesProjection } from './waiting-list.projection';
import { foldDocuments as fold, recorded as event } from '../../../testing/evolve-fixtures';

const stream = 'waitinglist-d1';
const joined = event(stream, 'WaitingListJoined', { entryId: 'e1', doctorId: 'd1', patientId: 'p1', from: '2030-03-04', to: '2030-03-08', at: 'x' });
const reserved = (bookingId: string) =>
  event(stream, 'WaitingListOfferReserved', {
    entryId: 'e1',
    patientId: 'p1',
    doctorId: 'd1',
    slotId: 's1',
    start: '2030-03-04T09:00:00Z',
    end: '2030-03-04T09:30:00Z',
    bookingId,
    expiresAt: 'x',
    at: 'x',
  });

describe('waiting_list_entries projection', () => {
  it('a place joins waiting, with no offer; leaving ends it', () => {
    expect(fold(waitingListEntriesProjection, [joined]).get('e1')).toEqual({
      id: 'e1',
      doctorId: 'd1',
      patientId: 'p1',
      from: '2030-03-04',
      to: '2030-03-08',
      status: 'waiting',
      offer: null,
    });
    expect(fold(waitingListEntriesProjection, [joined, event(stream, 'WaitingListLeft', { entryId: 'e1', reason: 'left', at: 'x' })]).get('e1')?.status).toBe(
      'left',
    );
  });
  it('an offer is in progress from its reservation until withdrawn or ended; an older offer ending leaves the newer alone', () => {
    expect(fold(waitingListEntriesProjection, [joined, reserved('b1')]).get('e1')?.offer).toBe('b1');
    const withdrawn = event(stream, 'WaitingListOfferWithdrawn', { entryId: 'e1', bookingId: 'b1', at: 'x' });
    expect(fold(waitingListEntriesProjection, [joined, reserved('b1'), withdrawn]).get('e1')?.offer).toBeNull();
    const ended = (bookingId: string) => event(stream, 'WaitingListOfferEnded', { entryId: 'e1', bookingId, outcome: 'declined', at: 'x' });
    expect(fold(waitingListEntriesProjection, [joined, reserved('b1'), ended('b1')]).get('e1')?.offer).toBeNull();
    expect(fold(waitingListEntriesProjection, [joined, reserved('b1'), reserved('b2'), ended('b1')]).get('e1')?.offer).toBe('b2');
  });
});
