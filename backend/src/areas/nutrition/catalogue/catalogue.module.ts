import { Module } from '@nestjs/common';
import { FoodCatalogueController } from './food-catalogue.controller';
import { FoodCatalogueService } from './food-catalogue.service';
import { foodTableCommandHandlers } from './food-tables.commands';
import { FoodTablesService } from './food-tables.service';
import { foodCommandHandlers } from './foods.commands';
import { FoodsController } from './foods.controller';
import { FoodsService } from './foods.service';

/** the food catalogue as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  controllers: [FoodsController, FoodCatalogueController],
  providers: [FoodsService, FoodCatalogueService, FoodTablesService, ...foodCommandHandlers, ...foodTableCommandHandlers],
  exports: [FoodsService, FoodCatalogueService, FoodTablesService],
})
export class CatalogueModule {}
