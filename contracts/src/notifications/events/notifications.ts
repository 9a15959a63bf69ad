// Events of `notification-<id>` (an email decided, sent or failed), `waitinglist-<doctorId>` and `calendarfeed-<doctorId>`.
import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';
import { NotificationKind } from '../notifications';
import { PUSH_TOPICS } from '../message-names';

export const NotificationDecided = z.object({
  notificationId: z.string(),
  kind: NotificationKind,
  recipientId: z.string(),
  /** an account's own messages (invitation, password reset) go to any role */
  recipientRole: z.enum(['patient', 'doctor', 'admin', 'auditor']),
  /** not before this instant (ISO); the reminder's is REMINDER_HOURS before the visit */
  dueAt: z.string(),
  bookingId: z.string().nullable(),
  doctorId: z.string(),
  patientId: z.string(),
  /** the visit, as slot wall-clock times ('…Z' = practice time) */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** the .ics SEQUENCE (0 = as first booked; a reschedule's own sequence) */
  sequence: z.number().int().min(0),
  /** receipt `number/year`, or the offer's hold expiry: what the message needs besides the visit */
  receipt: z.object({ receiptId: z.string(), number: z.number().int(), year: z.number().int(), orderId: z.string() }).nullable(),
  offerExpiresAt: z.string().nullable(),
  /** an invitation's or a reset's link: its id and expiry; the token is signed again when the message is written */
  accountLink: z
    .object({ purpose: z.enum(['invitation', 'password_reset', 'email_confirmation']), linkId: z.string(), expiresAt: z.string().nullable() })
    .nullable()
    .optional(),
  /** how it goes out: an email (absent, as before push existed), a Web Push to every device of the recipient, an SMS or a WhatsApp message */
  channel: z.enum(['email', 'push', 'sms', 'whatsapp']).optional(),
  /** a text's next channels, tried in this order when this one fails for good */
  fallback: z.array(z.enum(['whatsapp', 'sms', 'email'])).optional(),
  /** which text an SMS or WhatsApp message says (contracts/notifications/phone-texts.ts) */
  text: z
    .enum([
      'confirmation',
      'reminder',
      'confirmed_by_reply',
      'cancelled_by_reply',
      'cancelled_late_by_reply',
      'cancel_refused',
      'forwarded',
      'opted_out',
      'waiting_list_offer',
    ])
    .optional(),
  /** a reminder's window (48, 24): for the figures */
  hoursBefore: z.number().int().positive().optional(),
  /** a push's topic, which the recipient may have opted out of */
  topic: z.enum(PUSH_TOPICS).optional(),
});
/** claimed by a worker just before the SMTP conversation: a crash after it leaves the message in doubt */
export const NotificationSending = z.object({ notificationId: z.string(), attempt: z.number().int().positive(), at: z.string() });
export const NotificationSent = z.object({
  notificationId: z.string(),
  attempt: z.number().int().positive(),
  at: z.string(),
  messageId: z.string(),
  transport: z.enum(['smtp', 'local', 'push', 'twilio', 'meta']),
  /** a text's number and words, sealed with the recipient's key (erased with them); the provider's id is `messageId` */
  content: Sealed.optional(),
});
/** `retryAt` null: given up; the error text never carries credentials */
export const NotificationFailed = z.object({
  notificationId: z.string(),
  attempt: z.number().int().positive(),
  at: z.string(),
  error: z.string(),
  retryAt: z.string().nullable(),
  /** the channel refused it for good (invalid number, unsubscribed, closed window): not retried, the next channel is */
  permanent: z.boolean().optional(),
});
/** no longer to send: the visit was cancelled or moved, the recipient erased */
export const NotificationCancelled = z.object({ notificationId: z.string(), reason: z.string(), at: z.string() });

/** on `waitinglist-<doctorId>`: one stream per doctor, so the order of the line and every offer are decided by its revision */
export const WaitingListJoined = z.object({
  entryId: z.string(),
  doctorId: z.string(),
  patientId: z.string(),
  from: z.string(),
  to: z.string(),
  at: z.string(),
});
export const WaitingListLeft = z.object({ entryId: z.string(), reason: z.enum(['left', 'booked', 'expired']), at: z.string() });
/** a freed slot is reserved for the first in line; the hold on the doctor-day stream follows (booking `bookingId`) */
export const WaitingListOfferReserved = z.object({
  entryId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  bookingId: z.string(),
  expiresAt: z.string(),
  at: z.string(),
});
/** the slot is held for the patient: the offer email goes out */
export const WaitingListOfferMade = z.object({ entryId: z.string(), bookingId: z.string(), at: z.string() });
/** the slot went elsewhere before the hold: the patient stays first in line */
export const WaitingListOfferWithdrawn = z.object({ entryId: z.string(), bookingId: z.string(), at: z.string() });
/** taken (the patient paid) or let go (the hold expired or was released): the next in line may get the slot */
export const WaitingListOfferEnded = z.object({ entryId: z.string(), bookingId: z.string(), outcome: z.enum(['taken', 'declined']), at: z.string() });

/** on `calendarfeed-<doctorId>`: the secret of the doctor's subscription URL (sealed) and its hash, compared in constant time */
export const CalendarFeedIssued = z.object({ doctorId: z.string(), token: Sealed, tokenHash: z.string(), at: z.string() });
export const CalendarFeedSettingsChanged = z.object({ doctorId: z.string(), showPatientName: z.boolean(), at: z.string() });

export const NotificationEventSchemas = {
  NotificationDecided,
  NotificationSending,
  NotificationSent,
  NotificationFailed,
  NotificationCancelled,
  WaitingListJoined,
  WaitingListLeft,
  WaitingListOfferReserved,
  WaitingListOfferMade,
  WaitingListOfferWithdrawn,
  WaitingListOfferEnded,
  CalendarFeedIssued,
  CalendarFeedSettingsChanged,
} as const;
