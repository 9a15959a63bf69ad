// orders' public entry
export { OrdersService } from './orders.service';
