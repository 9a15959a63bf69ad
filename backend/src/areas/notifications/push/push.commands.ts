import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { pushDecider } from './push.decider';

// a person's push subscriptions on the CommandBus: idempotent, so decided again on a concurrent append
export class SubscribePush extends StreamCommand<CommandOf<typeof pushDecider, 'Subscribe'>, EventOf<typeof pushDecider>> {}
export class UnsubscribePush extends StreamCommand<CommandOf<typeof pushDecider, 'Unsubscribe'>, EventOf<typeof pushDecider>> {}
export class SetPushTopics extends StreamCommand<CommandOf<typeof pushDecider, 'SetTopics'>, EventOf<typeof pushDecider>> {}

export const pushCommandHandlers = [...handlersOf(pushDecider, [SubscribePush, UnsubscribePush, SetPushTopics], { onStale: 'decide-again' })];
