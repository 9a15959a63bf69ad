import { Injectable } from '@nestjs/common';
import type { CatalogueFood } from '@studio/contracts';
import { FoodCatalogueService } from '../catalogue';

/** what a recipe needs of an ingredient's food: its name and its values per 100 g (or 100 ml) */
export type IngredientFood = Pick<CatalogueFood, 'name' | 'nutrients' | 'per' | 'density'>;

/**
 * Where the recipes find their ingredients' foods, by catalogue id. A food the catalogue does not know is left out
 * of the answer: its ingredient then lacks every value, and the recipe says so.
 */
export abstract class RecipeIngredientFoods {
  abstract find(ids: readonly string[]): Promise<Map<string, IngredientFood>>;
}

/**
 * The catalogue's own foods (the publishers' tables and the practice's foods). A recipe is not an ingredient of
 * another: the catalogue computes recipes from these foods, so a recipe inside a recipe would have to wait for itself.
 */
@Injectable()
export class CatalogueIngredients extends RecipeIngredientFoods {
  constructor(private readonly catalogue: FoodCatalogueService) {
    super();
  }

  async find(ids: readonly string[]): Promise<Map<string, IngredientFood>> {
    const found = new Map<string, IngredientFood>();
    for (const id of new Set(ids)) {
      const food = await this.catalogue.baseFood(id);
      if (food) found.set(id, food);
    }
    return found;
  }
}
