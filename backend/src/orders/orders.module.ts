import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { UsersModule } from '../users';
import { OrdersController } from './orders.controller';
import { OrdersQueries } from './orders.queries';
import { OrdersService } from './orders.service';
import { paypalProvider, PAYPAL } from './paypal.provider';

/** the orders feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [CatalogModule, UsersModule],
  controllers: [OrdersController],
  providers: [OrdersService, OrdersQueries, paypalProvider],
  exports: [OrdersService, PAYPAL],
})
export class OrdersModule {}
