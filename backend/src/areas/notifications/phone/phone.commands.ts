import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { phoneMessageDecider } from './phone-message.decider';

// what a provider's webhook reports, on the CommandBus: idempotent, so decided again on a concurrent append
export class ReportPhoneStatus extends StreamCommand<CommandOf<typeof phoneMessageDecider, 'ReportStatus'>, EventOf<typeof phoneMessageDecider>> {}
export class ReceivePhoneReply extends StreamCommand<CommandOf<typeof phoneMessageDecider, 'ReceiveReply'>, EventOf<typeof phoneMessageDecider>> {}

export class RecordReplyAnswer extends StreamCommand<CommandOf<typeof phoneMessageDecider, 'RecordAnswer'>, EventOf<typeof phoneMessageDecider>> {}

export const phoneCommandHandlers = [
  ...handlersOf(phoneMessageDecider, [ReportPhoneStatus, ReceivePhoneReply, RecordReplyAnswer], { onStale: 'decide-again' }),
];
