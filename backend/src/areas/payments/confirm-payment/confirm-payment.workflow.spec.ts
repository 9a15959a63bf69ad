import type { Sealed } from '@studio/contracts';
import { ConflictError, AppError } from '../../../platform/common/errors';
import type { WorkflowEvent } from '../../../platform/event-store/workflow';
import { workflowSpec } from '../../../platform/event-store/workflow-spec';
import { confirmPaymentWorkflow, type ConfirmPaymentInput, type ConfirmPaymentStep } from './confirm-payment.workflow';

const flow = workflowSpec(confirmPaymentWorkflow);
const ORDER = 'order-PP1';
const DAY = 'availability-d1-2030-03-05';
const BOOKING = 'booking-b1';
const COUPON = 'coupon-BENVENUTO10';
const start = '2030-03-05T09:00:00Z';
const end = '2030-03-05T09:30:00Z';
const invoice: Sealed = { keyId: 'k1', iv: 'iv', tag: 'tag', data: 'sealed' };

const placed = {
  orderId: 'PP1',
  bookingId: 'b1',
  patientId: 'p1',
  productId: 'prod-1',
  productName: 'Prima visita nutrizionale',
  coupon: null,
  amountCents: 8000,
  currency: 'EUR' as const,
  invoice,
  stsOpposition: false,
};
const input: ConfirmPaymentInput = {
  orderId: 'PP1',
  bookingId: 'b1',
  patientId: 'p1',
  doctorId: 'd1',
  start,
  day: '2030-03-05',
  coupon: null,
  now: '2030-03-04T08:05:00.000Z',
  today: '2030-03-04',
  placed,
  mode: 'confirm',
  request: {
    orderId: 'PP1',
    requestId: '',
    bookingId: 'b1',
    doctorId: 'd1',
    start,
    startedAt: '2030-03-04T08:05:00.000Z',
    today: '2030-03-04',
    productName: 'Prima visita nutrizionale',
    invoice,
    stsOpposition: false,
  },
};
const reconciling: ConfirmPaymentInput = { ...input, mode: 'reconcile' };
const withCoupon: ConfirmPaymentInput = { ...input, coupon: 'BENVENUTO10', placed: { ...placed, coupon: 'BENVENUTO10', amountCents: 7200 } };

// the log, stream by stream
const created = (coupon: string | null = null): WorkflowEvent => ({
  stream: ORDER,
  type: 'OrderCreated',
  data: { orderId: 'PP1', bookingId: 'b1', patientId: 'p1', productId: 'prod-1', coupon, amountCents: coupon ? 7200 : 8000, currency: 'EUR' },
});
const requested = (attempt = 0): WorkflowEvent => ({
  stream: ORDER,
  type: 'PaymentCaptureRequested',
  data: { ...input.request, requestId: attempt ? `capture-PP1-${attempt}` : 'capture-PP1' },
});
const pendingCapture: WorkflowEvent = { stream: ORDER, type: 'PaymentCapturePending', data: { orderId: 'PP1', captureId: 'CAP1', reason: 'PENDING_REVIEW' } };
const abandoned: WorkflowEvent = { stream: ORDER, type: 'PaymentCaptureAbandoned', data: { orderId: 'PP1', reason: 'cattura DECLINED' } };
const inReview: WorkflowEvent = { stream: BOOKING, type: 'BookingPaymentInReview', data: { bookingId: 'b1', orderId: 'PP1' } };
const captured: WorkflowEvent = { stream: ORDER, type: 'PaymentCaptured', data: { orderId: 'PP1', captureId: 'CAP1', amountCents: 8000, currency: 'EUR' } };
const refunded: WorkflowEvent = {
  stream: ORDER,
  type: 'PaymentRefunded',
  data: { orderId: 'PP1', captureId: 'CAP1', refundId: 'R1', status: 'COMPLETED', reason: 'preso' },
};
const orderPlaced: WorkflowEvent = { stream: ORDER, type: 'OrderPlaced', data: { ...placed, captureId: 'CAP1' } };
const couponCreated: WorkflowEvent = {
  stream: COUPON,
  type: 'CouponCreated',
  data: { code: 'BENVENUTO10', percentage: 10, validFrom: '2030-01-01', validTo: '2030-12-31' },
};
const redeemed = (orderId: string): WorkflowEvent => ({ stream: COUPON, type: 'CouponRedeemed', data: { code: 'BENVENUTO10', orderId } });
const opened: WorkflowEvent = { stream: DAY, type: 'SlotOpened', data: { doctorId: 'd1', slotId: `d1_${start}`, start, end } };
const slotHeld: WorkflowEvent = {
  stream: DAY,
  type: 'SlotHeld',
  data: { doctorId: 'd1', slotId: `d1_${start}`, start, end, bookingId: 'b1', patientId: 'p1', expiresAt: '2030-03-04T08:15:00.000Z' },
};
const slotBooked: WorkflowEvent = {
  stream: DAY,
  type: 'SlotBooked',
  data: { doctorId: 'd1', slotId: `d1_${start}`, start, end, bookingId: 'b1', patientId: 'p1', orderId: 'PP1' },
};
const bookingHeld: WorkflowEvent = {
  stream: BOOKING,
  type: 'BookingHeld',
  data: { bookingId: 'b1', patientId: 'p1', doctorId: 'd1', slotId: `d1_${start}`, start, end, expiresAt: '2030-03-04T08:15:00.000Z' },
};
const bookingConfirmed: WorkflowEvent = { stream: BOOKING, type: 'BookingConfirmed', data: { bookingId: 'b1', orderId: 'PP1' } };

const held = [opened, slotHeld, bookingHeld];

// the steps
const request = (attempt = 0): ConfirmPaymentStep => ({
  kind: 'request',
  command: { type: 'RequestCapture', request: { ...input.request, requestId: attempt ? `capture-PP1-${attempt}` : 'capture-PP1' } },
});
const capture: ConfirmPaymentStep = { kind: 'capture', orderId: 'PP1', requestId: 'capture-PP1', mode: 'confirm' };
const lookUp: ConfirmPaymentStep = { kind: 'capture', orderId: 'PP1', requestId: 'capture-PP1', mode: 'reconcile' };
const review: ConfirmPaymentStep = { kind: 'review', command: { type: 'MarkPaymentInReview', bookingId: 'b1', orderId: 'PP1' } };
const redeem: ConfirmPaymentStep = { kind: 'coupon', command: { type: 'RedeemCoupon', code: 'BENVENUTO10', orderId: 'PP1', today: '2030-03-04' } };
const book: ConfirmPaymentStep = {
  kind: 'day',
  command: { type: 'BookSlot', doctorId: 'd1', start, bookingId: 'b1', patientId: 'p1', orderId: 'PP1', now: input.now },
};
const confirm: ConfirmPaymentStep = { kind: 'booking', command: { type: 'ConfirmBooking', bookingId: 'b1', orderId: 'PP1' } };
const place: ConfirmPaymentStep = { kind: 'order', command: { type: 'PlaceOrder', placed: { ...placed, captureId: 'CAP1' } } };
const refund = (reason: string): ConfirmPaymentStep => ({ kind: 'refund', orderId: 'PP1', captureId: 'CAP1', reason });

describe('payment confirmation workflow', () => {
  it('records the intent to capture (with its PayPal-Request-Id), captures, books the slot, confirms the booking, places the order', () => {
    flow(input)
      .given([...held, created()])
      .thenNext(request());
    flow(input)
      .given([...held, created(), requested()])
      .thenNext(capture);
    flow(input)
      .given([...held, created(), captured])
      .thenNext(book);
    flow(input)
      .given([...held, created(), captured, slotBooked])
      .thenNext(confirm);
    flow(input)
      .given([...held, created(), captured, slotBooked, bookingConfirmed])
      .thenNext(place);
  });

  it('with a coupon: redeemed for this order after the capture, before the slot', () => {
    const base = [couponCreated, redeemed('PP-other'), ...held, created('BENVENUTO10'), requested()];
    flow(withCoupon).given(base).thenNext(capture);
    flow(withCoupon)
      .given([...base, captured])
      .thenNext(redeem);
    flow(withCoupon)
      .given([...base, captured, redeemed('PP1')])
      .thenNext(book);
  });

  it('resumed after a crash between two appends: the capture recorded is not asked for again, only what is missing runs', () => {
    // died after PaymentCaptured: the slot comes next, never a second capture
    flow(input)
      .given([...held, created(), captured])
      .thenNext(book);
    // died after SlotBooked: the booking, not the slot again
    flow(withCoupon)
      .given([couponCreated, ...held, created('BENVENUTO10'), captured, redeemed('PP1'), slotBooked])
      .thenNext(confirm);
    // died after BookingConfirmed: the order is placed with the capture the log holds
    flow(input)
      .given([...held, created(), captured, slotBooked, bookingConfirmed])
      .thenNext(place);
  });

  it('a step refused after the capture (slot or hold gone, coupon used up) is compensated by a full refund', () => {
    const paid = [...held, created(), captured];
    flow(input)
      .given(paid)
      .whenRefused(book, new ConflictError('La prenotazione è scaduta.', 'prenotazione_scaduta'))
      .thenNext(refund('La prenotazione è scaduta.'));
    flow(input)
      .given([...paid, slotBooked])
      .whenRefused(confirm, new ConflictError('Non più in attesa.', 'prenotazione_non_in_attesa'))
      .thenNext(refund('Non più in attesa.'));
    flow(withCoupon)
      .given([couponCreated, ...held, created('BENVENUTO10'), captured])
      .whenRefused(redeem, new ConflictError('Coupon non valido: limite di utilizzi raggiunto.', 'coupon_esaurito'))
      .thenNext(refund('Coupon non valido: limite di utilizzi raggiunto.'));
    // a slot already taken by someone else is asked for (its decider refuses it, and the refund follows)
    const taken: WorkflowEvent = { ...slotBooked, data: { ...(slotBooked.data as object), bookingId: 'b-other', patientId: 'p9', orderId: 'PP9' } };
    flow(input).given([opened, taken, bookingHeld, created(), captured]).thenNext(book);
  });

  it('nothing to give back when no money was taken, or when the failure is not a refusal (a retry resumes)', () => {
    flow(input)
      .given([...held, created()])
      .whenRefused(capture, new AppError(422, 'pagamento_non_completato', 'Il pagamento non risulta completato.'))
      .thenNothing();
    flow(input)
      .given([...held, created(), captured])
      .whenRefused(book, new AppError(502, 'paypal_non_disponibile', 'PayPal non risponde.'))
      .thenNothing();
  });

  it('a finished flow does nothing: placed, or refunded (a refunded order is never placed)', () => {
    flow(input)
      .given([...held, created(), captured, slotBooked, bookingConfirmed, orderPlaced])
      .thenDone();
    flow(input)
      .given([...held, created(), captured, refunded])
      .thenDone();
    flow(input)
      .given([...held, created(), captured, refunded])
      .whenRefused(book, new ConflictError('preso'))
      .thenNothing();
    // no order at all: nothing to confirm
    flow(input).given(held).thenDone();
  });

  it('a capture whose answer was lost is asked again with the same request id; an abandoned one gets a new id', () => {
    flow(input)
      .given([...held, created(), requested()])
      .thenNext(capture);
    flow(input)
      .given([...held, created(), requested(), abandoned])
      .thenNext(request(1));
  });

  it('PENDING: the booking is marked in review, then the confirmation stops; nothing is booked or refunded', () => {
    flow(input)
      .given([...held, created(), requested(), pendingCapture])
      .thenNext(review);
    flow(input)
      .given([...held, created(), requested(), pendingCapture, inReview])
      .thenDone();
  });

  it('the reconciler never starts a capture: it looks the order up, then finishes the booking or refunds as a confirmation would', () => {
    flow(reconciling)
      .given([...held, created()])
      .thenDone();
    flow(reconciling)
      .given([...held, created(), requested(), abandoned])
      .thenDone();
    flow(reconciling)
      .given([...held, created(), requested()])
      .thenNext(lookUp);
    flow(reconciling)
      .given([...held, created(), requested(), pendingCapture])
      .thenNext(review);
    flow(reconciling)
      .given([...held, created(), requested(), pendingCapture, inReview])
      .thenNext(lookUp);
    flow(reconciling)
      .given([...held, created(), requested(), captured])
      .thenNext(book);
    flow(reconciling)
      .given([...held, created(), requested(), captured])
      .whenRefused(book, new ConflictError('La prenotazione è scaduta.', 'prenotazione_scaduta'))
      .thenNext(refund('La prenotazione è scaduta.'));
  });
});
