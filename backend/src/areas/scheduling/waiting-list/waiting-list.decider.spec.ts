import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { waitingListDecider, type WaitingListEvent } from './waiting-list.decider';

const given = deciderSpec(waitingListDecider);
const joined = (entryId: string, patientId: string): WaitingListEvent => ({
  type: 'WaitingListJoined',
  data: { entryId, doctorId: 'd1', patientId, from: '2030-03-05', to: '2030-03-06', at: 'x' },
});
const offer = (entryId: string, patientId: string, bookingId: string, slotId = 's1') => ({
  entryId,
  patientId,
  doctorId: 'd1',
  slotId,
  start: '2030-03-05T09:00:00Z',
  end: '2030-03-05T09:30:00Z',
  bookingId,
  expiresAt: 'x',
  at: 'x',
});
const reserved = (entryId: string, patientId: string, bookingId: string, slotId = 's1'): WaitingListEvent => ({
  type: 'WaitingListOfferReserved',
  data: offer(entryId, patientId, bookingId, slotId),
});

describe('waiting list decider', () => {
  it('a patient joins once per doctor', () => {
    given([])
      .when({ type: 'Join', entryId: 'e1', doctorId: 'd1', patientId: 'p1', from: '2030-03-05', to: '2030-03-06', at: 'x' })
      .then([joined('e1', 'p1')]);
    given([joined('e1', 'p1')])
      .when({ type: 'Join', entryId: 'e2', doctorId: 'd1', patientId: 'p1', from: '2030-03-05', to: '2030-03-06', at: 'x' })
      .thenThrows('gia_in_lista');
  });

  it('never two open offers to one patient, never two reservations of one slot', () => {
    given([joined('e1', 'p1'), reserved('e1', 'p1', 'b1')])
      .when({ type: 'ReserveOffer', offer: offer('e1', 'p1', 'b2', 's2') })
      .thenThrows('offerta_in_corso');
    given([joined('e1', 'p1'), joined('e2', 'p2'), reserved('e1', 'p1', 'b1')])
      .when({ type: 'ReserveOffer', offer: offer('e2', 'p2', 'b2') })
      .thenThrows('orario_gia_proposto');
    given([joined('e1', 'p1'), reserved('e1', 'p1', 'b1')])
      .when({ type: 'ReserveOffer', offer: offer('e1', 'p1', 'b1') })
      .then([]);
  });

  it('an offer taken ends the wait; one declined frees the patient for another slot', () => {
    given([joined('e1', 'p1'), reserved('e1', 'p1', 'b1'), { type: 'WaitingListOfferMade', data: { entryId: 'e1', bookingId: 'b1', at: 'x' } }])
      .when({ type: 'EndOffer', bookingId: 'b1', outcome: 'taken', at: 'y' })
      .then([
        { type: 'WaitingListOfferEnded', data: { entryId: 'e1', bookingId: 'b1', outcome: 'taken', at: 'y' } },
        { type: 'WaitingListLeft', data: { entryId: 'e1', reason: 'booked', at: 'y' } },
      ]);
    const declined: WaitingListEvent = { type: 'WaitingListOfferEnded', data: { entryId: 'e1', bookingId: 'b1', outcome: 'declined', at: 'y' } };
    given([joined('e1', 'p1'), reserved('e1', 'p1', 'b1')])
      .when({ type: 'EndOffer', bookingId: 'b1', outcome: 'declined', at: 'y' })
      .then([declined]);
    given([joined('e1', 'p1'), reserved('e1', 'p1', 'b1'), declined])
      .when({ type: 'EndOffer', bookingId: 'b1', outcome: 'declined', at: 'y' })
      .then([]);
    given([joined('e1', 'p1'), reserved('e1', 'p1', 'b1'), declined])
      .when({ type: 'ReserveOffer', offer: offer('e1', 'p1', 'b2', 's2') })
      .then([reserved('e1', 'p1', 'b2', 's2')]);
  });
});
