import { Module } from '@nestjs/common';
import { UsersModule } from '../users';
import { DietController, FoodsController } from './diet.controller';
import { DietService } from './diet.service';
import { FoodsService } from './foods.service';

/** the diet feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule],
  controllers: [FoodsController, DietController],
  providers: [FoodsService, DietService],
  exports: [DietService, FoodsService],
})
export class DietModule {}
