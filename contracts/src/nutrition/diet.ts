import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { STREAM_PREFIX } from '../platform/streams';
import { CATEGORY_OFFSET } from './rules/diet-summary';
import { AllergenIdSchema, type AllergenId } from '../clinical/allergens';

// ---- food catalogue ----------------------------------------------------------------------------

const name = (what: string) =>
  storedText({
    label: `Nome ${what}`,
    kind: 'name',
    max: 120,
    tooLong: `Nome ${what} troppo lungo (al massimo 120 caratteri)`,
    missing: `Nome ${what} mancante`,
  }).prefault('');
const per100 = (label: string, max: number) =>
  z
    .number({ error: `${label} mancanti o non numerici` })
    .min(0, `${label} non possono essere negativi`)
    .max(max, `${label} non possono superare ${max}`);
const kcal100 = z
  .number({ error: 'Kcal per 100 g mancanti o non numeriche' })
  .min(0, 'Le kcal per 100 g non possono essere negative')
  .max(900, 'Le kcal per 100 g non possono superare 900');
const baseWeight = z
  .number({ error: 'Peso base mancante o non numerico' })
  .refine(Number.isInteger, 'Il peso base deve essere un numero intero di grammi')
  .min(1, 'Il peso base deve essere di almeno 1 g')
  .max(1000, 'Il peso base non può superare 1000 g');
export const CatalogueId = z.coerce
  .number({ error: 'Identificativo non valido' })
  .refine(Number.isInteger, 'Identificativo non valido')
  .min(1, 'Identificativo non valido')
  .max(CATEGORY_OFFSET - 1, 'Identificativo non valido');

/** POST /api/food-categories, PUT /api/food-categories/:id */
export const FoodCategoryRequest = z.object({ name: name('della categoria'), kcal100, baseWeight });
export type FoodCategoryRequest = z.infer<typeof FoodCategoryRequest>;

/** POST /api/foods, PUT /api/foods/:id */
export const FoodRequest = z
  .object({
    name: name('dell’alimento'),
    categoryId: z.number({ error: 'Categoria mancante' }).refine(Number.isInteger, 'Categoria non valida').min(1, 'Categoria mancante'),
    kcal100,
    baseWeight,
    protein: per100('Le proteine per 100 g', 100),
    carbohydrate: per100('I carboidrati per 100 g', 100),
    fat: per100('I grassi per 100 g', 100),
    /** the allergens the practice declares for its food (Reg. UE 1169/2011 and lactose); absent: read from the name */
    allergens: z.array(AllergenIdSchema, { error: 'Allergeni: un elenco' }).max(15, 'Allergeni: al massimo 15').optional(),
  })
  .refine((f) => f.protein + f.carbohydrate + f.fat <= 100, {
    message: 'Proteine, carboidrati e grassi insieme non possono superare 100 g su 100 g',
    path: ['fat'],
  });
export type FoodRequest = z.infer<typeof FoodRequest>;

export interface FoodCategoryView {
  id: number;
  name: string;
  kcal100: number;
  baseWeight: number;
}
export interface FoodView extends FoodCategoryView {
  categoryId: number;
  categoryName: string;
  protein: number;
  carbohydrate: number;
  fat: number;
  allergens?: AllergenId[];
}

/** the categories endpoint's answer ("Category answer") */
export interface CategoryAnswer {
  id: number;
  kcal: number;
  base_weight: number;
}
export const CategoriesLookupRequest = z.object({
  ids: z.array(CatalogueId, { error: 'Categorie mancanti' }).max(200, 'Troppe categorie'),
});

/** POST /api/foods/import: the CSV text (docs/funzioni.md lists the columns) */
export const FoodImportRequest = z.object({
  csv: z.string({ error: 'File CSV mancante' }).min(1, 'Il file CSV è vuoto').max(1_000_000, 'File CSV troppo grande (al massimo 1 MB)'),
});
export interface FoodImportResult {
  created: number;
  updated: number;
}

export function foodStreamName(foodId: number): string {
  return `${STREAM_PREFIX.food}${foodId}`;
}
export function foodCategoryStreamName(categoryId: number): string {
  return `${STREAM_PREFIX.foodCategory}${categoryId}`;
}
/** one current diet per patient */
export function dietStreamName(patientId: string): string {
  return `${STREAM_PREFIX.diet}${patientId}`;
}
