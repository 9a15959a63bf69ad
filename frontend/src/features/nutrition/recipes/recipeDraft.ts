import type { RecipeRequest, RecipeView } from '@studio/contracts';

/** the recipe form's state: numbers kept as typed (Italian comma allowed) until sent */
export interface DraftIngredient {
  foodId: string;
  name: string;
  grams: string;
}
export interface RecipeDraft {
  name: string;
  ingredients: DraftIngredient[];
  cookingMode: 'cookedWeight' | 'yieldFactor';
  cookingValue: string;
  portionsMode: 'count' | 'grams';
  portionsValue: string;
  note: string;
}

export const emptyDraft = (): RecipeDraft => ({
  name: '',
  ingredients: [],
  cookingMode: 'cookedWeight',
  cookingValue: '',
  portionsMode: 'count',
  portionsValue: '',
  note: '',
});

const text = (n: number) => String(n).replace('.', ',');

export function draftOf(recipe: RecipeView): RecipeDraft {
  return {
    name: recipe.name,
    ingredients: recipe.ingredients.map((i) => ({ foodId: i.foodId, name: i.foodName ?? i.foodId, grams: text(i.grams) })),
    cookingMode: 'cookedWeight' in recipe.cooking ? 'cookedWeight' : 'yieldFactor',
    cookingValue: text('cookedWeight' in recipe.cooking ? recipe.cooking.cookedWeight : recipe.cooking.yieldFactor),
    portionsMode: 'count' in recipe.portions ? 'count' : 'grams',
    portionsValue: text('count' in recipe.portions ? recipe.portions.count : recipe.portions.grams),
    note: recipe.note,
  };
}

/** "12,5" → 12.5; what is not a number stays NaN and the server says why, in Italian */
const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));

/** the request as the server reads it (it checks every field: the form only reshapes) */
export function requestOf(draft: RecipeDraft): RecipeRequest {
  const cooking = number(draft.cookingValue);
  const portions = number(draft.portionsValue);
  return {
    name: draft.name,
    ingredients: draft.ingredients.map((i) => ({ foodId: i.foodId as RecipeRequest['ingredients'][number]['foodId'], grams: number(i.grams) })),
    cooking: draft.cookingMode === 'cookedWeight' ? { cookedWeight: cooking } : { yieldFactor: cooking },
    portions: draft.portionsMode === 'count' ? { count: portions } : { grams: portions },
    note: draft.note,
  };
}
