// orders' public entry
export { OrdersService } from './orders.service';
export { OrdersModule } from './orders.module';
