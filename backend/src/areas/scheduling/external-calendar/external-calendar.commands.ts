import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { externalCalendarDecider } from './external-calendar.decider';

// the doctor's external calendar on the CommandBus; a sync's record depends only on what it carries, so decided again
export class ConnectExternalCalendar extends StreamCommand<
  CommandOf<typeof externalCalendarDecider, 'ConnectExternalCalendar'>,
  EventOf<typeof externalCalendarDecider>
> {}
export class DisconnectExternalCalendar extends StreamCommand<
  CommandOf<typeof externalCalendarDecider, 'DisconnectExternalCalendar'>,
  EventOf<typeof externalCalendarDecider>
> {}
export class RecordExternalCalendarSync extends StreamCommand<
  CommandOf<typeof externalCalendarDecider, 'RecordSync'>,
  EventOf<typeof externalCalendarDecider>
> {}
export class RecordExternalCalendarSyncFailure extends StreamCommand<
  CommandOf<typeof externalCalendarDecider, 'RecordSyncFailure'>,
  EventOf<typeof externalCalendarDecider>
> {}

export const externalCalendarCommandHandlers = [
  ...handlersOf(externalCalendarDecider, [ConnectExternalCalendar, DisconnectExternalCalendar, RecordExternalCalendarSync, RecordExternalCalendarSyncFailure], {
    onStale: 'decide-again',
  }),
];
