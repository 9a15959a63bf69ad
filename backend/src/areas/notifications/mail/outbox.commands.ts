import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { outboxDecider } from './outbox.decider';

// a notification's commands on the CommandBus, each with its handler (outboxDecider): decided by a reactor, then
// claimed, sent or failed, or cancelled by the outbox worker

export class DecideNotification extends StreamCommand<CommandOf<typeof outboxDecider, 'Decide'>, EventOf<typeof outboxDecider>> {}

export class ClaimNotification extends StreamCommand<CommandOf<typeof outboxDecider, 'Claim'>, EventOf<typeof outboxDecider>> {}

export class MarkNotificationSent extends StreamCommand<CommandOf<typeof outboxDecider, 'MarkSent'>, EventOf<typeof outboxDecider>> {}

export class MarkNotificationFailed extends StreamCommand<CommandOf<typeof outboxDecider, 'MarkFailed'>, EventOf<typeof outboxDecider>> {}

export class CancelNotification extends StreamCommand<CommandOf<typeof outboxDecider, 'Cancel'>, EventOf<typeof outboxDecider>> {}

export const outboxCommandHandlers = [
  ...handlersOf(outboxDecider, [DecideNotification], { onStale: 'decide-again' }),
  ...handlersOf(outboxDecider, [ClaimNotification, MarkNotificationSent, MarkNotificationFailed, CancelNotification]),
];
