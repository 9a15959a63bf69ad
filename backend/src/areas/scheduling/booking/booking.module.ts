import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability';
import { bookingCommandHandlers } from './booking.commands';
import { UsersModule } from '../../accounts/users';
import { VisitTypesModule } from '../visit-types';
import { BookingController, MyBookingsController } from './booking.controller';
import { BookingService } from './booking.service';
import { ClosuresController } from './closures.controller';
import { FreeDaysController, FreeSlotsController } from './free-slots.controller';
import { MyBookingsGateway } from './my-bookings.gateway';
import { RoomsLivePush } from './rooms-live';

/** the booking feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, VisitTypesModule, AvailabilityModule],
  controllers: [BookingController, MyBookingsController, FreeSlotsController, FreeDaysController, ClosuresController],
  providers: [BookingService, MyBookingsGateway, RoomsLivePush, ...bookingCommandHandlers],
  exports: [BookingService],
})
export class BookingModule {}
