import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { waitingListDecider } from './waiting-list.decider';

// a doctor's waiting list: the commands on the CommandBus, each with its handler (waitingListDecider); a patient's join
// and leave, and the end of an offer, are decided again on a busy list

export class JoinWaitingList extends StreamCommand<CommandOf<typeof waitingListDecider, 'Join'>, EventOf<typeof waitingListDecider>> {}

export class LeaveWaitingList extends StreamCommand<CommandOf<typeof waitingListDecider, 'Leave'>, EventOf<typeof waitingListDecider>> {}

export class EndWaitingListOffer extends StreamCommand<CommandOf<typeof waitingListDecider, 'EndOffer'>, EventOf<typeof waitingListDecider>> {}

export const waitingListCommandHandlers = [
  ...handlersOf(waitingListDecider, [JoinWaitingList, LeaveWaitingList, EndWaitingListOffer], { onStale: 'decide-again' }),
];
