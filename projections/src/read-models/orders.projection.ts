import { STREAM_PREFIX } from '@studio/contracts';
import type { RecordedEvent } from '@studio/contracts';
import type { ProjectionDefinition } from '../projection';

/** one document per placed order (a created but unpaid PayPal order is not listed) */
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
  status?: 'placed' | 'refunded';
  refundId?: string;
}

type PlacedData = {
  orderId: string;
  bookingId: string;
  patientId: string;
  productId: string;
  productName: string;
  coupon: string | null;
  amountCents: number;
  currency: string;
  captureId: string;
};

export const ordersProjection: ProjectionDefinition<OrderDoc> = {
  name: 'orders',
  // 2: PaymentRefunded of a placed order
  version: 2,
  streamPrefixes: [STREAM_PREFIX.order],
  eventTypes: ['OrderPlaced', 'PaymentRefunded'],
  documentId: (event: RecordedEvent) => (event.data as { orderId?: string }).orderId ?? null,
  evolve(doc, event) {
    if (event.type === 'PaymentRefunded') return doc && { ...doc, status: 'refunded', refundId: (event.data as { refundId: string }).refundId };
    if (event.type !== 'OrderPlaced' || doc) return doc;
    const d = event.data as PlacedData;
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
