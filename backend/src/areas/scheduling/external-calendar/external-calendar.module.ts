import { Module } from '@nestjs/common';
import { UsersModule } from '../../accounts/users';
import { externalCalendarCommandHandlers } from './external-calendar.commands';
import { ExternalCalendarController } from './external-calendar.controller';
import { ExternalCalendarService } from './external-calendar.service';

/** the doctors' external calendars (CalDAV) as a Nest module */
@Module({
  imports: [UsersModule],
  controllers: [ExternalCalendarController],
  providers: [ExternalCalendarService, ...externalCalendarCommandHandlers],
  exports: [ExternalCalendarService],
})
export class ExternalCalendarModule {}
