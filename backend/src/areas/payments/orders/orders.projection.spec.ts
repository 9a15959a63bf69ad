import type { RecordedEvent } from '@studio/contracts';
import { availabilitySlotsProjection } from '../../scheduling/availability/availability-slots.projection';
import { bookingsProjection } from '../../scheduling/booking/bookings.projection';
import { ordersProjection } from './orders.projection';

const ev = (type: string, data: Record<string, unknown>, at = '2030-03-04T06:00:00.000Z'): RecordedEvent =>
  ({ type, data, metadata: { at }, streamName: 'x', revision: 0, position: 1, id: 'e' }) as unknown as RecordedEvent;

const invoice = { keyId: 'p1', iv: 'iv', tag: 'tag', data: 'sealed' };

describe('orders projection and booked slots', () => {
  it('lists an order once it is placed', () => {
    expect(ordersProjection.evolve(null, ev('OrderCreated', { orderId: 'O1' }))).toBeNull();
    const doc = ordersProjection.evolve(
      null,
      ev('OrderPlaced', {
        orderId: 'O1',
        bookingId: 'b1',
        patientId: 'p1',
        productId: 'pr',
        productName: 'Visita',
        coupon: null,
        amountCents: 8000,
        currency: 'EUR',
        captureId: 'C1',
        invoice,
        totalCents: 8200,
      }),
    );
    expect(doc).toMatchObject({ id: 'O1', transaction: 'O1', amountCents: 8000, createdAt: '2030-03-04T06:00:00.000Z', patientId: 'p1', status: 'placed' });
    // what /api/me/orders and a cancelled booking show, carried here so that no query reads the order's stream
    expect(doc).toMatchObject({ invoice, totalCents: 8200 });
    // a cancellation's refund marks it refunded; a refund of an order never placed lists nothing
    expect(ordersProjection.evolve(doc, ev('PaymentRefunded', { orderId: 'O1', refundId: 'R1' }))).toMatchObject({ status: 'refunded', refundId: 'R1' });
    expect(ordersProjection.evolve(doc, ev('PaymentRefunded', { orderId: 'O1', refundId: 'R1', amountCents: 8200 }))).toMatchObject({ refundedCents: 8200 });
    expect(ordersProjection.evolve(null, ev('PaymentRefunded', { orderId: 'O2', refundId: 'R2' }))).toBeNull();
  });

  it('lists an order PayPal declined after its review as failed, with the reason (nothing was charged)', () => {
    const data = {
      orderId: 'O3',
      bookingId: 'b3',
      patientId: 'p1',
      productId: 'pr',
      productName: 'Visita',
      amountCents: 8200,
      currency: 'EUR',
      captureId: 'C3',
    };
    expect(ordersProjection.evolve(null, ev('PaymentDeclined', { ...data, reason: 'cattura DECLINED' }))).toMatchObject({
      id: 'O3',
      status: 'failed',
      failureReason: 'cattura DECLINED',
      amountCents: 8200,
      patientId: 'p1',
    });
  });

  it('a booked slot is red with its booking; a confirmed booking is confirmed', () => {
    const slot = { doctorId: 'd', slotId: 's', start: 'a', end: 'b', bookingId: 'b1', patientId: 'p1' };
    const held = availabilitySlotsProjection.evolve(null, ev('SlotHeld', { ...slot, expiresAt: 'z' }));
    expect(availabilitySlotsProjection.evolve(held, ev('SlotBooked', { ...slot, orderId: 'O1' }))).toMatchObject({ status: 'booked', bookingId: 'b1' });
    const booking = bookingsProjection.evolve(null, ev('BookingHeld', { ...slot, expiresAt: 'z' }));
    const confirmed = bookingsProjection.evolve(booking, ev('BookingConfirmed', { bookingId: 'b1', orderId: 'O1' }));
    expect(confirmed?.status).toBe('confirmed');
    expect(bookingsProjection.evolve(confirmed, ev('BookingHoldEnded', { bookingId: 'b1', reason: 'expired' }))?.status).toBe('confirmed');
  });
});
