import { STREAM_PREFIX, type Sealed } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

export interface ConversationMessage {
  id: string;
  authorId: string;
  fromPatient: boolean;
  at: string;
  text: Sealed;
  /** the bytes stay in the log: the entry says where (the stream's revision) */
  attachment: { id: string; mediaType: string; sizeBytes: number; name: Sealed; revision: number; filedAs: string | null } | null;
}

/**
 * One document per conversation (a patient with a doctor, or with the segreteria): the messages sealed as in their
 * events (erasing the patient's key erases them here too), and each side's unread count.
 */
export interface ConversationDoc {
  id: string;
  patientId: string;
  counterpart: string;
  messages: ConversationMessage[];
  patientReadUpTo: string | null;
  staffReadUpTo: string | null;
  unreadByPatient: number;
  unreadByStaff: number;
  lastAt: string;
}

export const conversationId = (patientId: string, counterpart: string) => `${patientId}|${counterpart}`;

const unread = (messages: ConversationMessage[], fromPatient: boolean, upTo: string | null) =>
  messages.filter((m) => m.fromPatient === fromPatient && (upTo === null || m.at > upTo)).length;

export const conversationsProjection: ProjectionDefinition<ConversationDoc, 'MessageSent' | 'ConversationRead' | 'MessageAttachmentFiled'> = {
  name: 'conversations',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.conversation],
  eventTypes: ['MessageSent', 'ConversationRead', 'MessageAttachmentFiled'],
  documentId: (event) => {
    if (event.type !== 'MessageAttachmentFiled') return conversationId(event.data.patientId, event.data.counterpart);
    // the filing event names the message only: its conversation is the doctor's
    return conversationId(event.data.patientId, event.data.doctorId);
  },
  evolve(current, event) {
    const at = event.metadata.at;
    const doc: ConversationDoc = current ?? {
      id: '',
      patientId: event.data.patientId,
      counterpart: '',
      messages: [],
      patientReadUpTo: null,
      staffReadUpTo: null,
      unreadByPatient: 0,
      unreadByStaff: 0,
      lastAt: at,
    };
    let next: ConversationDoc = doc;
    switch (event.type) {
      case 'MessageSent': {
        const d = event.data;
        if (doc.messages.some((m) => m.id === d.messageId)) return doc;
        const a = d.attachment;
        const message: ConversationMessage = {
          id: d.messageId,
          authorId: d.authorId,
          fromPatient: d.fromPatient,
          at,
          text: d.text,
          attachment: a ? { id: a.attachmentId, mediaType: a.mediaType, sizeBytes: a.sizeBytes, name: a.name, revision: event.revision, filedAs: null } : null,
        };
        next = { ...doc, id: conversationId(d.patientId, d.counterpart), counterpart: d.counterpart, messages: [...doc.messages, message], lastAt: at };
        break;
      }
      case 'ConversationRead':
        next =
          event.data.side === 'patient'
            ? { ...doc, patientReadUpTo: maxOf(doc.patientReadUpTo, event.data.upTo) }
            : { ...doc, staffReadUpTo: maxOf(doc.staffReadUpTo, event.data.upTo) };
        break;
      case 'MessageAttachmentFiled':
        next = {
          ...doc,
          messages: doc.messages.map((m) =>
            m.id === event.data.messageId && m.attachment ? { ...m, attachment: { ...m.attachment, filedAs: event.data.recordAttachmentId } } : m,
          ),
        };
        break;
    }
    return {
      ...next,
      unreadByPatient: unread(next.messages, false, next.patientReadUpTo),
      unreadByStaff: unread(next.messages, true, next.staffReadUpTo),
    };
  },
  indexes: {
    patient_id: { type: 'text', value: (doc) => doc.patientId },
    counterpart: { type: 'text', value: (doc) => doc.counterpart },
    unread_by_staff: { type: 'integer', value: (doc) => doc.unreadByStaff },
  },
};

const maxOf = (a: string | null, b: string) => (a === null || b > a ? b : a);

/** the practice's reply hours: one document */
export interface ReplyHoursDoc {
  id: string;
  text: string;
  at: string;
}
export const replyHoursProjection: ProjectionDefinition<ReplyHoursDoc, 'MessageReplyHoursSet'> = {
  name: 'message_reply_hours',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.messageSettings],
  eventTypes: ['MessageReplyHoursSet'],
  documentId: () => 'practice',
  evolve: (_doc, event) => ({ id: 'practice', text: event.data.text, at: event.data.at }),
  indexes: {},
};
