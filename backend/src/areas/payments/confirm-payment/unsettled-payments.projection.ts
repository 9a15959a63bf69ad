import { STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/**
 * One document per order whose money is not settled yet: a capture asked of PayPal with no answer recorded
 * (`capturing`), a capture PayPal holds for review (`pending`), or a capture recorded but neither booked nor refunded
 * (`captured`). Deleted when the order is placed, refunded, the capture is abandoned or declined after review (no money taken). The payment
 * reconciler asks PayPal about each of them.
 */
export interface UnsettledPaymentDoc {
  orderId: string;
  bookingId: string;
  status: 'capturing' | 'pending' | 'captured';
  /** when the capture was asked for (the PaymentCaptureRequested's time), null for a capture recorded without one */
  requestedAt: string | null;
}

type Handled =
  'PaymentCaptureRequested' | 'PaymentCapturePending' | 'PaymentCaptured' | 'PaymentCaptureAbandoned' | 'OrderPlaced' | 'PaymentRefunded' | 'PaymentDeclined';

export const unsettledPaymentsProjection: ProjectionDefinition<UnsettledPaymentDoc, Handled> = {
  name: 'unsettled_payments',
  // 2: PaymentDeclined
  version: 2,
  streamPrefixes: [STREAM_PREFIX.order],
  eventTypes: [
    'PaymentCaptureRequested',
    'PaymentCapturePending',
    'PaymentCaptured',
    'PaymentCaptureAbandoned',
    'OrderPlaced',
    'PaymentRefunded',
    'PaymentDeclined',
  ],
  documentId: (event) => event.data.orderId,
  evolve(doc, event) {
    switch (event.type) {
      case 'PaymentCaptureRequested':
        return { orderId: event.data.orderId, bookingId: event.data.bookingId, status: 'capturing', requestedAt: event.metadata.at };
      case 'PaymentCapturePending':
        return doc && { ...doc, status: 'pending' };
      case 'PaymentCaptured':
        // a capture recorded straight after OrderCreated (orders older than the capture intent) has no bookingId here
        return { orderId: event.data.orderId, bookingId: doc?.bookingId ?? '', status: 'captured', requestedAt: doc?.requestedAt ?? null };
      default:
        return null;
    }
  },
  indexes: {
    status: { type: 'text', value: (d) => d.status },
    requested_at: { type: 'text', value: (d) => d.requestedAt },
  },
};
