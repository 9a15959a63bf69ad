import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { MESSAGE_MAX_CHARS, PUSH_TOPICS, type PushTopic } from './message-names';

const MessageText = storedText({
  label: 'Messaggio',
  kind: 'lines',
  max: MESSAGE_MAX_CHARS,
  tooLong: `Messaggio: al massimo ${MESSAGE_MAX_CHARS} caratteri`,
  missing: 'Scrivi il messaggio',
});

export const MessageRecipient = z.string({ error: 'Scegli a chi scrivere.' }).min(1, 'Scegli a chi scrivere.').max(100, 'Destinatario non valido.');
export const PatientMessageRequest = z.object({
  to: MessageRecipient,
  text: MessageText,
});
export type PatientMessageRequest = z.infer<typeof PatientMessageRequest>;
export const StaffMessageRequest = z.object({ text: MessageText });
export type StaffMessageRequest = z.infer<typeof StaffMessageRequest>;
export const ConversationReadRequest = z.object({ with: z.string().min(1).max(100).optional() });
export const ReplyHoursRequest = z.object({
  text: storedText({
    label: 'Orari di risposta',
    kind: 'line',
    max: 200,
    tooLong: 'Orari di risposta: al massimo 200 caratteri',
    missing: 'Scrivi gli orari di risposta',
  }),
});

export interface MessageView {
  id: string;
  fromPatient: boolean;
  authorId: string;
  text: string;
  at: string;
  attachment: { id: string; name: string; mediaType: string; sizeBytes: number; filedAs: string | null } | null;
}
export interface ConversationView {
  /** a doctor's id or 'segreteria' */
  with: string;
  name: string;
  unread: number;
  /** the patient may still write (the doctor still treats them; the segreteria always) */
  canWrite: boolean;
  messages: MessageView[];
}
export interface MyMessagesView {
  replyHours: string | null;
  emergencyNotice: string;
  conversations: ConversationView[];
}
/** staff: the unread conversations of their side */
export interface StaffUnreadView {
  total: number;
  patients: { patientId: string; name: string; unread: number; lastAt: string }[];
}

// ---- Web Push -------------------------------------------------------------------------------------

/** the browser's PushSubscription.toJSON() */
export const PushSubscriptionRequest = z.object({
  endpoint: z.string({ error: 'Indirizzo del servizio di notifica mancante.' }).min(1).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Chiave p256dh non valida.'),
      auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'Segreto auth non valido.'),
    },
    { error: 'Chiavi della sottoscrizione mancanti.' },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;
export const PushUnsubscribeRequest = z.object({ endpoint: z.string().min(1).max(2000) });
export const PushTopicsRequest = z.object({ optedOut: z.array(z.enum(PUSH_TOPICS)).max(PUSH_TOPICS.length) });
export interface PushSettingsView {
  publicKey: string;
  subscriptions: number;
  optedOut: PushTopic[];
}
/** what the service worker receives (JSON, encrypted per RFC 8291) */
export interface PushPayload {
  title: string;
  body: string;
  topic: PushTopic;
  url: string;
}
