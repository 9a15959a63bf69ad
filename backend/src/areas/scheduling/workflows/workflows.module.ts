import { Module } from '@nestjs/common';
import { UsersModule } from '../../accounts/users';
import { BookingModule } from '../booking';
import { BookingLifecycleController } from '../booking-lifecycle/booking-lifecycle.controller';
import { BookingLifecycleService } from '../booking-lifecycle/booking-lifecycle.service';
import { HoldExpiryService } from '../hold/hold-expiry.service';
import { HoldController } from '../hold/hold.controller';
import { HoldService } from '../hold/hold.service';
import { WaitingListOffersService } from '../waiting-list-offer/waiting-list-offers.service';

/** the scheduling area's workflows: a hold and its end, a booking's cancellation, move and outcome, the waiting list's offers */
@Module({
  imports: [UsersModule, BookingModule],
  controllers: [HoldController, BookingLifecycleController],
  providers: [HoldService, HoldExpiryService, BookingLifecycleService, WaitingListOffersService],
  exports: [HoldService, HoldExpiryService, BookingLifecycleService],
})
export class SchedulingWorkflowsModule {}
