// Events of `conversation-<patientId>` (the patient's messages with the doctors who treat them and the segreteria),
// `messagesettings-practice` (the reply hours) and `push-<userId>` (a person's Web Push subscriptions and topics).
import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';
import { PUSH_TOPICS } from '../message-names';

/** a doctor's id, or the segreteria (the admins share one conversation per patient) */
const Counterpart = z.string().min(1);

/** text and attachment sealed with the patient's key; who wrote it and when stay in clear (the auditor sees those) */
export const MessageSent = z.object({
  messageId: z.string(),
  patientId: z.string(),
  counterpart: Counterpart,
  authorId: z.string(),
  fromPatient: z.boolean(),
  text: Sealed,
  attachment: z
    .object({
      attachmentId: z.string(),
      mediaType: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
      sizeBytes: z.number().int().positive(),
      name: Sealed,
      content: Sealed,
    })
    .nullable(),
});
/** one side read the conversation up to this instant */
export const ConversationRead = z.object({
  patientId: z.string(),
  counterpart: Counterpart,
  side: z.enum(['patient', 'staff']),
  readerId: z.string(),
  upTo: z.string(),
});
/** a doctor filed a message's attachment into the patient's record (the record's own event follows on its stream) */
export const MessageAttachmentFiled = z.object({
  patientId: z.string(),
  messageId: z.string(),
  recordAttachmentId: z.string(),
  doctorId: z.string(),
});
/** the practice's reply hours, shown to the patient above every conversation (not personal data) */
export const MessageReplyHoursSet = z.object({ text: z.string(), at: z.string() });

/** the endpoint and keys identify a person's device: sealed with their key, erased with them */
export const PushSubscribed = z.object({ userId: z.string(), subscriptionId: z.string(), subscription: Sealed });
export const PushUnsubscribed = z.object({ userId: z.string(), subscriptionId: z.string(), reason: z.enum(['user', 'gone']) });
export const PushTopicsSet = z.object({ userId: z.string(), optedOut: z.array(z.enum(PUSH_TOPICS)) });

export const MessageEventSchemas = {
  MessageSent,
  ConversationRead,
  MessageAttachmentFiled,
  MessageReplyHoursSet,
  PushSubscribed,
  PushUnsubscribed,
  PushTopicsSet,
} as const;
