import { STREAM_PREFIX } from '@studio/contracts';
import type { BookedVisit, BookingActor, BookingStatus, Sealed } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** one document per booking: what the patient's list, the booking page and the expiry sweep read */
export interface BookingDoc {
  id: string;
  patientId: string;
  doctorId: string;
  slotId: string;
  start: string;
  end: string;
  status: BookingStatus;
  expiresAt: string;
  /**
   * replaced by a newer hold of the patient (PatientHoldClaimed) while its slot is still held: the
   * flow that replaced it, or the sweep after a crash, gives the slot back
   */
  releasePending?: boolean;
  /** the paying order, once confirmed */
  orderId?: string;
  /** PayPal holds the capture of this order for review ("pagamento in verifica"): the expiry sweep leaves the hold alone */
  paymentInReview?: string;
  /** a cancellation's refund decision */
  refund?: 'full' | 'none';
  /** who cancelled and the reason they gave (sealed with the patient's key): the patient's list shows them */
  cancelledBy?: BookingActor;
  cancellationReason?: Sealed | null;
  /** the order was refunded by the cancellation (its settle step) */
  refundId?: string | null;
  /**
   * a cancel or reschedule workflow still under way: the resume sweep finds it by this
   * (cleared by the cancellation's settle step, by the freed old slot, or by an abandoned move)
   */
  pending?: { kind: 'cancel' } | { kind: 'reschedule'; requestId: string; fromStart: string; start: string; fromLocationId?: string } | null;
  /** the visit type booked, as held */
  visit?: BookedVisit;
  /** the practice's location of the visit, when the weekly schedule gave one at the hold */
  locationId?: string;
  /** when the outcome (completed, no_show) was recorded: it can be undone for 24 hours */
  outcomeAt?: string;
  /** the `sequence` of its latest BookingRescheduled, as the emails and the calendar feed number its moves (absent: never moved) */
  sequence?: number;
}

type HoldData = Pick<BookingDoc, 'patientId' | 'doctorId' | 'slotId' | 'start' | 'end' | 'expiresAt'> & { bookingId: string };

const held = (d: HoldData): BookingDoc => ({
  id: d.bookingId,
  patientId: d.patientId,
  doctorId: d.doctorId,
  slotId: d.slotId,
  start: d.start,
  end: d.end,
  status: 'held',
  expiresAt: d.expiresAt,
});

/**
 * The booking stream is the source; the slot's own events are read too, so that a hold whose
 * booking stream was never written (a crash between the two appends) still shows up here and
 * is expired by the sweep instead of keeping the slot forever.
 */
type BookingsEvent =
  | 'BookingHeld'
  | 'BookingHoldEnded'
  | 'SlotHeld'
  | 'SlotHoldReleased'
  | 'BookingConfirmed'
  | 'BookingPaymentInReview'
  | 'BookingCancelled'
  | 'BookingCancellationSettled'
  | 'BookingRescheduleRequested'
  | 'BookingRescheduleAbandoned'
  | 'BookingRescheduled'
  | 'SlotFreed'
  | 'BookingOutcomeRecorded'
  | 'BookingOutcomeUndone'
  | 'PatientHoldClaimed'
  | 'RoomTaken';

export const bookingsProjection: ProjectionDefinition<BookingDoc, BookingsEvent> = {
  name: 'bookings',
  // 2: BookingConfirmed; 3: cancel, reschedule, outcome; 4: PatientHoldClaimed; 5: BookingPaymentInReview; 6: visits longer than a slot, visit type;
  // 7: the outcome's time and its undo; 8: who cancelled and why; 9: the moves' sequence (the calendar feed); 10: the room's location;
  // 11: a move's old location
  version: 11,
  streamPrefixes: [STREAM_PREFIX.booking, STREAM_PREFIX.availability, STREAM_PREFIX.patientHold, STREAM_PREFIX.room],
  eventTypes: [
    'BookingHeld',
    'BookingHoldEnded',
    'SlotHeld',
    'SlotHoldReleased',
    'BookingConfirmed',
    'BookingPaymentInReview',
    'BookingCancelled',
    'BookingCancellationSettled',
    'BookingRescheduleRequested',
    'BookingRescheduleAbandoned',
    'BookingRescheduled',
    'SlotFreed',
    'BookingOutcomeRecorded',
    'BookingOutcomeUndone',
    'PatientHoldClaimed',
    'RoomTaken',
  ],
  // a claim changes the booking it replaces
  documentId: (event) => (event.type === 'PatientHoldClaimed' ? event.data.replaces : event.data.bookingId),
  evolve(doc, event) {
    switch (event.type) {
      case 'PatientHoldClaimed':
        // the patient's newer hold: this one no longer counts as held, at once
        return doc?.status === 'held' ? { ...doc, status: 'replaced', releasePending: true } : doc;
      case 'SlotHeld':
        // both carry the same hold; whichever comes first creates the document
        return doc ?? held(event.data);
      case 'RoomTaken':
        // the location is known before the booking stream is written: a hold a crash cut short gives its room back too
        return doc ? { ...doc, locationId: event.data.locationId } : doc;
      case 'BookingHeld': {
        // the booking has the whole visit (a longer one is several SlotHeld) and its type
        const { end, visit, locationId } = event.data;
        const extra = { ...(visit ? { visit } : {}), ...(locationId ? { locationId } : {}) };
        return doc ? { ...doc, end, ...extra } : { ...held(event.data), ...extra };
      }
      case 'SlotHoldReleased':
        if (doc?.releasePending) return { ...doc, releasePending: false };
        return doc?.status === 'held' ? { ...doc, status: event.data.reason } : doc;
      case 'BookingHoldEnded':
        // the booking stream has the last word on why the hold ended
        return doc && doc.status !== 'confirmed' && doc.status !== event.data.reason ? { ...doc, status: event.data.reason } : doc;
      case 'BookingPaymentInReview':
        return doc?.status === 'held' ? { ...doc, paymentInReview: event.data.orderId } : doc;
      case 'BookingConfirmed':
        return doc ? { ...doc, status: 'confirmed', orderId: event.data.orderId, paymentInReview: undefined } : doc;
      case 'BookingCancelled':
        return (
          doc && {
            ...doc,
            status: 'cancelled',
            refund: event.data.refund,
            cancelledBy: event.data.by,
            cancellationReason: event.data.reason,
            pending: { kind: 'cancel' },
          }
        );
      case 'BookingCancellationSettled':
        return doc && { ...doc, refundId: event.data.refundId, pending: null };
      case 'BookingRescheduleRequested': {
        const { requestId, fromStart, start } = event.data;
        // where the visit was: a move that takes a room elsewhere changes `locationId`, and its old room is still to give back
        const from = doc?.locationId ? { fromLocationId: doc.locationId } : {};
        return doc && { ...doc, pending: { kind: 'reschedule', requestId, fromStart, start, ...from } };
      }
      case 'BookingRescheduleAbandoned':
        return doc && { ...doc, pending: null };
      case 'BookingRescheduled': {
        const { slotId, start, end, sequence, locationId } = event.data;
        if (!doc) return doc;
        const moved = { ...doc, slotId, start, end, sequence };
        // the new time's location, also where it has no rooms (no RoomTaken says it); null: the new time has none
        if (locationId === undefined) return moved;
        if (locationId === null) {
          const { locationId: _old, ...without } = moved;
          return without;
        }
        return { ...moved, locationId };
      }
      case 'SlotFreed':
        // the old slot given back ends a move; a cancellation ends with its settle step
        return doc && event.data.cause === 'rescheduled' && doc.pending?.kind === 'reschedule' && doc.pending.fromStart === event.data.start
          ? { ...doc, pending: null }
          : doc;
      case 'BookingOutcomeRecorded':
        return doc && { ...doc, status: event.data.outcome, outcomeAt: event.data.at };
      case 'BookingOutcomeUndone': {
        if (!doc) return doc;
        const { outcomeAt: _undone, ...rest } = doc;
        return { ...rest, status: 'confirmed' };
      }
      default:
        return doc;
    }
  },
  indexes: {
    patient_id: { type: 'text', value: (d) => d.patientId },
    // the agenda's week of one doctor
    doctor_id: { type: 'text', value: (d) => d.doctorId, then: 'start' },
    status: { type: 'text', value: (d) => d.status },
    // a hold whose payment is in review has no expiry for the sweep until PayPal settles it
    expires_at: { type: 'text', value: (d) => (d.paymentInReview && d.status === 'held' ? null : d.expiresAt) },
    release_pending: { type: 'text', value: (d) => (d.releasePending ? 'si' : 'no') },
    start: { type: 'text', value: (d) => d.start },
    pending: { type: 'text', value: (d) => d.pending?.kind ?? null },
  },
};
