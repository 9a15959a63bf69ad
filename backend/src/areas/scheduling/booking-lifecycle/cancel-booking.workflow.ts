import { availabilityStreamName, bookingStreamName, orderStreamName, roomStreamName, type EventData } from '@studio/contracts';
import { roomsDecider } from '../booking';
import type { Workflow, WorkflowEvent } from '../../../platform/event-store/workflow';
import { onBooking, onDoctorDay } from '../steps/index';

/**
 * Cancelling a confirmed booking, across three streams. The intent is `BookingCancelled` on the booking stream
 * (decided there: who may, the policy's refund); then, each step idempotent on its own stream:
 *   1. the slot is freed on its doctor-day stream (SlotFreed, cause 'cancelled'), then the room the visit had at its
 *      location, if any (RoomReleased);
 *   2. when the refund is 'full', PayPal refunds the order's capture and the order records PaymentRefunded;
 *   3. the booking records BookingCancellationSettled: the flow's end, which the resume sweep looks for.
 * The slot goes first: it is free for others even while PayPal is slow or down (the refund is retried).
 */
export interface CancelInput {
  bookingId: string;
  doctorId: string;
  /** the doctor-day of the cancelled slot */
  day: string;
  orderId: string;
  /** the visit's location: the room it holds there is given back */
  locationId?: string;
}

export interface CancelState {
  input: CancelInput;
  cancelled: EventData<'BookingCancelled'> | null;
  settled: boolean;
  /** starts of the slots this booking holds as booked on the doctor-day stream */
  bookedSlots: string[];
  /** the order's capture (the order was paid), and its refund once recorded */
  captured: boolean;
  refundId: string | null;
  /** whether the visit still holds a room at its location */
  roomHeld: boolean;
}

export type CancelStep =
  | { kind: 'free-slot'; doctorId: string; start: string; end: string; bookingId: string }
  | { kind: 'free-room'; locationId: string; day: string; bookingId: string }
  | { kind: 'refund'; orderId: string; bookingId: string }
  | { kind: 'settle'; bookingId: string; refundId: string | null };

/** the effect that refunds the order's capture with PayPal and records PaymentRefunded (confirm-payment's PaypalEffects) */
export const REFUND_FOR_CANCELLATION = 'rimborso-per-annullamento';
/** the reason the refund of a cancelled booking records */
export const CANCELLATION_REFUND_REASON = 'Prenotazione annullata';

export const cancelStreams = (input: CancelInput) => [
  bookingStreamName(input.bookingId),
  availabilityStreamName(input.doctorId, input.day),
  orderStreamName(input.orderId),
  ...(input.locationId ? [roomStreamName(input.locationId, input.day)] : []),
];

export const cancelBookingWorkflow: Workflow<CancelInput, CancelState, CancelStep> = {
  name: 'annullamento',
  streams: cancelStreams,
  initialState: (input) => ({ input, cancelled: null, settled: false, bookedSlots: [], captured: false, refundId: null, roomHeld: false }),
  evolve(state, event: WorkflowEvent): CancelState {
    switch (event.type) {
      case 'BookingCancelled':
        return { ...state, cancelled: event.data };
      case 'BookingCancellationSettled':
        return { ...state, settled: true };
      case 'SlotBooked':
      case 'SlotRebooked': {
        const { bookingId, start } = event.data;
        return bookingId === state.input.bookingId ? { ...state, bookedSlots: [...state.bookedSlots, start] } : state;
      }
      case 'SlotFreed': {
        const { bookingId, start } = event.data;
        return bookingId === state.input.bookingId ? { ...state, bookedSlots: state.bookedSlots.filter((s) => s !== start) } : state;
      }
      case 'PaymentCaptured':
        return { ...state, captured: true };
      case 'PaymentRefunded':
        return { ...state, refundId: event.data.refundId };
      case 'RoomTaken':
      case 'RoomReleased':
        return event.data.bookingId === state.input.bookingId ? { ...state, roomHeld: event.type === 'RoomTaken' } : state;
      default:
        return state;
    }
  },
  decide(state): CancelStep | null {
    const { cancelled, input } = state;
    if (!cancelled || state.settled) return null;
    if (state.bookedSlots.includes(cancelled.start))
      // every slot of the visit, in one append
      return { kind: 'free-slot', doctorId: cancelled.doctorId, start: cancelled.start, end: cancelled.end, bookingId: input.bookingId };
    if (state.roomHeld && input.locationId) return { kind: 'free-room', locationId: input.locationId, day: input.day, bookingId: input.bookingId };
    if (cancelled.refund === 'full' && state.captured && state.refundId === null) return { kind: 'refund', orderId: input.orderId, bookingId: input.bookingId };
    return { kind: 'settle', bookingId: input.bookingId, refundId: state.refundId };
  },
  route(step) {
    switch (step.kind) {
      case 'free-slot':
        return onDoctorDay(step.doctorId, step.start, {
          type: 'FreeSlot',
          doctorId: step.doctorId,
          start: step.start,
          end: step.end,
          bookingId: step.bookingId,
          cause: 'cancelled',
        });
      case 'free-room':
        return {
          stream: roomStreamName(step.locationId, step.day),
          decider: roomsDecider,
          command: { type: 'ReleaseRoom', locationId: step.locationId, bookingId: step.bookingId, reason: 'cancelled' },
          options: { onStale: 'decide-again' },
        };
      case 'refund':
        return { effect: REFUND_FOR_CANCELLATION, args: { orderId: step.orderId, reason: CANCELLATION_REFUND_REASON } };
      case 'settle':
        return onBooking(step.bookingId, { type: 'SettleCancellation', bookingId: step.bookingId, refundId: step.refundId });
    }
  },
};
