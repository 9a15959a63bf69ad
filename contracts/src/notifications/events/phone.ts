// Events of `phonemessage-<provider>-<providerMessageId>`: a text message as its provider (Twilio, Meta's WhatsApp Cloud
// API) reported it through the signed webhooks, its statuses and a patient's reply. One stream per provider message id;
// each event names the signed delivery that brought it, so the same delivery replayed is refused.
import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';

export const PhoneProvider = z.enum(['twilio', 'meta']);

/** a status the provider called back with (queued, sent, delivered, read, failed, undelivered…) and its error code */
export const PhoneMessageStatusReported = z.object({
  provider: PhoneProvider,
  providerMessageId: z.string(),
  status: z.string(),
  errorCode: z.string().nullable(),
  at: z.string(),
  /** the outbox message it is about, when known (Twilio's callback carries it; Meta's is found by the provider's id) */
  notificationId: z.string().nullable().optional(),
  /** the signed delivery that brought it (a hash of the provider's signature and the report's place in it) */
  delivery: z.string().optional(),
});

/**
 * A message the patient sent us: the number and the text sealed (with the key of the number's sender, erased with
 * them), the number's keyed hash to find its owner without the number in clear.
 */
export const PhoneReplyReceived = z.object({
  provider: PhoneProvider,
  channel: z.enum(['sms', 'whatsapp']),
  providerMessageId: z.string(),
  fromLookup: z.string(),
  from: Sealed,
  body: Sealed,
  at: z.string(),
  delivery: z.string().optional(),
});

/**
 * A distinct signed delivery that told nothing new (a status or a reply already recorded): kept only so that the same
 * delivery replayed later is refused like the others.
 */
export const PhoneReportRepeated = z.object({
  provider: PhoneProvider,
  providerMessageId: z.string(),
  delivery: z.string(),
  at: z.string(),
});

/**
 * What the practice did with a reply: the visit confirmed or cancelled, the channel turned off (STOP), the text passed
 * to the segreteria, or nothing (a number of no patient, or no visit to answer about). Once per reply.
 */
export const PhoneReplyAnswered = z.object({
  provider: PhoneProvider,
  providerMessageId: z.string(),
  answer: z.enum(['confirmed', 'cancelled', 'cancel_refused', 'opted_out', 'forwarded', 'unknown_sender']),
  patientId: z.string().nullable(),
  bookingId: z.string().nullable(),
  at: z.string(),
});

export const PhoneEventSchemas = { PhoneMessageStatusReported, PhoneReplyReceived, PhoneReportRepeated, PhoneReplyAnswered } as const;
