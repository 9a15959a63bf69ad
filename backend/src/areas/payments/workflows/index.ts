// the payments area's workflows and the read models they own, for the app and the tests (each feature of the area has its
// own index.ts; the PayPal client is paypal/)
export { PaymentWorkflowsModule } from './workflows.module';
export { PaymentReconcilerService } from '../confirm-payment/payment-reconciler.service';
export { unsettledPaymentsReadModel } from '../confirm-payment/read-models';
export { unfinishedSeriesReadModel } from '../follow-up-series/read-models';
