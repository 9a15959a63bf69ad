import type { ProjectionDefinition, ReminderChannelFigure } from '@studio/contracts';

/**
 * One document per booking, for /statistiche: its doctor and day, whether it was paid, cancelled (by a reply or not),
 * confirmed by a reply, missed, and on which channel its last reminder was decided. Ids and flags only.
 */
export interface VisitFigureDoc {
  id: string;
  doctorId: string;
  /** the visit's wall clock ('YYYY-MM-DDTHH:MM…'): its month is the first seven characters */
  start: string;
  confirmed: boolean;
  cancelled: boolean;
  confirmedByReply: boolean;
  cancelledByReply: boolean;
  noShow: boolean;
  reminderChannel: ReminderChannelFigure;
  /** when its last reminder was decided to leave (the latest one wins) */
  reminderDueAt: string | null;
}

type Handled =
  'BookingHeld' | 'BookingConfirmed' | 'BookingRescheduled' | 'BookingCancelled' | 'BookingOutcomeRecorded' | 'NotificationDecided' | 'PhoneReplyAnswered';

export const visitFiguresProjection: ProjectionDefinition<VisitFigureDoc, Handled> = {
  name: 'visit_figures',
  version: 1,
  streamPrefixes: ['booking-', 'notification-', 'phonemessage-'],
  eventTypes: [
    'BookingHeld',
    'BookingConfirmed',
    'BookingRescheduled',
    'BookingCancelled',
    'BookingOutcomeRecorded',
    'NotificationDecided',
    'PhoneReplyAnswered',
  ],
  documentId: (event) => {
    if (event.type === 'NotificationDecided') return event.data.bookingId ?? `none-${event.data.notificationId}`;
    if (event.type === 'PhoneReplyAnswered') return event.data.bookingId ?? `none-${event.data.providerMessageId}`;
    return event.data.bookingId;
  },
  evolve(doc, event) {
    switch (event.type) {
      case 'BookingHeld':
        return (
          doc ?? {
            id: event.data.bookingId,
            doctorId: event.data.doctorId,
            start: event.data.start,
            confirmed: false,
            cancelled: false,
            confirmedByReply: false,
            cancelledByReply: false,
            noShow: false,
            reminderChannel: 'none',
            reminderDueAt: null,
          }
        );
      case 'BookingConfirmed':
        return doc && { ...doc, confirmed: true };
      case 'BookingRescheduled':
        return doc && { ...doc, start: event.data.start };
      case 'BookingCancelled':
        return doc && { ...doc, cancelled: true };
      case 'BookingOutcomeRecorded':
        return doc && { ...doc, noShow: event.data.outcome === 'no_show' };
      case 'NotificationDecided': {
        const d = event.data;
        if (!doc || d.kind !== 'reminder' || d.recipientRole !== 'patient' || d.channel === 'push') return doc;
        // a fallback or a moved visit's reminder leaves later: the latest to leave is the last; the email beside a
        // text due at the same time (decided in either order) is not the one the patient answers
        const channel = d.channel ?? 'email';
        if (doc.reminderDueAt && doc.reminderDueAt > d.dueAt) return doc;
        if (doc.reminderDueAt === d.dueAt && channel === 'email' && doc.reminderChannel !== 'email') return doc;
        return { ...doc, reminderChannel: channel, reminderDueAt: d.dueAt };
      }
      case 'PhoneReplyAnswered':
        if (!doc) return doc;
        if (event.data.answer === 'confirmed') return { ...doc, confirmedByReply: true };
        if (event.data.answer === 'cancelled') return { ...doc, cancelledByReply: true };
        return doc;
      default:
        return doc;
    }
  },
  indexes: {
    doctor_id: { type: 'text', value: (d) => d.doctorId },
    start: { type: 'text', value: (d) => d.start },
    confirmed: { type: 'text', value: (d) => (d.confirmed ? 'yes' : 'no') },
  },
};
