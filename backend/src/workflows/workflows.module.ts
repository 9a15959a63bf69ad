import { Module } from '@nestjs/common';
import { BookingModule } from '../booking';
import { FiscalModule } from '../fiscal';
import { OrdersModule } from '../orders';
import { CatalogModule } from '../catalog';
import { ConfirmPaymentController } from './confirm-payment/confirm-payment.controller';
import { ConfirmPaymentService } from './confirm-payment/confirm-payment.service';
import { PaymentReconcilerService } from './confirm-payment/payment-reconciler.service';
import { PaypalEffects } from './confirm-payment/paypal-effects';
import { DeskPaymentController } from './desk-payment/desk-payment.controller';
import { DeskPaymentFlowService } from './desk-payment/desk-payment.service';
import { UsersModule } from '../users';
import { BookingLifecycleController } from './booking-lifecycle/booking-lifecycle.controller';
import { BookingLifecycleService } from './booking-lifecycle/booking-lifecycle.service';
import { WorkflowSweepService } from './workflow-sweep.service';
import { HoldController } from './hold/hold.controller';
import { HoldExpiryService } from './hold/hold-expiry.service';
import { HoldService } from './hold/hold.service';
import { ReceiptsFlowService } from './receipts/receipts-flow.service';
import { WaitingListOffersService } from './waiting-list-offer/waiting-list-offers.service';
import { DeskPaymentsModule } from '../desk-payments';
import { FollowUpSeriesController } from './follow-up-series/follow-up-series.controller';
import { FollowUpSeriesService } from './follow-up-series/follow-up-series.service';

/** the workflows feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, BookingModule, CatalogModule, OrdersModule, FiscalModule, DeskPaymentsModule],
  controllers: [HoldController, BookingLifecycleController, FollowUpSeriesController, ConfirmPaymentController, DeskPaymentController],
  providers: [
    WorkflowSweepService,
    HoldService,
    HoldExpiryService,
    BookingLifecycleService,
    ReceiptsFlowService,
    WaitingListOffersService,
    FollowUpSeriesService,
    PaypalEffects,
    ConfirmPaymentService,
    PaymentReconcilerService,
    DeskPaymentFlowService,
  ],
  exports: [HoldService, HoldExpiryService, PaymentReconcilerService],
})
export class WorkflowsModule {}
