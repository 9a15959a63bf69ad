import { z } from '../platform/zod-it';

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
  /** Web Push only: a new message from the practice, a comment on the diary */
  'new_message',
  'diary_comment',
  /** SMS or WhatsApp only: the answer to a patient's reply (confirmed, cancelled, received, opted out) */
  'text_answer',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

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
