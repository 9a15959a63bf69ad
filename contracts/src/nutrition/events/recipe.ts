// Events of `recipe-<id>`: a recipe of the practice's recipe book (no personal data: dishes, foods, grams).
import { z } from '../../platform/zod-it';

const ingredient = z.object({ foodId: z.string(), grams: z.number() });
const fields = {
  recipeId: z.string(),
  name: z.string(),
  ingredients: z.array(ingredient),
  cooking: z.union([z.object({ cookedWeight: z.number() }), z.object({ yieldFactor: z.number() })]),
  portions: z.union([z.object({ count: z.number() }), z.object({ grams: z.number() })]),
  note: z.string(),
};

/** on `recipe-<id>` */
export const RecipeCreated = z.object({ ...fields, copiedFrom: z.string().optional() });
/** on `recipe-<id>`: the whole recipe as it is now */
export const RecipeUpdated = z.object(fields);
/** on `recipe-<id>`: out of the recipe book's list (a plan that uses it still reads it) */
export const RecipeArchived = z.object({ recipeId: z.string() });

/** this stream's events, for the catalogue (../../event-catalogue.ts) */
export const RecipeEventSchemas = { RecipeCreated, RecipeUpdated, RecipeArchived } as const;
