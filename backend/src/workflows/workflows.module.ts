import { Module } from '@nestjs/common';
import { BookingModule } from '../booking';
import { FiscalModule } from '../fiscal';
import { OrdersModule } from '../orders';
import { UsersModule } from '../users';
import { BookingLifecycleController } from './booking-lifecycle.controller';
import { BookingLifecycleService } from './booking-lifecycle.service';
import { ReceiptsFlowService } from './receipts-flow.service';
import { WaitingListOffersService } from './waiting-list-offers.service';
import { DeskPaymentsModule } from '../desk-payments';
import { FollowUpSeriesController } from './follow-up-series.controller';
import { FollowUpSeriesService } from './follow-up-series.service';

/** the workflows feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, BookingModule, OrdersModule, FiscalModule, DeskPaymentsModule],
  controllers: [BookingLifecycleController, FollowUpSeriesController],
  providers: [BookingLifecycleService, ReceiptsFlowService, WaitingListOffersService, FollowUpSeriesService],
})
export class WorkflowsModule {}
