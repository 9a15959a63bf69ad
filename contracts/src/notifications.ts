import { z } from 'zod';
import { Sealed } from './sealed';

/**
 * Notifications (the outbox) and the waiting list. The outbox is made of events: one stream per message,
 * `notification-<id>`, whose id is derived from its cause (so deciding it twice appends once).
 * No personal data in clear: recipients are user ids, the address and names are looked up when sending.
 */
export const NotificationKind = z.enum([
  'booking_confirmed',
  'booking_cancelled',
  'booking_rescheduled',
  'reminder',
  'receipt_available',
  'waiting_list_offer',
  'staff_invitation',
  'password_reset',
  'email_confirmation',
  'diet_sent',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

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
});
/** claimed by a worker just before the SMTP conversation: a crash after it leaves the message in doubt */
export const NotificationSending = z.object({ notificationId: z.string(), attempt: z.number().int().positive(), at: z.string() });
export const NotificationSent = z.object({
  notificationId: z.string(),
  attempt: z.number().int().positive(),
  at: z.string(),
  messageId: z.string(),
  transport: z.enum(['smtp', 'local']),
});
/** `retryAt` null: given up; the error text never carries credentials */
export const NotificationFailed = z.object({
  notificationId: z.string(),
  attempt: z.number().int().positive(),
  at: z.string(),
  error: z.string(),
  retryAt: z.string().nullable(),
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

export const notificationStreamName = (notificationId: string) => `notification-${notificationId}`;
export const waitingListStreamName = (doctorId: string) => `waitinglist-${doctorId}`;
export const calendarFeedStreamName = (doctorId: string) => `calendarfeed-${doctorId}`;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida: usa il formato AAAA-MM-GG.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, 'Data inesistente.');

/** POST /api/waiting-list */
export const WaitingListRequest = z
  .object({
    doctor_id: z.string({ error: 'Scegli un medico.' }).min(1, 'Scegli un medico.').max(100),
    from: day,
    to: day,
  })
  .refine((r) => r.from <= r.to, { message: 'Il primo giorno deve precedere l’ultimo.', path: ['to'] })
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= 60 * 86_400_000, { message: 'Puoi attendere al massimo 60 giorni alla volta.', path: ['to'] });
export type WaitingListRequest = z.infer<typeof WaitingListRequest>;

export const WaitingListEntryView = z.object({
  id: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(['waiting', 'offered']),
});
export type WaitingListEntryView = z.infer<typeof WaitingListEntryView>;

/** GET /api/me/calendar-feed */
export const CalendarFeedView = z.object({ url: z.string(), showPatientName: z.boolean() });
export type CalendarFeedView = z.infer<typeof CalendarFeedView>;
export const CalendarFeedSettings = z.object({ showPatientName: z.boolean({ error: 'Indica se mostrare il nome del paziente.' }) });

/** GET /api/posta: the local outbox (admin, no SMTP_URL, outside production) */
export const LocalMailView = z.object({
  id: z.string(),
  notificationId: z.string(),
  at: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })),
});
export type LocalMailView = z.infer<typeof LocalMailView>;
