// workflows's public entry: its Nest module (DESIGN.md "Dependencies between features")
export { WorkflowsModule } from './workflows.module';
export { HoldService } from './hold/hold.service';
export { HoldExpiryService } from './hold/hold-expiry.service';
export { PaymentReconcilerService } from './confirm-payment/payment-reconciler.service';
export { WorkflowSweepService } from './workflow-sweep.service';
