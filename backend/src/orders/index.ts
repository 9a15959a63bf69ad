// orders' public entry
export { OrdersService } from './orders.service';
export { OrdersModule } from './orders.module';
export { PaymentReconcilerService } from './payment-reconciler.service';
