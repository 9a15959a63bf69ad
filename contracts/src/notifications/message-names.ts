// the names and limits of messages and push that the first pages need, in a module without zod (its schemas are in
// messages.ts): a page that imports a constant does not download the schemas with it

/**
 * Messages between a patient and the practice: one conversation per doctor who treats the patient (the record's rule:
 * a paid visit or a care share) and one with the segreteria, for bookings and payments. `to` is a doctor's id or
 * 'segreteria'.
 */
export const SEGRETERIA = 'segreteria';
export const conversationStreamName = (patientId: string) => `conversation-${patientId}`;
export const MESSAGE_SETTINGS_STREAM = 'messagesettings-practice';
export const pushStreamName = (userId: string) => `push-${userId}`;

export const MESSAGE_MAX_CHARS = 4000;
/** attachments: PDF, JPEG, PNG, type by content, at most 10 MB (as the record's) */
export const MESSAGE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const EMERGENCY_NOTICE = 'I messaggi non sono per le emergenze: in caso di urgenza chiama il 112.';
/** what a push says of a message: never its content */
export const NEW_MESSAGE_PUSH = 'Hai un nuovo messaggio dallo studio';

export const PUSH_TOPICS = ['new_message', 'visit_reminder', 'diet_sent', 'diary_comment'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];
