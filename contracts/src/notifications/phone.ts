/** the providers of text messages: Twilio (SMS and WhatsApp) and Meta's WhatsApp Cloud API */
export type PhoneProviderName = 'twilio' | 'meta';

/** one stream per provider message: its statuses and, for an inbound one, the reply */
export const phoneMessageStreamName = (provider: PhoneProviderName, providerMessageId: string) => `phonemessage-${provider}-${providerMessageId}`;

/** GET /api/reminders/undelivered: a text about a visit still ahead that reached no phone ("promemoria non consegnato") */
export interface UndeliveredText {
  notificationId: string;
  bookingId: string;
  patientId: string;
  doctorId: string;
  /** the visit's wall clock */
  start: string;
  /** the last channel tried */
  channel: 'sms' | 'whatsapp';
  /** the provider's error code, or the refusal's first words */
  errorCode: string | null;
  at: string;
}
