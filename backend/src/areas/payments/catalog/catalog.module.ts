import { Module } from '@nestjs/common';
import { AdminCatalogController, CouponCheckController, ProductsController } from './catalog.controller';
import { catalogCommandHandlers } from './catalog.commands';
import { CatalogService } from './catalog.service';

/** the catalog feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  controllers: [AdminCatalogController, ProductsController, CouponCheckController],
  providers: [CatalogService, ...catalogCommandHandlers],
  exports: [CatalogService],
})
export class CatalogModule {}
