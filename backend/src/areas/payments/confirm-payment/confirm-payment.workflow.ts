import {
  COUPON_CODE_PATTERN,
  availabilityStreamName,
  bookingStreamName,
  couponStreamName,
  orderStreamName,
  patientHoldStreamName,
  type EventData,
} from '@studio/contracts';
import { HOLD_EXPIRED_MESSAGE, availabilityDecider, doctorDayOf, type BookSlot, type DoctorDay, type ReleaseHold } from '../../scheduling/availability';
import { bookingDecider, patientHoldDecider, type BookingState, type ConfirmBooking, type EndHold, type MarkPaymentInReview } from '../../scheduling/booking';
import { couponDecider, couponUsable, type CouponState, type RedeemCouponCommand } from '../catalog';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../../platform/common/errors';
import { evolveWith } from '../../../platform/event-store/command-handler';
import type { DecideStep, Workflow, WorkflowEvent } from '../../../platform/event-store/workflow';
import { PAYMENT_DECLINED_MESSAGE, captureRequestId, orderDecider, refundedMessage, type OrderCommand, type OrderState } from '../orders';
import { due, onBooking } from '../../scheduling/steps/index';

/** the named effects of the confirmation's PayPal steps (registered by ConfirmPaymentService) */
export const PAYPAL_CAPTURE = 'paypal-cattura';
export const PAYPAL_REFUND = 'paypal-rimborso';

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
  /**
   * 'confirm': the patient's confirmation, which may ask PayPal to capture; 'reconcile': the reconciler, which only asks
   * PayPal what became of a capture already asked for (and never starts one: the patient is not there)
   */
  mode: 'confirm' | 'reconcile';
  /** the capture intent as recorded before PayPal is called (its request id is the attempt's: see the decide) */
  request: EventData<'PaymentCaptureRequested'>;
  /**
   * The patient's confirmation (POST /prenotazioni/conferma): when it was asked for. Until the slot is booked, the
   * confirmation checks at this time that the order is the patient's and the hold still theirs (held, not run out, not
   * replaced by a newer hold), and a new capture that the coupon is still usable. Absent for the reconciler, which
   * follows PayPal's word only.
   */
  checkedAt?: string;
}

/** the confirmation's input as the log has it: what the reconciler resumes from, with no browser */
export function reconcileInput(
  created: EventData<'OrderCreated'>,
  request: EventData<'PaymentCaptureRequested'>,
  doctorDay: (start: string) => string,
): ConfirmPaymentInput {
  return {
    orderId: created.orderId,
    bookingId: created.bookingId,
    patientId: created.patientId,
    doctorId: request.doctorId,
    start: request.start,
    day: doctorDay(request.start),
    coupon: created.coupon,
    now: request.startedAt,
    today: request.today,
    placed: placedOf(created, request),
    mode: 'reconcile',
    request,
  };
}

/** OrderPlaced but the capture id: the order, the charge as computed once, the buyer's data of the capture intent */
export function placedOf(created: EventData<'OrderCreated'>, request: EventData<'PaymentCaptureRequested'>): Omit<EventData<'OrderPlaced'>, 'captureId'> {
  return {
    orderId: created.orderId,
    bookingId: created.bookingId,
    patientId: created.patientId,
    productId: created.productId,
    productName: request.productName,
    coupon: created.coupon,
    amountCents: created.amountCents,
    currency: created.currency,
    invoice: request.invoice,
    stsOpposition: request.stsOpposition,
    ...(created.lines
      ? { lines: created.lines, totalCents: created.totalCents, stampDutyCents: created.stampDutyCents, stampDutyCharged: created.stampDutyCharged }
      : {}),
  };
}

export interface ConfirmPaymentState {
  input: ConfirmPaymentInput;
  order: OrderState;
  coupon: CouponState;
  day: DoctorDay;
  booking: BookingState;
  /** the patient's current hold (patienthold-<id>): a hold they replaced is not theirs to pay */
  currentHold: string | null;
}

/** the steps: `capture` and `refund` are PayPal's (the executor calls PayPal, then records its answer on the order) */
export type ConfirmPaymentStep =
  /** record the intent (with its PayPal-Request-Id) before PayPal is asked */
  | { kind: 'request'; command: Extract<OrderCommand, { type: 'RequestCapture' }> }
  /** 'confirm': POST capture with the intent's request id; 'reconcile': GET the order and record what PayPal says */
  | { kind: 'capture'; orderId: string; requestId: string; mode: 'confirm' | 'reconcile' }
  /** PayPal holds the capture for review: the booking is marked, its hold stays */
  | { kind: 'review'; command: MarkPaymentInReview }
  | { kind: 'coupon'; command: RedeemCouponCommand }
  | { kind: 'day'; command: BookSlot }
  | { kind: 'booking'; command: ConfirmBooking }
  | { kind: 'order'; command: Extract<OrderCommand, { type: 'PlaceOrder' }> }
  | { kind: 'refund'; orderId: string; captureId: string; reason: string }
  /** PayPal declined the capture it reviewed: the hold is given back (the slot on its doctor-day, then the booking) */
  | { kind: 'release'; command: ReleaseHold }
  | { kind: 'end-hold'; command: EndHold };

/**
 * A payment's confirmation, across the order, the coupon, the doctor-day and the booking streams:
 *   1. the money: PayPal captures, the order records PaymentCaptured (never the browser's word);
 *   2. the coupon, if any, is redeemed for this order (before the slot: a coupon used up meanwhile books nothing);
 *   3. the slot is booked on its doctor-day stream (the hold's expected revision makes one winner);
 *   4. the booking is confirmed; 5. the order is placed (OrderPlaced: the flow's end).
 * Before 1., the intent to capture is recorded on the order with its PayPal-Request-Id (PaymentCaptureRequested): a
 * capture whose answer never arrives is looked up by the reconciler, and a retried confirmation sends the same request
 * id, which PayPal answers with the same capture. A PENDING capture marks the booking in review and stops; the
 * reconciler (or the webhook) carries on once PayPal settles it.
 * Each step is due only while its own decider would append, so a crash between two appends is resumed from the log
 * and nothing is done twice (in particular, no second capture once PaymentCaptured is recorded). A step refused after
 * the capture (hold gone, slot or coupon taken) is compensated by a full refund, recorded on the order, which ends the
 * flow: a refunded order is never placed. A capture PayPal declines after its review ends the order failed
 * (PaymentDeclined: nothing taken, nothing to refund) and gives the hold back, so the slot is free again.
 */
export const confirmPaymentWorkflow: Workflow<ConfirmPaymentInput, ConfirmPaymentState, ConfirmPaymentStep> = {
  name: 'conferma-pagamento',
  streams: (i) => [
    orderStreamName(i.orderId),
    ...(i.coupon ? [couponStreamName(i.coupon)] : []),
    availabilityStreamName(i.doctorId, i.day),
    bookingStreamName(i.bookingId),
    patientHoldStreamName(i.patientId),
  ],
  initialState: (input) => ({
    input,
    order: orderDecider.initialState(),
    coupon: couponDecider.initialState(),
    day: availabilityDecider.initialState(),
    booking: bookingDecider.initialState(),
    currentHold: null,
  }),
  evolve(state, event: WorkflowEvent): ConfirmPaymentState {
    const { input } = state;
    if (event.stream === orderStreamName(input.orderId)) return { ...state, order: evolveWith(orderDecider, state.order, event) };
    if (event.stream === bookingStreamName(input.bookingId)) return { ...state, booking: evolveWith(bookingDecider, state.booking, event) };
    if (event.stream === patientHoldStreamName(input.patientId))
      return { ...state, currentHold: evolveWith(patientHoldDecider, { current: null }, event).current };
    if (input.coupon && event.stream === couponStreamName(input.coupon)) return { ...state, coupon: evolveWith(couponDecider, state.coupon, event) };
    return { ...state, day: evolveWith(availabilityDecider, state.day, event) };
  },
  decide(state): ConfirmPaymentStep | null {
    const { input, order } = state;
    const refused = input.checkedAt === undefined ? null : confirmationRefused(state, input.checkedAt);
    if (refused) {
      // a capture asked for whose answer was lost: PayPal is asked what became of it first (never captured again)
      if (refused instanceof ConflictError && order.status === 'capturing') {
        return { kind: 'capture', orderId: input.orderId, requestId: order.request.requestId, mode: 'reconcile' };
      }
      // the money was taken by a confirmation that stopped before booking, and the hold is gone: it goes back now
      if (refused instanceof ConflictError && order.status === 'captured') {
        return { kind: 'refund', orderId: input.orderId, captureId: order.captureId, reason: refused.message };
      }
      // nothing was taken (or it was given back, or PayPal declined it): the patient hears why
      throw refused;
    }
    // the intent first, so a capture whose answer is lost is found again; the reconciler never starts a capture
    if (order.status === 'created') {
      if (input.mode === 'reconcile') return null;
      return {
        kind: 'request',
        command: { type: 'RequestCapture', request: { ...input.request, requestId: captureRequestId(input.orderId, order.attempts) } },
      };
    }
    if (order.status === 'capturing') return { kind: 'capture', orderId: input.orderId, requestId: order.request.requestId, mode: input.mode };
    if (order.status === 'pending') {
      const review: MarkPaymentInReview = { type: 'MarkPaymentInReview', bookingId: input.bookingId, orderId: input.orderId };
      if (state.booking.status === 'held' && state.booking.inReview !== input.orderId) return { kind: 'review', command: review };
      // the confirmation ends here ("pagamento in verifica"); the reconciler asks PayPal until it settles
      return input.mode === 'reconcile' ? { kind: 'capture', orderId: input.orderId, requestId: order.request.requestId, mode: 'reconcile' } : null;
    }
    // declined after PayPal's review: nothing was taken; the hold kept for the review is given back, slot first
    if (order.status === 'failed') {
      if (state.booking.status !== 'held' || state.booking.inReview !== input.orderId) return null;
      const { doctorId, start, bookingId, now } = input;
      const release: ReleaseHold = { type: 'ReleaseHold', doctorId, start, bookingId, reason: 'released', now };
      if (due(availabilityDecider, release, state.day)) return { kind: 'release', command: release };
      const end: EndHold = { type: 'EndHold', bookingId, reason: 'released', now };
      return due(bookingDecider, end, state.booking) ? { kind: 'end-hold', command: end } : null;
    }
    // not created (nothing to confirm), placed (done) or refunded (given back: never placed)
    if (order.status !== 'captured') return null;
    // a capture asked for before this run (its answer lost, a crash, a retry) finishes with what its intent recorded
    const recorded = order.request;
    const { now, today } = recorded ? { now: recorded.startedAt, today: recorded.today } : input;
    const placed = recorded ? placedOf(order.order, recorded) : input.placed;
    const { orderId, bookingId, patientId, doctorId, start, coupon } = input;
    if (coupon) {
      const redeem: RedeemCouponCommand = { type: 'RedeemCoupon', code: coupon, orderId, today };
      if (due(couponDecider, redeem, state.coupon)) return { kind: 'coupon', command: redeem };
    }
    const book: BookSlot = { type: 'BookSlot', doctorId, start, bookingId, patientId, orderId, now };
    if (due(availabilityDecider, book, state.day)) return { kind: 'day', command: book };
    const confirm: ConfirmBooking = { type: 'ConfirmBooking', bookingId, orderId };
    if (due(bookingDecider, confirm, state.booking)) return { kind: 'booking', command: confirm };
    return { kind: 'order', command: { type: 'PlaceOrder', placed: { ...placed, captureId: order.captureId } } };
  },
  route(step): DecideStep | { effect: string; args: unknown } {
    const again = { onStale: 'decide-again' as const };
    switch (step.kind) {
      case 'request':
        return { stream: orderStreamName(step.command.request.orderId), decider: orderDecider, command: step.command, options: again };
      case 'order':
        return { stream: orderStreamName(step.command.placed.orderId), decider: orderDecider, command: step.command, options: again };
      case 'capture':
        return { effect: PAYPAL_CAPTURE, args: { orderId: step.orderId, requestId: step.requestId, mode: step.mode } };
      case 'refund':
        return { effect: PAYPAL_REFUND, args: { orderId: step.orderId, captureId: step.captureId, reason: step.reason } };
      case 'coupon':
        // the hot coupon stream is decided again on a lost append, as often as the catalog's own redemption
        return { stream: couponStreamName(step.command.code), decider: couponDecider, command: step.command, options: { ...again, tries: COUPON_TRIES } };
      case 'day':
      case 'release':
        return {
          stream: availabilityStreamName(step.command.doctorId, doctorDayOf(step.command.start)),
          decider: availabilityDecider,
          command: step.command,
          options: again,
        };
      case 'review':
      case 'booking':
      case 'end-hold':
        return onBooking(step.command.bookingId, step.command);
    }
  },
  onRefused(state, step, refusal: AppError): ConfirmPaymentStep | null {
    // paid but not bookable (hold gone, slot or coupon taken): the money goes back; other errors leave the order to a retry
    if (!(refusal instanceof ConflictError) || state.order.status !== 'captured') return null;
    if (step.kind !== 'coupon' && step.kind !== 'day' && step.kind !== 'booking') return null;
    return { kind: 'refund', orderId: state.input.orderId, captureId: state.order.captureId, reason: refusal.message };
  },
};

const COUPON_TRIES = 50;

/**
 * The patient's confirmation, judged on the log at `at` until the slot is booked: the order is theirs and not finished
 * otherwise (refunded, declined), the hold is still theirs (held and not run out, or already booked for this order; not
 * replaced by a newer hold), and a coupon still usable before a capture is asked for. Null when it may go on.
 */
function confirmationRefused(state: ConfirmPaymentState, at: string): AppError | null {
  const { input, order, booking } = state;
  if (order.status === 'none') return new NotFoundError('Ordine non trovato.', 'ordine_non_trovato');
  if (order.order.patientId !== input.patientId) return new ForbiddenError('Questo ordine non è tuo.', 'ordine_di_altri');
  if (order.status === 'refunded') return new ConflictError(refundedMessage(order.reason), 'pagamento_rimborsato');
  if (order.status === 'failed') return new ConflictError(PAYMENT_DECLINED_MESSAGE, 'pagamento_rifiutato');
  if (order.status !== 'created' && order.status !== 'capturing' && order.status !== 'captured') return null;
  if (booking.status === 'none') return new NotFoundError('Prenotazione non trovata.', 'prenotazione_non_trovata');
  if ('booking' in booking && booking.booking.patientId !== input.patientId) return new ForbiddenError('Questa prenotazione non è tua.');
  if (booking.status === 'confirmed' && booking.orderId === input.orderId) return null;
  // booked on the doctor-day for this order already: the rest of the flow only records it
  if (Object.values(state.day.slots).some((s) => s?.status === 'booked' && s.bookingId === input.bookingId)) return null;
  if (booking.status !== 'held' || Date.parse(booking.expiresAt) <= Date.parse(at)) return new ConflictError(HOLD_EXPIRED_MESSAGE, 'prenotazione_scaduta');
  if (state.currentHold !== null && state.currentHold !== input.bookingId) return new ConflictError(HOLD_EXPIRED_MESSAGE, 'prenotazione_sostituita');
  if (order.status === 'created' && input.coupon && !(COUPON_CODE_PATTERN.test(input.coupon) && couponUsable(state.coupon, input.today))) {
    return new AppError(422, 'coupon_non_valido', 'Coupon non valido!');
  }
  return null;
}
