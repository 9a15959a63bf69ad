import type { EventData, NotificationKind, ProjectionDefinition } from '@studio/contracts';

export type TextMessageStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'failed' | 'cancelled';

/**
 * One document per SMS or WhatsApp message of the outbox: what the provider said of it (its id and statuses), so that
 * a failure finds its message and its next channel, the segreteria sees what did not arrive, and the figures count
 * by channel. Ids and statuses only: the number and the words are sealed in the outbox's events.
 */
export interface TextMessageDoc {
  id: string;
  kind: NotificationKind;
  channel: 'sms' | 'whatsapp';
  bookingId: string | null;
  patientId: string;
  doctorId: string;
  /** the visit's wall clock */
  start: string | null;
  decided: EventData<'NotificationDecided'>;
  status: TextMessageStatus;
  providerMessageId: string | null;
  errorCode: string | null;
  /** refused or failed for good on this channel */
  failed: boolean;
  at: string;
}

const DELIVERY: Record<string, TextMessageStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed', undelivered: 'failed' };
const RANK: Record<TextMessageStatus, number> = { pending: 0, sent: 1, delivered: 2, read: 3, failed: 4, cancelled: 4 };

export const textMessagesProjection: ProjectionDefinition<
  TextMessageDoc,
  'NotificationDecided' | 'NotificationSent' | 'NotificationFailed' | 'NotificationCancelled' | 'PhoneMessageStatusReported'
> = {
  name: 'text_messages',
  version: 1,
  streamPrefixes: ['notification-', 'phonemessage-'],
  eventTypes: ['NotificationDecided', 'NotificationSent', 'NotificationFailed', 'NotificationCancelled', 'PhoneMessageStatusReported'],
  documentId: (event) =>
    event.type === 'PhoneMessageStatusReported' ? (event.data.notificationId ?? `unmatched-${event.data.providerMessageId}`) : event.data.notificationId,
  evolve(doc, event) {
    switch (event.type) {
      case 'NotificationDecided': {
        const d = event.data;
        if (doc || (d.channel !== 'sms' && d.channel !== 'whatsapp')) return doc;
        return {
          id: d.notificationId,
          kind: d.kind,
          channel: d.channel,
          bookingId: d.bookingId,
          patientId: d.patientId,
          doctorId: d.doctorId,
          start: d.start,
          decided: d,
          status: 'pending',
          providerMessageId: null,
          errorCode: null,
          failed: false,
          at: d.dueAt,
        };
      }
      case 'NotificationSent':
        return doc && { ...doc, providerMessageId: event.data.messageId, status: RANK[doc.status] < RANK.sent ? 'sent' : doc.status, at: event.data.at };
      case 'NotificationFailed':
        return (
          doc &&
          (event.data.retryAt ? doc : { ...doc, status: 'failed', failed: true, errorCode: doc.errorCode ?? event.data.error.slice(0, 80), at: event.data.at })
        );
      case 'NotificationCancelled':
        return doc && { ...doc, status: 'cancelled' };
      case 'PhoneMessageStatusReported': {
        const status = DELIVERY[event.data.status];
        if (!doc || !status || RANK[status] <= RANK[doc.status]) return doc;
        return { ...doc, status, failed: status === 'failed', errorCode: event.data.errorCode ?? doc.errorCode, at: event.data.at };
      }
      default:
        return doc;
    }
  },
  indexes: {
    provider_message_id: { type: 'text', value: (d) => d.providerMessageId },
    booking_id: { type: 'text', value: (d) => d.bookingId },
    patient_id: { type: 'text', value: (d) => d.patientId },
    failed: { type: 'text', value: (d) => (d.failed ? 'yes' : 'no') },
    doctor_id: { type: 'text', value: (d) => d.doctorId },
    start: { type: 'text', value: (d) => d.start },
  },
};
