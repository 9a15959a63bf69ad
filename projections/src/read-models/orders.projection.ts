import { STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition } from '../projection';

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
}

export const ordersProjection: ProjectionDefinition<OrderDoc, 'OrderPlaced' | 'PaymentRefunded' | 'PaymentDeclined'> = {
  name: 'orders',
  // 2: PaymentRefunded of a placed order; 3: PaymentDeclined
  version: 3,
  streamPrefixes: [STREAM_PREFIX.order],
  eventTypes: ['OrderPlaced', 'PaymentRefunded', 'PaymentDeclined'],
  documentId: (event) => event.data.orderId,
  evolve(doc, event) {
    if (event.type === 'PaymentRefunded') return doc && { ...doc, status: 'refunded', refundId: event.data.refundId };
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
    };
  },
  indexes: {
    patient_id: { type: 'text', value: (d) => d.patientId },
    booking_id: { type: 'text', value: (d) => d.bookingId },
  },
};
