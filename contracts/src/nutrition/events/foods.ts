// Events of `foodcategory-<id>` and `food-<id>`: the practice's food catalogue.
import { z } from '../../platform/zod-it';
import { AllergenIdSchema } from '../../clinical/allergens';

// ---- events (registered in EventSchemas) ---------------------------------------------------

const categoryFields = { categoryId: z.number().int(), name: z.string(), kcal100: z.number(), baseWeight: z.number().int() };
/** on `foodcategory-<id>` */
export const FoodCategoryCreated = z.object(categoryFields);
/** on `foodcategory-<id>`: the whole category as it is now */
export const FoodCategoryUpdated = z.object(categoryFields);
const foodFields = {
  foodId: z.number().int(),
  name: z.string(),
  categoryId: z.number().int(),
  kcal100: z.number(),
  baseWeight: z.number().int(),
  protein: z.number(),
  carbohydrate: z.number(),
  fat: z.number(),
  /** declared by the practice (allergen ids); absent on foods saved before, and where none was declared */
  allergens: z.array(AllergenIdSchema).optional(),
};
/** on `food-<id>` */
export const FoodCreated = z.object(foodFields);
/** on `food-<id>`: the whole food as it is now */
export const FoodUpdated = z.object(foodFields);
