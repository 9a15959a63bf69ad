import type { NotificationKind } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

export type NotificationStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';

/** one document per outbox message: what the sending worker looks for (no personal data: ids only) */
export interface NotificationDoc {
  id: string;
  kind: NotificationKind;
  recipientId: string;
  bookingId: string | null;
  status: NotificationStatus;
  dueAt: string;
  /** when the worker should look at it next: due time, retry time, or (sending) when it was claimed */
  nextAt: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

export const notificationsProjection: ProjectionDefinition<
  NotificationDoc,
  'NotificationDecided' | 'NotificationSending' | 'NotificationSent' | 'NotificationFailed' | 'NotificationCancelled'
> = {
  name: 'notifications',
  version: 1,
  streamPrefixes: ['notification-'],
  eventTypes: ['NotificationDecided', 'NotificationSending', 'NotificationSent', 'NotificationFailed', 'NotificationCancelled'],
  documentId: (event) => event.data.notificationId,
  evolve(doc, event) {
    switch (event.type) {
      case 'NotificationDecided': {
        const d = event.data;
        return (
          doc ?? {
            id: d.notificationId,
            kind: d.kind,
            recipientId: d.recipientId,
            bookingId: d.bookingId,
            status: 'pending',
            dueAt: d.dueAt,
            nextAt: d.dueAt,
            attempts: 0,
            lastError: null,
            sentAt: null,
          }
        );
      }
      case 'NotificationSending': {
        const d = event.data;
        return doc && { ...doc, status: 'sending', attempts: d.attempt, nextAt: d.at };
      }
      case 'NotificationSent': {
        const d = event.data;
        return doc && { ...doc, status: 'sent', sentAt: d.at, lastError: null };
      }
      case 'NotificationFailed': {
        const d = event.data;
        return doc && { ...doc, status: d.retryAt ? 'pending' : 'failed', nextAt: d.retryAt ?? doc.nextAt, lastError: d.error };
      }
      case 'NotificationCancelled':
        return doc && { ...doc, status: 'cancelled' };
      default:
        return doc;
    }
  },
  indexes: {
    status: { type: 'text', value: (d) => d.status },
    next_at: { type: 'text', value: (d) => d.nextAt },
    booking_id: { type: 'text', value: (d) => d.bookingId },
    kind: { type: 'text', value: (d) => d.kind },
  },
};
