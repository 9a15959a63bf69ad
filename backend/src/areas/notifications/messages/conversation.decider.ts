import type { EventData, Sealed } from '@studio/contracts';
import { ForbiddenError, NotFoundError } from '../../../platform/common/errors';

/**
 * `conversation-<patientId>`: every conversation of one patient with the practice. The decider rules on what the
 * command declares (whether the sender may write in this conversation, decided by the caller from the record's rule)
 * and on which message ids exist; the text and the file arrive sealed with the patient's key.
 */
export type ConversationEvent =
  | { type: 'MessageSent'; data: EventData<'MessageSent'> }
  | { type: 'ConversationRead'; data: EventData<'ConversationRead'> }
  | { type: 'MessageAttachmentFiled'; data: EventData<'MessageAttachmentFiled'> };

export interface ConversationState {
  /** message id → its counterpart and whether it carries a file already filed */
  messages: Record<string, { counterpart: string; hasAttachment: boolean; filed: boolean }>;
}

export type ConversationCommand =
  | {
      type: 'SendMessage';
      messageId: string;
      patientId: string;
      counterpart: string;
      authorId: string;
      fromPatient: boolean;
      /** null: the sender may write here; otherwise the Italian reason of the refusal */
      refusal: string | null;
      text: Sealed;
      attachment: EventData<'MessageSent'>['attachment'];
    }
  | { type: 'MarkConversationRead'; patientId: string; counterpart: string; side: 'patient' | 'staff'; readerId: string; upTo: string }
  | { type: 'FileMessageAttachment'; patientId: string; messageId: string; recordAttachmentId: string; doctorId: string };

export const initialState = (): ConversationState => ({ messages: {} });

export function evolve(state: ConversationState, event: ConversationEvent): ConversationState {
  switch (event.type) {
    case 'MessageSent':
      return {
        messages: { ...state.messages, [event.data.messageId]: { counterpart: event.data.counterpart, hasAttachment: !!event.data.attachment, filed: false } },
      };
    case 'MessageAttachmentFiled': {
      const m = state.messages[event.data.messageId];
      return m ? { messages: { ...state.messages, [event.data.messageId]: { ...m, filed: true } } } : state;
    }
    case 'ConversationRead':
      return state;
  }
}

export function decide(command: ConversationCommand, state: ConversationState): ConversationEvent[] {
  switch (command.type) {
    case 'SendMessage': {
      if (command.refusal) throw new ForbiddenError(command.refusal, 'conversazione_non_ammessa');
      // the same id again (a retried request): already written
      if (state.messages[command.messageId]) return [];
      const { type: _type, refusal: _refusal, ...data } = command;
      return [{ type: 'MessageSent', data }];
    }
    case 'MarkConversationRead': {
      const { type: _type, ...data } = command;
      return [{ type: 'ConversationRead', data }];
    }
    case 'FileMessageAttachment': {
      const m = state.messages[command.messageId];
      if (!m?.hasAttachment) throw new NotFoundError('Allegato non trovato.', 'allegato_non_trovato');
      if (m.filed) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'MessageAttachmentFiled', data }];
    }
  }
}

export const conversationDecider = { initialState, evolve, decide };

/** `messagesettings-practice`: the reply hours, set by the segreteria */
export type MessageSettingsEvent = { type: 'MessageReplyHoursSet'; data: EventData<'MessageReplyHoursSet'> };
export const messageSettingsDecider = {
  initialState: (): { text: string | null } => ({ text: null }),
  evolve: (_state: { text: string | null }, event: MessageSettingsEvent) => ({ text: event.data.text }),
  decide(command: { type: 'SetReplyHours'; text: string; at: string }, state: { text: string | null }): MessageSettingsEvent[] {
    return state.text === command.text ? [] : [{ type: 'MessageReplyHoursSet', data: { text: command.text, at: command.at } }];
  },
};
