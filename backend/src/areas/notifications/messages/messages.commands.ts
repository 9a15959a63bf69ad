import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { conversationDecider, messageSettingsDecider } from './conversation.decider';

// the messages' commands on the CommandBus, each with its handler

export class SendMessage extends StreamCommand<CommandOf<typeof conversationDecider, 'SendMessage'>, EventOf<typeof conversationDecider>> {}
export class MarkConversationRead extends StreamCommand<CommandOf<typeof conversationDecider, 'MarkConversationRead'>, EventOf<typeof conversationDecider>> {}
export class FileMessageAttachment extends StreamCommand<CommandOf<typeof conversationDecider, 'FileMessageAttachment'>, EventOf<typeof conversationDecider>> {}
export class SetReplyHours extends StreamCommand<CommandOf<typeof messageSettingsDecider, 'SetReplyHours'>, EventOf<typeof messageSettingsDecider>> {}

export const messagesCommandHandlers = [
  // a message depends only on what its command declares (and its own id): decided again on a concurrent append
  ...handlersOf(conversationDecider, [SendMessage, MarkConversationRead, FileMessageAttachment], { onStale: 'decide-again' }),
  ...handlersOf(messageSettingsDecider, [SetReplyHours], { onStale: 'decide-again' }),
];
