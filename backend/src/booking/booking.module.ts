import { Module } from '@nestjs/common';
import { UsersModule } from '../users';
import { VisitTypesModule } from '../visit-types';
import { BookingController, MyBookingsController } from './booking.controller';
import { BookingService } from './booking.service';
import { FreeDaysController, FreeSlotsController } from './free-slots.controller';
import { MyBookingsGateway } from './my-bookings.gateway';

/** the booking feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, VisitTypesModule],
  controllers: [BookingController, MyBookingsController, FreeSlotsController, FreeDaysController],
  providers: [BookingService, MyBookingsGateway],
  exports: [BookingService],
})
export class BookingModule {}
