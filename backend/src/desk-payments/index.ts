// desk-payments' public entry
export { DeskPaymentsModule } from './desk-payments.module';
export { deskOrderId } from './desk-payment.decider';
export { DeskPaymentsService } from './desk-payments.service';
