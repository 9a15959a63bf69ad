import { z } from '../platform/zod-it';
import type { AllergenId } from '../clinical/allergens';

// The food catalogue: the publishers' composition tables (CIQUAL, the Swiss table), the practice's own
// foods and its recipes, in one shape. Nutrients are keyed by INFOODS tagnames; each table's columns are
// mapped to them once, in the importer.

/** where a catalogue food comes from */
export const FOOD_SOURCES = ['ciqual', 'svizzera', 'studio', 'ricetta'] as const;
export type FoodSource = (typeof FOOD_SOURCES)[number];
export const FOOD_SOURCE_LABELS: Record<FoodSource, string> = {
  ciqual: 'CIQUAL',
  svizzera: 'Banca dati svizzera',
  studio: 'Alimenti dello studio',
  ricetta: 'Ricetta',
};

export type NutrientGroup = 'energia' | 'macronutrienti' | 'grassi' | 'minerali' | 'vitamine' | 'altro';
export interface NutrientInfo {
  tag: string;
  label: string;
  unit: 'kcal' | 'kJ' | 'g' | 'mg' | 'µg';
  group: NutrientGroup;
}

/** every nutrient the catalogue knows, in the order the editor lists them (INFOODS tagnames) */
export const NUTRIENTS = [
  { tag: 'ENERC_KCAL', label: 'Energia', unit: 'kcal', group: 'energia' },
  { tag: 'ENERC_KJ', label: 'Energia', unit: 'kJ', group: 'energia' },
  { tag: 'WATER', label: 'Acqua', unit: 'g', group: 'macronutrienti' },
  { tag: 'PROCNT', label: 'Proteine', unit: 'g', group: 'macronutrienti' },
  { tag: 'CHOAVL', label: 'Carboidrati disponibili', unit: 'g', group: 'macronutrienti' },
  { tag: 'SUGAR', label: 'Zuccheri', unit: 'g', group: 'macronutrienti' },
  { tag: 'STARCH', label: 'Amido', unit: 'g', group: 'macronutrienti' },
  { tag: 'POLYL', label: 'Polioli', unit: 'g', group: 'macronutrienti' },
  { tag: 'FIBTG', label: 'Fibra alimentare', unit: 'g', group: 'macronutrienti' },
  { tag: 'LACS', label: 'Lattosio', unit: 'g', group: 'macronutrienti' },
  { tag: 'ALC', label: 'Alcol', unit: 'g', group: 'macronutrienti' },
  { tag: 'FAT', label: 'Grassi', unit: 'g', group: 'grassi' },
  { tag: 'FASAT', label: 'Acidi grassi saturi', unit: 'g', group: 'grassi' },
  { tag: 'FAMS', label: 'Acidi grassi monoinsaturi', unit: 'g', group: 'grassi' },
  { tag: 'FAPU', label: 'Acidi grassi polinsaturi', unit: 'g', group: 'grassi' },
  { tag: 'F4D0', label: 'Acido butirrico (4:0)', unit: 'g', group: 'grassi' },
  { tag: 'F6D0', label: 'Acido caproico (6:0)', unit: 'g', group: 'grassi' },
  { tag: 'F8D0', label: 'Acido caprilico (8:0)', unit: 'g', group: 'grassi' },
  { tag: 'F10D0', label: 'Acido caprico (10:0)', unit: 'g', group: 'grassi' },
  { tag: 'F12D0', label: 'Acido laurico (12:0)', unit: 'g', group: 'grassi' },
  { tag: 'F14D0', label: 'Acido miristico (14:0)', unit: 'g', group: 'grassi' },
  { tag: 'F16D0', label: 'Acido palmitico (16:0)', unit: 'g', group: 'grassi' },
  { tag: 'F18D0', label: 'Acido stearico (18:0)', unit: 'g', group: 'grassi' },
  { tag: 'F18D1CN9', label: 'Acido oleico (18:1 n-9)', unit: 'g', group: 'grassi' },
  { tag: 'F18D2CN6', label: 'Acido linoleico (18:2 n-6)', unit: 'g', group: 'grassi' },
  { tag: 'F18D3N3', label: 'Acido alfa-linolenico (18:3 n-3)', unit: 'g', group: 'grassi' },
  { tag: 'F20D4N6', label: 'Acido arachidonico (20:4 n-6)', unit: 'g', group: 'grassi' },
  { tag: 'F20D5N3', label: 'EPA (20:5 n-3)', unit: 'g', group: 'grassi' },
  { tag: 'F22D6N3', label: 'DHA (22:6 n-3)', unit: 'g', group: 'grassi' },
  { tag: 'CHOLE', label: 'Colesterolo', unit: 'mg', group: 'grassi' },
  { tag: 'NACL', label: 'Sale', unit: 'g', group: 'minerali' },
  { tag: 'NA', label: 'Sodio', unit: 'mg', group: 'minerali' },
  { tag: 'K', label: 'Potassio', unit: 'mg', group: 'minerali' },
  { tag: 'CA', label: 'Calcio', unit: 'mg', group: 'minerali' },
  { tag: 'MG', label: 'Magnesio', unit: 'mg', group: 'minerali' },
  { tag: 'P', label: 'Fosforo', unit: 'mg', group: 'minerali' },
  { tag: 'FE', label: 'Ferro', unit: 'mg', group: 'minerali' },
  { tag: 'ZN', label: 'Zinco', unit: 'mg', group: 'minerali' },
  { tag: 'CU', label: 'Rame', unit: 'mg', group: 'minerali' },
  { tag: 'MN', label: 'Manganese', unit: 'mg', group: 'minerali' },
  { tag: 'SE', label: 'Selenio', unit: 'µg', group: 'minerali' },
  { tag: 'ID', label: 'Iodio', unit: 'µg', group: 'minerali' },
  { tag: 'CLD', label: 'Cloruro', unit: 'mg', group: 'minerali' },
  { tag: 'VITA', label: 'Vitamina A (equivalenti di retinolo)', unit: 'µg', group: 'vitamine' },
  { tag: 'RETOL', label: 'Retinolo', unit: 'µg', group: 'vitamine' },
  { tag: 'CARTB', label: 'Beta-carotene', unit: 'µg', group: 'vitamine' },
  { tag: 'VITD', label: 'Vitamina D', unit: 'µg', group: 'vitamine' },
  { tag: 'VITE', label: 'Vitamina E', unit: 'mg', group: 'vitamine' },
  { tag: 'VITK1', label: 'Vitamina K1', unit: 'µg', group: 'vitamine' },
  { tag: 'VITK2', label: 'Vitamina K2', unit: 'µg', group: 'vitamine' },
  { tag: 'VITC', label: 'Vitamina C', unit: 'mg', group: 'vitamine' },
  { tag: 'THIA', label: 'Tiamina (vitamina B1)', unit: 'mg', group: 'vitamine' },
  { tag: 'RIBF', label: 'Riboflavina (vitamina B2)', unit: 'mg', group: 'vitamine' },
  { tag: 'NIA', label: 'Niacina (vitamina B3)', unit: 'mg', group: 'vitamine' },
  { tag: 'PANTAC', label: 'Acido pantotenico (vitamina B5)', unit: 'mg', group: 'vitamine' },
  { tag: 'VITB6', label: 'Vitamina B6', unit: 'mg', group: 'vitamine' },
  { tag: 'BIOT', label: 'Biotina (vitamina B8)', unit: 'µg', group: 'vitamine' },
  { tag: 'FOL', label: 'Folati', unit: 'µg', group: 'vitamine' },
  { tag: 'VITB12', label: 'Vitamina B12', unit: 'µg', group: 'vitamine' },
  { tag: 'OA', label: 'Acidi organici', unit: 'g', group: 'altro' },
] as const satisfies readonly NutrientInfo[];
export type NutrientTag = (typeof NUTRIENTS)[number]['tag'];
export const NUTRIENT_TAGS: readonly NutrientTag[] = NUTRIENTS.map((n) => n.tag);
const nutrientByTag = new Map<string, NutrientInfo>(NUTRIENTS.map((n) => [n.tag, n]));
export function nutrientInfo(tag: string): NutrientInfo | undefined {
  return nutrientByTag.get(tag);
}

/**
 * One value of a food per 100 g (or 100 ml). `traces`: the table says traces, counted as 0;
 * `lt`: the table gives "< x", the value is that upper bound; `missing`: not measured ("-"), value null,
 * never counted as 0.
 */
export type NutrientFlag = 'traces' | 'lt' | 'missing';
/**
 * A value, traces, "< value", or missing. `atLeast` goes with "< value" only where part of it is known: a recipe whose
 * ingredients give 1.2 mg of iron, one of them "< 0.1", holds between `atLeast` and `value`, and counts `atLeast`.
 */
export type NutrientValue = { value: number; flag?: 'traces' | 'lt'; atLeast?: number } | { value: null; flag: 'missing' };
/** a food's nutrients; a tag its table has no column for is absent, and missing like a "-" */
export type NutrientProfile = Partial<Record<NutrientTag, NutrientValue>>;

/** a catalogue food's id: `<source>-<code in that source>` (ciqual-20047, svizzera-1234, studio-17, ricetta-<uuid>) */
export type CatalogueFoodId = `${FoodSource}-${string}`;
export function catalogueFoodId(source: FoodSource, code: string | number): CatalogueFoodId {
  return `${source}-${code}`;
}
export function parseCatalogueFoodId(id: string): { source: FoodSource; code: string } | null {
  const dash = id.indexOf('-');
  if (dash < 1) return null;
  const source = id.slice(0, dash) as FoodSource;
  const code = id.slice(dash + 1);
  return (FOOD_SOURCES as readonly string[]).includes(source) && /^[A-Za-z0-9_-]{1,64}$/.test(code) ? { source, code } : null;
}

/** a food of the catalogue, as `GET /api/foods` lists it and `GET /api/foods/:id` gives it whole */
export interface CatalogueFood {
  id: CatalogueFoodId;
  name: string;
  synonyms: string[];
  source: FoodSource;
  /** its code in its table (the practice's food id, the recipe id) */
  code: string;
  /** the food group in Italian */
  group: string;
  /** whether the values are per 100 g or per 100 ml (a drink whose table gives no density stays per 100 ml, labelled) */
  per: '100g' | '100ml';
  /** g/ml, when the table gives it */
  density: number | null;
  /** the table's version the values come from ("2025-11-03", "6.4"); the practice's foods: their revision */
  version: string;
  /** the portion hint in grams (the editor's base weight) */
  baseWeight: number;
  /** raw and basic foods rank before prepared dishes */
  basic: boolean;
  nutrients: NutrientProfile;
  /** a practice's food: the allergens it declared; absent elsewhere (derived from name and group, rules/food-allergens.ts) */
  allergens?: AllergenId[];
}

/** GET /api/foods?q=&limit=&source=&code= */
export interface FoodSearchAnswer {
  items: CatalogueFood[];
}

/** one import of a publisher's table, as the log keeps it */
export interface FoodTableImportView {
  source: 'ciqual' | 'svizzera';
  version: string;
  importedAt: string;
  files: { name: string; sha256: string }[];
  foods: number;
}

/** the publishers' tables the importer reads */
export const IMPORTED_FOOD_SOURCES = ['ciqual', 'svizzera'] as const;
export type ImportedFoodSource = (typeof IMPORTED_FOOD_SOURCES)[number];

/** what importing one table did: `imported` false when that version from the same files was already there (nothing appended) */
export interface FoodTableImportResult {
  source: ImportedFoodSource;
  version: string;
  imported: boolean;
  foods: number;
  /** events appended (the chunks and the closing one; 0 when nothing changed) */
  events: number;
  files: { name: string; sha256: string }[];
}

/** PUT /api/food-tables/preference: the table whose food comes first where both have it (null: none) */
export const PreferredFoodSourceRequest = z.object({
  source: z.enum(IMPORTED_FOOD_SOURCES, { error: 'Fonte preferita sconosciuta: ciqual, svizzera o nessuna' }).nullable(),
});
export interface PreferredFoodSourceView {
  source: ImportedFoodSource | null;
}

/** GET /api/foods: the search (q), or one food by its code in its table (source and code) */
export const FoodSearchQuery = z
  .object({
    q: z.string({ error: 'La ricerca deve essere un testo' }).max(100, 'La ricerca può avere al massimo 100 caratteri').optional(),
    limit: z.coerce
      .number({ error: 'Il numero di risultati deve essere un numero' })
      .int('Il numero di risultati deve essere un intero')
      .min(1, 'Il numero di risultati va da 1 a 50')
      .max(50, 'Il numero di risultati va da 1 a 50')
      .default(20),
    source: z.enum(FOOD_SOURCES, { error: 'Fonte sconosciuta: ciqual, svizzera, studio o ricetta' }).optional(),
    code: z
      .string({ error: 'Il codice deve essere un testo' })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Codice non valido: lettere, cifre, - e _, al massimo 64')
      .optional(),
  })
  .refine((query) => query.code === undefined || query.source !== undefined, { message: 'Il codice va dato insieme alla fonte (source)', path: ['code'] });
export type FoodSearchQuery = z.infer<typeof FoodSearchQuery>;
