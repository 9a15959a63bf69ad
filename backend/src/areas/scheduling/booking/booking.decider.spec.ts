import type { EventData } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import {
  bookingDecider,
  type BookingEvent,
  type CancelBooking,
  type EndHold,
  type RecordOutcome,
  type RequestReschedule,
  type UndoOutcome,
} from './booking.decider';

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
  it('a payment in review (PayPal PENDING): marked once; the hold does not run out meanwhile, the confirmation still comes', () => {
    const review = { type: 'MarkPaymentInReview' as const, bookingId: 'b1', orderId: 'O1' };
    const inReview: BookingEvent = { type: 'BookingPaymentInReview', data: { bookingId: 'b1', orderId: 'O1' } };
    given([held]).when(review).then([inReview]);
    given([held, inReview]).when(review).then([]);
    given([held, inReview]).when(end('expired', '2030-03-04T07:00:00.000Z')).then([]);
    given([held, inReview])
      .when({ type: 'ConfirmBooking', bookingId: 'b1', orderId: 'O1' })
      .then([{ type: 'BookingConfirmed', data: { bookingId: 'b1', orderId: 'O1' } }]);
    given([held, ended('expired')])
      .when(review)
      .thenThrows('prenotazione_non_in_attesa');
  });
  it('starts a hold once', () => {
    given([]).when({ type: 'StartHold', hold }).then([held]);
    given([held]).when({ type: 'StartHold', hold }).thenThrows('prenotazione_esistente');
  });
  it('ends a held booking as released or replaced at any time', () => {
    given([held])
      .when(end('released'))
      .then([ended('released')]);
    given([held])
      .when(end('replaced'))
      .then([ended('replaced')]);
  });
  it('expires a hold only once its time has run out', () => {
    given([held]).when(end('expired')).then([]);
    given([held])
      .when(end('expired', hold.expiresAt))
      .then([ended('expired')]);
  });
  it('ending twice, or a booking never held, changes nothing', () => {
    given([held, ended('expired')])
      .when(end('released'))
      .then([]);
    given([]).when(end('released')).then([]);
  });
});

describe('booking decider: the appointment after payment', () => {
  // the visit: 2030-03-06 09:00 at the practice (Rome, winter: 08:00Z)
  const visit = { ...hold, slotId: 'd1~203003060900', start: '2030-03-06T09:00:00Z', end: '2030-03-06T09:30:00Z' };
  const heldVisit: BookingEvent = { type: 'BookingHeld', data: { ...visit, expiresAt: '2030-03-04T06:15:00.000Z' } };
  const confirmed: BookingEvent = { type: 'BookingConfirmed', data: { bookingId: 'b1', orderId: 'o1' } };
  const policy = (now: string) => ({ now, timeZone: 'Europe/Rome', cutoffHours: 24 });
  const EARLY = '2030-03-04T06:00:00.000Z'; // 50 h before
  const LATE = '2030-03-05T12:00:00.000Z'; // 20 h before
  const PAST = '2030-03-06T08:00:00.000Z'; // the visit's instant
  const ENDED = '2030-03-06T08:30:00.000Z'; // the visit's end (09:30 in Rome)
  const cancel = (by: 'patient' | 'doctor' | 'admin', now: string): CancelBooking => ({
    type: 'CancelBooking',
    bookingId: 'b1',
    by,
    reason: null,
    ...policy(now),
  });
  const cancelled = (by: 'patient' | 'doctor' | 'admin', refund: 'full' | 'none', at: string, start = visit): BookingEvent => ({
    type: 'BookingCancelled',
    data: { bookingId: 'b1', patientId: 'p1', doctorId: 'd1', slotId: start.slotId, start: start.start, end: start.end, by, reason: null, refund, at },
  });
  const request = (by: 'patient' | 'doctor' | 'admin', now: string, requestId = 'r1'): RequestReschedule => ({
    type: 'RequestReschedule',
    bookingId: 'b1',
    requestId,
    by,
    slotId: 'd1~203003071000',
    start: '2030-03-07T10:00:00Z',
    end: '2030-03-07T10:30:00Z',
    ...policy(now),
  });
  const requested = (by: 'patient' | 'doctor' | 'admin', at: string, requestId = 'r1'): BookingEvent => ({
    type: 'BookingRescheduleRequested',
    data: {
      bookingId: 'b1',
      requestId,
      patientId: 'p1',
      doctorId: 'd1',
      orderId: 'o1',
      fromSlotId: visit.slotId,
      fromStart: visit.start,
      fromEnd: visit.end,
      slotId: 'd1~203003071000',
      start: '2030-03-07T10:00:00Z',
      end: '2030-03-07T10:30:00Z',
      by,
      at,
    },
  });
  const moved = (sequence = 1): BookingEvent => ({
    type: 'BookingRescheduled',
    data: {
      bookingId: 'b1',
      patientId: 'p1',
      doctorId: 'd1',
      fromSlotId: visit.slotId,
      fromStart: visit.start,
      fromEnd: visit.end,
      slotId: 'd1~203003071000',
      start: '2030-03-07T10:00:00Z',
      end: '2030-03-07T10:30:00Z',
      sequence,
      by: 'patient',
      at: EARLY,
    },
  });
  const paid = [heldVisit, confirmed];
  const outcome = (o: 'completed' | 'no_show', now = ENDED): RecordOutcome => ({
    type: 'RecordOutcome',
    bookingId: 'b1',
    outcome: o,
    now,
    timeZone: 'Europe/Rome',
  });
  const recorded = (o: 'completed' | 'no_show', at = ENDED): BookingEvent => ({
    type: 'BookingOutcomeRecorded',
    data: { bookingId: 'b1', patientId: 'p1', doctorId: 'd1', outcome: o, at },
  });

  describe('CancelBooking', () => {
    it('a patient before the cut-off: cancelled with a full refund', () =>
      given(paid)
        .when(cancel('patient', EARLY))
        .then([cancelled('patient', 'full', EARLY)]));
    it('a patient after the cut-off: cancelled, no refund', () =>
      given(paid)
        .when(cancel('patient', LATE))
        .then([cancelled('patient', 'none', LATE)]));
    it('the cut-off is measured on the practice clock (24 h before 08:00Z is 08:00Z the day before)', () => {
      given(paid)
        .when(cancel('patient', '2030-03-05T07:59:59.000Z'))
        .then([cancelled('patient', 'full', '2030-03-05T07:59:59.000Z')]);
      given(paid)
        .when(cancel('patient', '2030-03-05T08:00:00.000Z'))
        .then([cancelled('patient', 'none', '2030-03-05T08:00:00.000Z')]);
    });
    it('the practice always refunds in full', () => {
      given(paid)
        .when(cancel('doctor', LATE))
        .then([cancelled('doctor', 'full', LATE)]);
      given(paid)
        .when(cancel('admin', LATE))
        .then([cancelled('admin', 'full', LATE)]);
    });
    it('refuses a past visit, a second cancellation, a held or ended booking, a concluded visit, a move under way', () => {
      given(paid).when(cancel('doctor', PAST)).thenThrows('visita_passata');
      given([...paid, cancelled('patient', 'full', EARLY)])
        .when(cancel('patient', EARLY))
        .thenThrows('prenotazione_gia_annullata');
      given([heldVisit]).when(cancel('patient', EARLY)).thenThrows('prenotazione_non_confermata');
      given([heldVisit, ended('expired')])
        .when(cancel('patient', EARLY))
        .thenThrows('prenotazione_non_confermata');
      given([...paid, recorded('completed')])
        .when(cancel('admin', PAST))
        .thenThrows('visita_conclusa');
      given([...paid, requested('patient', EARLY)])
        .when(cancel('patient', EARLY))
        .thenThrows('spostamento_in_corso');
    });
    it('after a move, cancels the new slot', () =>
      given([...paid, requested('patient', EARLY), moved()])
        .when(cancel('doctor', EARLY))
        .then([cancelled('doctor', 'full', EARLY, { ...visit, slotId: 'd1~203003071000', start: '2030-03-07T10:00:00Z', end: '2030-03-07T10:30:00Z' })]));
  });

  describe('SettleCancellation', () => {
    const settle = { type: 'SettleCancellation' as const, bookingId: 'b1', refundId: 'R1' };
    it('ends a cancellation once', () => {
      given([...paid, cancelled('patient', 'full', EARLY)])
        .when(settle)
        .then([{ type: 'BookingCancellationSettled', data: { bookingId: 'b1', refundId: 'R1' } }]);
      given([...paid, cancelled('patient', 'full', EARLY), { type: 'BookingCancellationSettled', data: { bookingId: 'b1', refundId: 'R1' } }])
        .when(settle)
        .then([]);
    });
    it('refuses a booking that is not cancelled', () => given(paid).when(settle).thenThrows('prenotazione_non_annullata'));
  });

  describe('RequestReschedule / CompleteReschedule / AbandonReschedule', () => {
    it('records the intent with where it comes from', () =>
      given(paid)
        .when(request('patient', EARLY))
        .then([requested('patient', EARLY)]));
    it('a patient may not move it after the cut-off; the practice may', () => {
      given(paid).when(request('patient', LATE)).thenThrows('termine_superato');
      given(paid)
        .when(request('doctor', LATE))
        .then([requested('doctor', LATE)]);
    });
    it('refuses a past visit, the same slot, a second move under way, a cancelled booking', () => {
      given(paid).when(request('admin', PAST)).thenThrows('visita_passata');
      given(paid)
        .when({ ...request('patient', EARLY), slotId: visit.slotId, start: visit.start })
        .thenThrows('stesso_orario');
      given([...paid, requested('patient', EARLY)])
        .when(request('patient', EARLY, 'r2'))
        .thenThrows('spostamento_in_corso');
      given([...paid, cancelled('patient', 'full', EARLY)])
        .when(request('patient', EARLY))
        .thenThrows('prenotazione_gia_annullata');
    });
    it('moves the booking once, counting the moves', () => {
      given([...paid, requested('patient', EARLY)])
        .when({ type: 'CompleteReschedule', bookingId: 'b1', requestId: 'r1' })
        .then([moved(1)]);
      given([...paid, requested('patient', EARLY), moved(1)])
        .when({ type: 'CompleteReschedule', bookingId: 'b1', requestId: 'r1' })
        .then([]);
      // a second move, from where the first one left it: sequence 2
      const second: BookingEvent = {
        type: 'BookingRescheduleRequested',
        data: {
          ...(requested('patient', EARLY, 'r2').data as EventData<'BookingRescheduleRequested'>),
          fromSlotId: 'd1~203003071000',
          fromStart: '2030-03-07T10:00:00Z',
          fromEnd: '2030-03-07T10:30:00Z',
          slotId: 'd1~203003081100',
          start: '2030-03-08T11:00:00Z',
          end: '2030-03-08T11:30:00Z',
        },
      };
      given([...paid, requested('patient', EARLY), moved(1), second])
        .when({ type: 'CompleteReschedule', bookingId: 'b1', requestId: 'r2' })
        .then([
          {
            type: 'BookingRescheduled',
            data: {
              ...(moved(2).data as EventData<'BookingRescheduled'>),
              fromSlotId: 'd1~203003071000',
              fromStart: '2030-03-07T10:00:00Z',
              fromEnd: '2030-03-07T10:30:00Z',
              slotId: 'd1~203003081100',
              start: '2030-03-08T11:00:00Z',
              end: '2030-03-08T11:30:00Z',
            },
          },
        ]);
    });
    it('abandons a refused move once; the booking keeps its slot and may be moved again', () => {
      const abandoned: BookingEvent = { type: 'BookingRescheduleAbandoned', data: { bookingId: 'b1', requestId: 'r1', reason: 'preso' } };
      given([...paid, requested('patient', EARLY)])
        .when({ type: 'AbandonReschedule', bookingId: 'b1', requestId: 'r1', reason: 'preso' })
        .then([abandoned]);
      given([...paid, requested('patient', EARLY), abandoned])
        .when({ type: 'AbandonReschedule', bookingId: 'b1', requestId: 'r1', reason: 'preso' })
        .then([]);
      given([...paid, requested('patient', EARLY), abandoned])
        .when({ type: 'CompleteReschedule', bookingId: 'b1', requestId: 'r1' })
        .then([]);
      given([...paid, requested('patient', EARLY), abandoned])
        .when(request('patient', EARLY, 'r2'))
        .then([requested('patient', EARLY, 'r2')]);
    });
  });

  describe('RecordOutcome', () => {
    it('given a paid visit that has begun but not ended, when an outcome is recorded, then 409: only after the end', () => {
      given(paid).when(outcome('completed', PAST)).thenThrows('visita_non_ancora_avvenuta');
      given(paid).when(outcome('no_show', '2030-03-06T08:29:59.999Z')).thenThrows('visita_non_ancora_avvenuta');
    });
    it('records completed or no-show once the visit has ended', () => {
      given(paid)
        .when(outcome('completed'))
        .then([recorded('completed')]);
      given(paid)
        .when(outcome('no_show'))
        .then([recorded('no_show')]);
    });
    it('refuses before the visit, on a cancelled booking, and a different second outcome; the same again changes nothing', () => {
      given(paid).when(outcome('completed', LATE)).thenThrows('visita_non_ancora_avvenuta');
      given([...paid, cancelled('patient', 'full', EARLY)])
        .when(outcome('no_show'))
        .thenThrows('prenotazione_gia_annullata');
      given([...paid, recorded('no_show')])
        .when(outcome('completed'))
        .thenThrows('esito_gia_registrato');
      given([...paid, recorded('no_show')])
        .when(outcome('no_show'))
        .then([]);
    });
  });

  describe('UndoOutcome ("Annulla esito")', () => {
    const undo = (now: string): UndoOutcome => ({ type: 'UndoOutcome', bookingId: 'b1', now });
    const undone = (o: 'completed' | 'no_show', at: string): BookingEvent => ({
      type: 'BookingOutcomeUndone',
      data: { bookingId: 'b1', patientId: 'p1', doctorId: 'd1', outcome: o, at },
    });
    const WITHIN = '2030-03-07T08:30:00.000Z'; // 24 h after recording, to the millisecond
    const TOO_LATE = '2030-03-07T08:30:00.001Z';

    it('given an outcome recorded, when undone within 24 hours, then it is withdrawn and the booking is confirmed again', () => {
      given([...paid, recorded('no_show')])
        .when(undo(WITHIN))
        .then([undone('no_show', WITHIN)]);
      // confirmed again: another outcome can be recorded, and the same undo again finds nothing to undo
      given([...paid, recorded('no_show'), undone('no_show', WITHIN)])
        .when(outcome('completed', WITHIN))
        .then([recorded('completed', WITHIN)]);
      given([...paid, recorded('no_show'), undone('no_show', WITHIN)])
        .when(undo(WITHIN))
        .thenThrows('esito_non_registrato');
    });

    it('given an outcome recorded more than 24 hours ago, when undone, then 409 annullamento_esito_scaduto', () => {
      given([...paid, recorded('completed')])
        .when(undo(TOO_LATE))
        .thenThrows('annullamento_esito_scaduto');
    });

    it('given no outcome (confirmed, cancelled or only held), when undone, then 409 in Italian', () => {
      given(paid).when(undo(WITHIN)).thenThrows('esito_non_registrato');
      given([...paid, cancelled('patient', 'full', EARLY)])
        .when(undo(WITHIN))
        .thenThrows('prenotazione_gia_annullata');
      given([heldVisit]).when(undo(WITHIN)).thenThrows('prenotazione_non_confermata');
    });
  });

  it('a retried payment confirmation of a cancelled booking changes nothing', () =>
    given([...paid, cancelled('patient', 'full', EARLY)])
      .when({ type: 'ConfirmBooking', bookingId: 'b1', orderId: 'o1' })
      .then([]));
});
