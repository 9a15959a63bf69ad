import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { calendarFeedDecider } from './calendar-feed.decider';

// a doctor's calendar feed: the commands on the CommandBus, each with its handler (calendarFeedDecider)

export class IssueCalendarFeed extends StreamCommand<CommandOf<typeof calendarFeedDecider, 'Issue'>, EventOf<typeof calendarFeedDecider>> {}

export class ChangeCalendarFeedSettings extends StreamCommand<CommandOf<typeof calendarFeedDecider, 'ChangeSettings'>, EventOf<typeof calendarFeedDecider>> {}

export const calendarFeedCommandHandlers = [...handlersOf(calendarFeedDecider, [IssueCalendarFeed, ChangeCalendarFeedSettings], { onStale: 'decide-again' })];
