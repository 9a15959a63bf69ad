import type { EventData } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { availabilityDecider, type AvailabilityEvent } from '../../scheduling/availability';
import { bookingDecider, type BookingEvent } from '../../scheduling/booking';
import { orderDecider, type OrderEvent } from './order.decider';

const fold = <S, E>(d: { initialState(): S; evolve(s: S, e: E): S }, events: E[]) => events.reduce(d.evolve, d.initialState());

describe('order decider', () => {
  const created: EventData<'OrderCreated'> = {
    orderId: 'O1',
    bookingId: 'b1',
    patientId: 'p1',
    productId: 'pr1',
    coupon: null,
    amountCents: 8000,
    currency: 'EUR',
  };
  const capture = { orderId: 'O1', captureId: 'C1', amountCents: 8000, currency: 'EUR' };
  const placed = { ...created, productName: 'Visita', captureId: 'C1', invoice: { keyId: 'k', iv: 'i', tag: 't', data: 'd' } };
  const history: OrderEvent[] = [{ type: 'OrderCreated', data: created }];

  it('creates once, captures once, places once', () => {
    expect(orderDecider.decide({ type: 'CreateOrder', order: created }, orderDecider.initialState())).toHaveLength(1);
    expect(() => orderDecider.decide({ type: 'CreateOrder', order: created }, fold(orderDecider, history))).toThrow(/esiste già/);
    expect(() => orderDecider.decide({ type: 'PlaceOrder', placed }, fold(orderDecider, history))).toThrow(/non risulta incassato/);
    const captured: OrderEvent[] = [...history, { type: 'PaymentCaptured', data: capture }];
    expect(orderDecider.decide({ type: 'RecordCapture', capture }, fold(orderDecider, captured))).toEqual([]);
    expect(orderDecider.decide({ type: 'PlaceOrder', placed }, fold(orderDecider, captured))).toEqual([{ type: 'OrderPlaced', data: placed }]);
    const done: OrderEvent[] = [...captured, { type: 'OrderPlaced', data: placed }];
    expect(orderDecider.decide({ type: 'PlaceOrder', placed }, fold(orderDecider, done))).toEqual([]);
  });

  it('refunds only a captured order that was not placed, once; a refunded order can never be placed', () => {
    const refund = { orderId: 'O1', captureId: 'C1', refundId: 'R1', status: 'COMPLETED', reason: 'La prenotazione è scaduta.' };
    const captured: OrderEvent[] = [...history, { type: 'PaymentCaptured', data: capture }];
    expect(() => orderDecider.decide({ type: 'RecordRefund', refund }, fold(orderDecider, history))).toThrow(/solo un pagamento incassato/);
    expect(() => orderDecider.decide({ type: 'RecordRefund', refund }, fold(orderDecider, [...captured, { type: 'OrderPlaced', data: placed }]))).toThrow(
      /solo un pagamento incassato/,
    );
    expect(orderDecider.decide({ type: 'RecordRefund', refund }, fold(orderDecider, captured))).toEqual([{ type: 'PaymentRefunded', data: refund }]);
    const refunded: OrderEvent[] = [...captured, { type: 'PaymentRefunded', data: refund }];
    expect(fold(orderDecider, refunded)).toMatchObject({ status: 'refunded', reason: refund.reason });
    expect(orderDecider.decide({ type: 'RecordRefund', refund }, fold(orderDecider, refunded))).toEqual([]);
    expect(() => orderDecider.decide({ type: 'PlaceOrder', placed }, fold(orderDecider, refunded))).toThrow(/non risulta incassato/);
  });
});

describe('BookSlot / ConfirmBooking', () => {
  const S = '2030-03-05T09:00:00Z';
  const slot = { doctorId: 'd1', slotId: 'd1_2030-03-05T09:00', start: S, end: '2030-03-05T09:30:00Z' };
  const held: AvailabilityEvent = { type: 'SlotHeld', data: { ...slot, bookingId: 'b1', patientId: 'p1', expiresAt: '2030-03-04T06:15:00.000Z' } };
  const book = (now = '2030-03-04T06:10:00.000Z', bookingId = 'b1') => ({
    type: 'BookSlot' as const,
    doctorId: 'd1',
    start: S,
    bookingId,
    patientId: 'p1',
    orderId: 'O1',
    now,
  });

  it('books a hold that has not run out, once', () => {
    const [event] = availabilityDecider.decide(book(), fold(availabilityDecider, [held]));
    expect(event).toMatchObject({ type: 'SlotBooked', data: { start: S, bookingId: 'b1', orderId: 'O1' } });
    const booked = fold(availabilityDecider, [held, event]);
    expect(availabilityDecider.decide(book(), booked)).toEqual([]);
    expect(() => availabilityDecider.decide(book(undefined, 'b2'), booked)).toThrow(/scaduta/);
    // a booked slot cannot be toggled, held or released
    expect(() =>
      availabilityDecider.decide({ type: 'ToggleSlot', doctorId: 'd1', start: S, end: slot.end, workingHours: { startHour: 8, endHour: 19 } }, booked),
    ).toThrow(/prenotato/);
    expect(
      availabilityDecider.decide({ type: 'ReleaseHold', doctorId: 'd1', start: S, bookingId: 'b1', reason: 'expired', now: '2030-03-05T00:00:00Z' }, booked),
    ).toEqual([]);
  });

  it('refuses an expired or missing hold', () => {
    expect(() => availabilityDecider.decide(book('2030-03-04T06:15:00.000Z'), fold(availabilityDecider, [held]))).toThrow(/scaduta/);
    expect(() => availabilityDecider.decide(book(), availabilityDecider.initialState())).toThrow(/scaduta/);
  });

  it('confirms a held booking once; an ended one is refused; expiry leaves it alone', () => {
    const bHeld: BookingEvent = { type: 'BookingHeld', data: { ...slot, bookingId: 'b1', patientId: 'p1', expiresAt: '2030-03-04T06:15:00.000Z' } };
    const confirm = { type: 'ConfirmBooking' as const, bookingId: 'b1', orderId: 'O1' };
    const [event] = bookingDecider.decide(confirm, fold(bookingDecider, [bHeld]));
    expect(event).toEqual({ type: 'BookingConfirmed', data: { bookingId: 'b1', orderId: 'O1' } });
    const confirmed = fold(bookingDecider, [bHeld, event]);
    expect(bookingDecider.decide(confirm, confirmed)).toEqual([]);
    expect(() => bookingDecider.decide({ ...confirm, orderId: 'O2' }, confirmed)).toThrow(/non è più in attesa/);
    expect(bookingDecider.decide({ type: 'EndHold', bookingId: 'b1', reason: 'expired', now: '2030-03-05T00:00:00Z' }, confirmed)).toEqual([]);
    const ended = fold(bookingDecider, [bHeld, { type: 'BookingHoldEnded', data: { bookingId: 'b1', reason: 'expired' } }]);
    expect(() => bookingDecider.decide(confirm, ended)).toThrow(/non è più in attesa/);
  });
});

describe('order decider: refund after a cancellation', () => {
  const given = deciderSpec(orderDecider);
  const created: EventData<'OrderCreated'> = {
    orderId: 'O1',
    bookingId: 'b1',
    patientId: 'p1',
    productId: 'pr1',
    coupon: null,
    amountCents: 8000,
    currency: 'EUR',
  };
  const captured: OrderEvent = { type: 'PaymentCaptured', data: { orderId: 'O1', captureId: 'C1', amountCents: 8000, currency: 'EUR' } };
  const placed: OrderEvent = {
    type: 'OrderPlaced',
    data: { ...created, productName: 'Visita', captureId: 'C1', invoice: { keyId: 'k', iv: 'i', tag: 't', data: 'd' } },
  };
  const refund = { orderId: 'O1', captureId: 'C1', refundId: 'R1', status: 'COMPLETED', reason: 'Prenotazione annullata' };
  const refunded: OrderEvent = { type: 'PaymentRefunded', data: refund };
  const orderCreated: OrderEvent = { type: 'OrderCreated', data: created };

  it('given a placed order, records the refund', () => given([orderCreated, captured, placed]).when({ type: 'RefundPlacedOrder', refund }).then([refunded]));
  it('given a refunded order, changes nothing (the step is idempotent)', () =>
    given([orderCreated, captured, placed, refunded]).when({ type: 'RefundPlacedOrder', refund }).then([]));
  it('given an unpaid order, refuses', () => given([orderCreated]).when({ type: 'RefundPlacedOrder', refund }).thenThrows('rimborso_non_ammesso'));
});

describe('order decider: a capture PayPal declines after its review', () => {
  const given = deciderSpec(orderDecider);
  const created: EventData<'OrderCreated'> = {
    orderId: 'O1',
    bookingId: 'b1',
    patientId: 'p1',
    productId: 'pr1',
    coupon: null,
    amountCents: 8000,
    currency: 'EUR',
  };
  const request: EventData<'PaymentCaptureRequested'> = {
    orderId: 'O1',
    requestId: 'capture-O1',
    bookingId: 'b1',
    doctorId: 'd1',
    start: '2030-03-05T09:00:00Z',
    startedAt: '2030-03-04T06:00:00.000Z',
    today: '2030-03-04',
    productName: 'Visita',
    invoice: { keyId: 'k', iv: 'i', tag: 't', data: 'd' },
    stsOpposition: false,
  };
  const declined: EventData<'PaymentDeclined'> = {
    orderId: 'O1',
    bookingId: 'b1',
    patientId: 'p1',
    productId: 'pr1',
    productName: 'Visita',
    amountCents: 8000,
    currency: 'EUR',
    captureId: 'C1',
    reason: 'cattura DECLINED',
  };
  const history: OrderEvent[] = [
    { type: 'OrderCreated', data: created },
    { type: 'PaymentCaptureRequested', data: request },
    { type: 'PaymentCapturePending', data: { orderId: 'O1', captureId: 'C1', reason: 'ECHECK' } },
  ];
  it('a pending capture declined ends the order failed, once', () => {
    given(history)
      .when({ type: 'RecordDecline', declined })
      .then([{ type: 'PaymentDeclined', data: declined }]);
    given([...history, { type: 'PaymentDeclined', data: declined }])
      .when({ type: 'RecordDecline', declined })
      .then([]);
  });
  it('only a capture in review can be declined; a failed order is never placed', () => {
    given(history.slice(0, 2)).when({ type: 'RecordDecline', declined }).thenThrows('rifiuto_non_ammesso');
    given([...history, { type: 'PaymentDeclined', data: declined }])
      .when({ type: 'PlaceOrder', placed: { ...created, productName: 'Visita', captureId: 'C1', invoice: request.invoice } })
      .thenThrows('ordine_non_pagato');
  });
});
