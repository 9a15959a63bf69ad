import { availabilityStreamName, bookingStreamName, couponStreamName, orderStreamName, type EventData } from '@studio/contracts';
import { availabilityDecider, type BookSlot, type DoctorDay } from '../availability';
import { bookingDecider, type BookingState, type ConfirmBooking } from '../booking';
import { couponDecider, type CouponState, type RedeemCoupon } from '../catalog';
import { ConflictError, type AppError } from '../common/errors';
import { evolveWith } from '../event-store/command-handler';
import type { Workflow, WorkflowEvent } from '../event-store/workflow';
import { orderDecider, type OrderCommand, type OrderState } from './order.decider';

/** POST /prenotazioni/conferma, once the request itself was checked (the patient's order, their hold, billing) */
export interface ConfirmPaymentInput {
  orderId: string;
  bookingId: string;
  patientId: string;
  doctorId: string;
  /** the held slot and its doctor-day (the stream) */
  start: string;
  day: string;
  /** the order's coupon (normalised), null without one */
  coupon: string | null;
  /** when the confirmation started: a hold that runs out during the capture still books */
  now: string;
  /** the practice's calendar day, for the coupon's validity */
  today: string;
  /** the order as it is placed at the end, all but the capture id (which the capture step records) */
  placed: Omit<EventData<'OrderPlaced'>, 'captureId'>;
}

export interface ConfirmPaymentState {
  input: ConfirmPaymentInput;
  order: OrderState;
  coupon: CouponState;
  day: DoctorDay;
  booking: BookingState;
}

/** the steps: `capture` and `refund` are PayPal's (the executor calls PayPal, then records its answer on the order) */
export type ConfirmPaymentStep =
  | { kind: 'capture'; orderId: string }
  | { kind: 'coupon'; command: RedeemCoupon }
  | { kind: 'day'; command: BookSlot }
  | { kind: 'booking'; command: ConfirmBooking }
  | { kind: 'order'; command: Extract<OrderCommand, { type: 'PlaceOrder' }> }
  | { kind: 'refund'; orderId: string; captureId: string; reason: string };

/** a step is due while its decider would still append (or refuse: the refusal is the flow's to hear) */
function due<S, C>(decider: { decide(command: C, state: S): unknown[] }, command: C, state: S): boolean {
  try {
    return decider.decide(command, state).length > 0;
  } catch {
    return true;
  }
}

/**
 * A payment's confirmation, across the order, the coupon, the doctor-day and the booking streams:
 *   1. the money: PayPal captures, the order records PaymentCaptured (never the browser's word);
 *   2. the coupon, if any, is redeemed for this order (before the slot: a coupon used up meanwhile books nothing);
 *   3. the slot is booked on its doctor-day stream (the hold's expected revision makes one winner);
 *   4. the booking is confirmed; 5. the order is placed (OrderPlaced: the flow's end).
 * Each step is due only while its own decider would append, so a crash between two appends is resumed from the log
 * and nothing is done twice (in particular, no second capture once PaymentCaptured is recorded). A step refused after
 * the capture (hold gone, slot or coupon taken) is compensated by a full refund, recorded on the order, which ends the
 * flow: a refunded order is never placed.
 */
export const confirmPaymentWorkflow: Workflow<ConfirmPaymentInput, ConfirmPaymentState, ConfirmPaymentStep> = {
  name: 'conferma-pagamento',
  streams: (i) => [
    orderStreamName(i.orderId),
    ...(i.coupon ? [couponStreamName(i.coupon)] : []),
    availabilityStreamName(i.doctorId, i.day),
    bookingStreamName(i.bookingId),
  ],
  initialState: (input) => ({
    input,
    order: orderDecider.initialState(),
    coupon: couponDecider.initialState(),
    day: availabilityDecider.initialState(),
    booking: bookingDecider.initialState(),
  }),
  evolve(state, event: WorkflowEvent): ConfirmPaymentState {
    const { input } = state;
    if (event.stream === orderStreamName(input.orderId)) return { ...state, order: evolveWith(orderDecider, state.order, event) };
    if (event.stream === bookingStreamName(input.bookingId)) return { ...state, booking: evolveWith(bookingDecider, state.booking, event) };
    if (input.coupon && event.stream === couponStreamName(input.coupon)) return { ...state, coupon: evolveWith(couponDecider, state.coupon, event) };
    return { ...state, day: evolveWith(availabilityDecider, state.day, event) };
  },
  decide(state): ConfirmPaymentStep | null {
    const { input, order } = state;
    // not created (nothing to confirm), placed (done) or refunded (given back: never placed)
    if (order.status === 'created') return { kind: 'capture', orderId: input.orderId };
    if (order.status !== 'captured') return null;
    const { orderId, bookingId, patientId, doctorId, start, coupon, now, today } = input;
    if (coupon) {
      const redeem: RedeemCoupon = { type: 'RedeemCoupon', code: coupon, orderId, today };
      if (due(couponDecider, redeem, state.coupon)) return { kind: 'coupon', command: redeem };
    }
    const book: BookSlot = { type: 'BookSlot', doctorId, start, bookingId, patientId, orderId, now };
    if (due(availabilityDecider, book, state.day)) return { kind: 'day', command: book };
    const confirm: ConfirmBooking = { type: 'ConfirmBooking', bookingId, orderId };
    if (due(bookingDecider, confirm, state.booking)) return { kind: 'booking', command: confirm };
    return { kind: 'order', command: { type: 'PlaceOrder', placed: { ...input.placed, captureId: order.captureId } } };
  },
  onRefused(state, step, refusal: AppError): ConfirmPaymentStep | null {
    // paid but not bookable (hold gone, slot or coupon taken): the money goes back; other errors leave the order to a retry
    if (!(refusal instanceof ConflictError) || state.order.status !== 'captured') return null;
    if (step.kind === 'capture' || step.kind === 'refund' || step.kind === 'order') return null;
    return { kind: 'refund', orderId: state.input.orderId, captureId: state.order.captureId, reason: refusal.message };
  },
};
