// orders' public entry
export { OrdersService } from './orders.service';
export { OrdersModule } from './orders.module';
export { orderDecider, captureRequestId, type OrderCommand, type OrderEvent, type OrderState } from './order.decider';
export { PAYPAL, paypalFailure, paypalOrFail, type PaypalPort } from './paypal.provider';
export * from './payment-messages';
