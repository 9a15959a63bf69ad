import { Module } from '@nestjs/common';
import { UsersModule } from '../../accounts/users';
import { AvailabilityToolsController } from './availability-tools.controller';
import { AvailabilityToolsService } from './availability-tools.service';
import { availabilityCommandHandlers } from './availability.commands';
import { AvailabilityController } from './availability.controller';
import { AvailabilityGateway } from './availability.gateway';
import { AvailabilityService } from './availability.service';
import { SlotToggleService } from './slot-toggle.service';

/** the availability feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule],
  controllers: [AvailabilityController, AvailabilityToolsController],
  providers: [AvailabilityService, AvailabilityGateway, SlotToggleService, AvailabilityToolsService, ...availabilityCommandHandlers],
  exports: [AvailabilityService, AvailabilityToolsService, AvailabilityGateway],
})
export class AvailabilityModule {}
