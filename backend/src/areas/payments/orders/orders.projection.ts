import { STREAM_PREFIX, type Sealed } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** one document per placed order, or per order PayPal declined after its review (a created but unpaid PayPal order is not listed) */
export interface OrderDoc {
  id: string;
  patientId: string;
  bookingId: string;
  productId: string;
  productName: string;
  amountCents: number;
  currency: string;
  coupon: string | null;
  transaction: string;
  captureId: string;
  createdAt: string;
  /** refunded: the booking was cancelled with a refund (PaymentRefunded after OrderPlaced) */
  status?: 'placed' | 'refunded' | 'failed';
  refundId?: string;
  /** failed: PayPal declined the capture after its review (PaymentDeclined); why */
  failureReason?: string;
  /** {taxcode, billing} as given at payment, sealed with the patient's key (OrderPlaced's): /api/me/orders opens it */
  invoice?: Sealed;
  /** the total charged (OrderPlaced's totalCents; absent on older events) */
  totalCents?: number;
  /** what the refund gave back (PaymentRefunded's amountCents; absent on older events) */
  refundedCents?: number;
}

export const ordersProjection: ProjectionDefinition<OrderDoc, 'OrderPlaced' | 'PaymentRefunded' | 'PaymentDeclined'> = {
  name: 'orders',
  // 2: PaymentRefunded of a placed order; 3: PaymentDeclined; 4: the sealed invoice and the amounts (queries read no stream)
  version: 4,
  streamPrefixes: [STREAM_PREFIX.order],
  eventTypes: ['OrderPlaced', 'PaymentRefunded', 'PaymentDeclined'],
  documentId: (event) => event.data.orderId,
  evolve(doc, event) {
    if (event.type === 'PaymentRefunded') {
      const { refundId, amountCents } = event.data;
      return doc && { ...doc, status: 'refunded', refundId, ...(amountCents === undefined ? {} : { refundedCents: amountCents }) };
    }
    if (event.type === 'PaymentDeclined') {
      const d = event.data;
      return (
        doc ?? {
          id: d.orderId,
          patientId: d.patientId,
          bookingId: d.bookingId,
          productId: d.productId,
          productName: d.productName,
          amountCents: d.amountCents,
          currency: d.currency,
          coupon: null,
          transaction: d.orderId,
          captureId: d.captureId,
          createdAt: event.metadata.at,
          status: 'failed',
          failureReason: d.reason,
        }
      );
    }
    if (event.type !== 'OrderPlaced' || doc) return doc;
    const d = event.data;
    return {
      id: d.orderId,
      patientId: d.patientId,
      bookingId: d.bookingId,
      productId: d.productId,
      productName: d.productName,
      amountCents: d.amountCents,
      currency: d.currency,
      coupon: d.coupon,
      transaction: d.orderId,
      captureId: d.captureId,
      createdAt: event.metadata.at,
      status: 'placed',
      invoice: d.invoice,
      ...(d.totalCents === undefined ? {} : { totalCents: d.totalCents }),
    };
  },
  indexes: {
    patient_id: { type: 'text', value: (d) => d.patientId },
    booking_id: { type: 'text', value: (d) => d.bookingId },
  },
};
