// orders' public entry
export { OrdersService } from './orders.service';
export { OrdersModule } from './orders.module';
export { AbandonCapture, RecordCapture, RecordCapturePending, RecordDecline, RecordRefund, RefundPlacedOrder } from './orders.commands';
export { orderDecider, captureRequestId, type OrderCommand, type OrderEvent, type OrderState } from './order.decider';
export { PAYPAL, paypalFailure, paypalOrFail, type PaypalPort } from './paypal.provider';
export * from './payment-messages';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { ordersReadModel } from './read-models';
export { type OrderDoc } from './orders.projection';
export { OrderRefundsFromOrders } from './order-refunds';
export { earlierInvoiceTaxcode } from './known-taxcode';
export { deskVisitPriceCents } from './visit-price';
