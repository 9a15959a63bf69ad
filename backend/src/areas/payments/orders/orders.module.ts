import { Module } from '@nestjs/common';
import { ordersCommandHandlers } from './orders.commands';
import { CatalogModule } from '../catalog';
import { UsersModule } from '../../accounts/users';
import { OrdersController } from './orders.controller';
import { OrdersQueries } from './orders.queries';
import { OrdersService } from './orders.service';
import { paypalProvider, PAYPAL } from './paypal.provider';

/** the orders feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [CatalogModule, UsersModule],
  controllers: [OrdersController],
  providers: [OrdersService, OrdersQueries, paypalProvider, ...ordersCommandHandlers],
  exports: [OrdersService, PAYPAL],
})
export class OrdersModule {}
