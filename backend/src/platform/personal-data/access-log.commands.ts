import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../event-store/decide';
import { accessLogDecider } from './access-log.decider';

// the personal-data access log's one command on the CommandBus: a hot stream (a person's accesses), decided again on a
// lost append

export class RecordAccess extends StreamCommand<CommandOf<typeof accessLogDecider, 'RecordAccess'>, EventOf<typeof accessLogDecider>> {}

export const accessLogCommandHandlers = [...handlersOf(accessLogDecider, [RecordAccess], { onStale: 'decide-again', tries: 50 })];
