import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { RecipeIngredientFoods, CatalogueIngredients } from './ingredient-foods';
import { recipeCommandHandlers } from './recipes.commands';
import { RecipesController } from './recipes.controller';
import { RecipesService } from './recipes.service';

/** the recipe book as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [CatalogueModule],
  controllers: [RecipesController],
  providers: [RecipesService, { provide: RecipeIngredientFoods, useClass: CatalogueIngredients }, ...recipeCommandHandlers],
  exports: [RecipesService],
})
export class RecipesModule {}
