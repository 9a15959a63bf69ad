import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { STREAM_PREFIX } from '../platform/streams';
import { catalogueFoodId, parseCatalogueFoodId, type CatalogueFood, type CatalogueFoodId } from './catalogue';
import type { NutrientTotals } from './rules/nutrient-totals';
import { totalsAsProfile, type RecipeComposition, type RecipeCooking, type RecipePortions } from './rules/recipe-yield';

// The practice's recipe book: dishes made of catalogue foods (raw weights), cooked to a weighed weight or by a
// yield factor, divided into portions. A recipe is usable wherever a food is (recipeAsCatalogueFood).

export const RECIPE_MAX_INGREDIENTS = 40;
export const RECIPE_MAX_INGREDIENT_GRAMS = 10_000;
export const RECIPE_MAX_COOKED_WEIGHT = 50_000;
export const RECIPE_MAX_PORTIONS = 100;
export const RECIPE_NOTE_MAX_LENGTH = 2000;

export const RecipeId = z.uuid({ error: 'Identificativo della ricetta non valido' });

const FoodRef = z
  .string({ error: 'Alimento mancante' })
  .refine((id) => parseCatalogueFoodId(id) !== null, 'Alimento non valido: scegli un alimento dal catalogo')
  .transform((id) => id as CatalogueFoodId);

export const RecipeIngredient = z.object({
  foodId: FoodRef,
  grams: z
    .number({ error: 'Grammi dell’ingrediente mancanti o non numerici' })
    .gt(0, 'I grammi di un ingrediente devono essere più di 0')
    .max(RECIPE_MAX_INGREDIENT_GRAMS, `Quantità non plausibile: al massimo ${RECIPE_MAX_INGREDIENT_GRAMS} g per ingrediente`),
});
export type RecipeIngredient = z.infer<typeof RecipeIngredient>;

const cookedWeight = z
  .number({ error: 'Peso da cotto non numerico' })
  .gt(0, 'Il peso da cotto deve essere più di 0 g')
  .max(RECIPE_MAX_COOKED_WEIGHT, `Il peso da cotto non può superare ${RECIPE_MAX_COOKED_WEIGHT} g`);
const yieldFactor = z
  .number({ error: 'Fattore di resa non numerico' })
  .gt(0, 'Il fattore di resa deve essere più di 0')
  .max(10, 'Il fattore di resa non può superare 10');
const portionCount = z
  .number({ error: 'Numero di porzioni non numerico' })
  .refine(Number.isInteger, 'Il numero di porzioni deve essere intero')
  .min(1, 'Almeno 1 porzione')
  .max(RECIPE_MAX_PORTIONS, `Al massimo ${RECIPE_MAX_PORTIONS} porzioni`);
const portionGrams = z
  .number({ error: 'Grammi della porzione non numerici' })
  .gt(0, 'La porzione deve essere di più di 0 g')
  .max(RECIPE_MAX_COOKED_WEIGHT, `La porzione non può superare ${RECIPE_MAX_COOKED_WEIGHT} g`);

/** one of the two, never both: each field keeps its own message (a union would only say that neither matched) */
export const RecipeCookingSchema = z
  .object({ cookedWeight: cookedWeight.optional(), yieldFactor: yieldFactor.optional() }, { error: 'Indica il peso da cotto o il fattore di resa' })
  .refine((c) => (c.cookedWeight === undefined) !== (c.yieldFactor === undefined), 'Indica il peso da cotto o il fattore di resa (uno dei due)')
  .transform((c): RecipeCooking => (c.cookedWeight !== undefined ? { cookedWeight: c.cookedWeight } : { yieldFactor: c.yieldFactor! }));

export const RecipePortionsSchema = z
  .object({ count: portionCount.optional(), grams: portionGrams.optional() }, { error: 'Indica il numero di porzioni o i grammi di una porzione' })
  .refine((p) => (p.count === undefined) !== (p.grams === undefined), 'Indica il numero di porzioni o i grammi di una porzione (uno dei due)')
  .transform((p): RecipePortions => (p.count !== undefined ? { count: p.count } : { grams: p.grams! }));

/** POST /api/recipes, PUT /api/recipes/:id: the whole recipe */
export const RecipeRequest = z.object({
  name: storedText({
    label: 'Nome della ricetta',
    kind: 'name',
    max: 120,
    tooLong: 'Nome della ricetta troppo lungo (al massimo 120 caratteri)',
    missing: 'Nome della ricetta mancante',
  }).prefault(''),
  ingredients: z
    .array(RecipeIngredient, { error: 'Ingredienti mancanti' })
    .min(1, 'Aggiungi almeno un ingrediente')
    .max(RECIPE_MAX_INGREDIENTS, `Al massimo ${RECIPE_MAX_INGREDIENTS} ingredienti`),
  cooking: RecipeCookingSchema,
  portions: RecipePortionsSchema,
  note: storedText({
    label: 'Nota',
    kind: 'lines',
    max: RECIPE_NOTE_MAX_LENGTH,
    tooLong: `Nota troppo lunga (al massimo ${RECIPE_NOTE_MAX_LENGTH} caratteri)`,
  }).default(''),
});
export type RecipeRequest = z.infer<typeof RecipeRequest>;
/** what a recipe is, as its events carry it */
export type RecipeFields = RecipeRequest;

/** GET /api/recipes?q= */
export const RecipeSearchQuery = z.object({
  q: z.string({ error: 'Ricerca non valida' }).trim().max(100, 'Ricerca troppo lunga (al massimo 100 caratteri)').default(''),
});

/** a line of GET /api/recipes */
export interface RecipeSummary {
  id: string;
  name: string;
  ingredientCount: number;
  updatedAt: string;
}

/** an ingredient as GET /api/recipes/:id shows it: its food's name, or null when the catalogue no longer has it */
export interface RecipeIngredientView extends RecipeIngredient {
  foodName: string | null;
}

/** GET /api/recipes/:id: the recipe and its computed composition */
export interface RecipeView extends Omit<RecipeFields, 'ingredients'> {
  id: string;
  ingredients: RecipeIngredientView[];
  archived: boolean;
  updatedAt: string;
  composition: {
    rawWeight: number;
    cookedWeight: number;
    yieldFactor: number;
    portionGrams: number;
    portionCount: number;
    per100g: NutrientTotals;
    perPortion: NutrientTotals;
  };
}

export function recipeStreamName(recipeId: string): string {
  return `${STREAM_PREFIX.recipe}${recipeId}`;
}

/** the recipe as a catalogue food (source 'ricetta', id `ricetta-<id>`), its values per 100 g of cooked dish */
export function recipeAsCatalogueFood(
  recipe: { id: string; name: string; version?: string },
  composition: Pick<RecipeComposition, 'per100g' | 'portionGrams'>,
): CatalogueFood {
  return {
    id: catalogueFoodId('ricetta', recipe.id),
    name: recipe.name,
    synonyms: [],
    source: 'ricetta',
    code: recipe.id,
    group: 'Ricette dello studio',
    per: '100g',
    density: null,
    version: recipe.version ?? '',
    baseWeight: Math.round(composition.portionGrams),
    basic: false,
    nutrients: totalsAsProfile(composition.per100g),
  };
}
