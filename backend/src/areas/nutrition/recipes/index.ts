// the recipe book's public entry
export { RecipesService } from './recipes.service';
export { RecipesModule } from './recipes.module';
export { RecipeIngredientFoods, type IngredientFood } from './ingredient-foods';
export { CreateRecipe } from './recipes.commands';
// the read model it owns, typed (no other feature names it by a string nor imports its projection)
export { recipesReadModel } from './read-models';
export type { RecipeDoc } from './recipes.projection';
