import { deciderSpec } from '../event-store/decider-spec';
import { bookingDecider, type BookingEvent, type EndHold } from './booking.decider';

const given = deciderSpec(bookingDecider);
const hold = {
  bookingId: 'b1',
  patientId: 'p1',
  doctorId: 'd1',
  slotId: 'd1~203003040900',
  start: '2030-03-04T09:00:00Z',
  end: '2030-03-04T09:30:00Z',
  expiresAt: '2030-03-04T06:15:00.000Z',
};
const held: BookingEvent = { type: 'BookingHeld', data: hold };
const ended = (reason: 'expired' | 'released' | 'replaced'): BookingEvent => ({ type: 'BookingHoldEnded', data: { bookingId: 'b1', reason } });
const end = (reason: EndHold['reason'], now = '2030-03-04T06:05:00.000Z'): EndHold => ({ type: 'EndHold', bookingId: 'b1', reason, now });

describe('booking decider', () => {
  it('starts a hold once', () => {
    given([]).when({ type: 'StartHold', hold }).then([held]);
    given([held]).when({ type: 'StartHold', hold }).thenThrows('prenotazione_esistente');
  });
  it('ends a held booking as released or replaced at any time', () => {
    given([held]).when(end('released')).then([ended('released')]);
    given([held]).when(end('replaced')).then([ended('replaced')]);
  });
  it('expires a hold only once its time has run out', () => {
    given([held]).when(end('expired')).then([]);
    given([held]).when(end('expired', hold.expiresAt)).then([ended('expired')]);
  });
  it('ending twice, or a booking never held, changes nothing', () => {
    given([held, ended('expired')]).when(end('released')).then([]);
    given([]).when(end('released')).then([]);
  });
});
