import { Module } from '@nestjs/common';
import { UsersModule } from '../../accounts/users';
import { SchedulingWorkflowsModule } from '../../scheduling/workflows';
import { BookingModule } from '../../scheduling/booking';
import { CatalogModule } from '../catalog';
import { ConfirmPaymentController } from '../confirm-payment/confirm-payment.controller';
import { ConfirmPaymentService } from '../confirm-payment/confirm-payment.service';
import { PaymentReconcilerService } from '../confirm-payment/payment-reconciler.service';
import { PaypalEffects } from '../confirm-payment/paypal-effects';
import { DeskPaymentController } from '../desk-payment/desk-payment.controller';
import { DeskPaymentFlowService } from '../desk-payment/desk-payment.service';
import { DeskPaymentsModule } from '../desk-payments';
import { FollowUpSeriesController } from '../follow-up-series/follow-up-series.controller';
import { FollowUpSeriesService } from '../follow-up-series/follow-up-series.service';
import { OrdersModule } from '../orders';

/** the payments area's workflows: a PayPal payment and its reconciler, a desk payment and its refund, a series of visits paid at the desk */
@Module({
  imports: [UsersModule, BookingModule, CatalogModule, OrdersModule, DeskPaymentsModule, SchedulingWorkflowsModule],
  controllers: [FollowUpSeriesController, ConfirmPaymentController, DeskPaymentController],
  providers: [FollowUpSeriesService, PaypalEffects, ConfirmPaymentService, PaymentReconcilerService, DeskPaymentFlowService],
  exports: [PaymentReconcilerService],
})
export class PaymentWorkflowsModule {}
