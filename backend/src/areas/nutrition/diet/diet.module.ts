import { SettingsModule } from '../../practice';
import { Module } from '@nestjs/common';
import { dietCommandHandlers } from './diet.commands';
import { dietLibraryCommandHandlers } from './diet-library.commands';
import { UsersModule } from '../../accounts/users';
import { CatalogueModule } from '../catalogue';
import { RecipesModule } from '../recipes';
import { DietController } from './diet.controller';
import { DietLibraryController } from './diet-library.controller';
import { DietLibraryService } from './diet-library.service';
import { DietService } from './diet.service';
import { DietValues } from './diet-values';
import { CatalogueFoodLookup, WholeCatalogueFoodLookup } from './diet.ports';

/** the diet feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule, CatalogueModule, RecipesModule, SettingsModule],
  controllers: [DietController, DietLibraryController],
  providers: [
    DietService,
    DietLibraryService,
    DietValues,
    // the catalogue foods by id, every source (the publishers' tables, the practice's foods, the recipes)
    { provide: CatalogueFoodLookup, useClass: WholeCatalogueFoodLookup },
    ...dietCommandHandlers,
    ...dietLibraryCommandHandlers,
  ],
  exports: [DietService],
})
export class DietModule {}
