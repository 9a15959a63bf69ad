// desk-payments' public entry
export { DeskPaymentsModule } from './desk-payments.module';
export { deskOrderId } from './desk-payment.decider';
export { DeskPaymentsService } from './desk-payments.service';
export { RefundDeskPayment } from './desk-payments.commands';
export { deskPaymentDecider, refundablePayment, type DeskPaymentCommand, type DeskPaymentEvent, type DeskPaymentState } from './desk-payment.decider';
export { DESK_PRODUCT_NAME, type DeskPaymentView } from './desk-payments.service';
