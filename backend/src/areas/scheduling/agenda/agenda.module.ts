import { Module } from '@nestjs/common';
import { BookingModule } from '../booking';
import { UsersModule } from '../../accounts/users';
import { SchedulingWorkflowsModule } from '../workflows/workflows.module';
import { AgendaController } from './agenda.controller';
import { AgendaGateway } from './agenda.gateway';
import { AgendaService } from './agenda.service';
import { DeskBookingService } from './desk-booking.service';
import { FollowUpService } from './follow-up.service';

/** the agenda feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, BookingModule, SchedulingWorkflowsModule],
  controllers: [AgendaController],
  providers: [AgendaService, AgendaGateway, FollowUpService, DeskBookingService],
})
export class AgendaModule {}
