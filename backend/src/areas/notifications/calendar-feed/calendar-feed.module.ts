import { Module } from '@nestjs/common';
import { calendarFeedCommandHandlers } from './calendar-feed.commands';
import { CalendarFeedController } from './calendar-feed.controller';
import { CalendarFeedService } from './calendar-feed.service';

/** the calendar-feed feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  controllers: [CalendarFeedController],
  providers: [CalendarFeedService, ...calendarFeedCommandHandlers],
})
export class CalendarFeedModule {}
