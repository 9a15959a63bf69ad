import { z } from './zod-it';
import { STREAM_PREFIX } from './streams';
import { REQUIRED_PORTIONS, weeklyPortionsProblem } from './rules/portions';
import {
  CATEGORY_OFFSET,
  MEALS,
  PORTION_TABLES,
  categoryIdOf,
  categoryItem,
  chosenPortionCategories,
  isCategoryItem,
  portionsTotal,
  roundToBaseWeight,
  type DietSummary,
  type Lookup,
  type Meal,
  type MealSummary,
  type PortionTable,
} from './rules/diet-summary';

// ---- constants (SPEC point 9; the meals, portions tables and category offset: rules/diet-summary.ts) ----

export const MealName = z.enum(MEALS, { error: 'Pasto non valido: colazione, spuntino, pranzo, merenda o cena' });
/** a diet row above this is a typing mistake, not a portion */
export const MAX_ROW_GRAMS = 2000;
export const MAX_ROWS_PER_MEAL = 30;
export const MAX_ALTERNATIVES = 10;
/** the notes' text, without markup */
export const NOTES_MAX_LENGTH = 3000;

// ---- food catalogue ----------------------------------------------------------------------------

const name = (what: string) =>
  z
    .string({ error: `Nome ${what} mancante` })
    .trim()
    .min(1, `Nome ${what} mancante`)
    .max(120, `Nome ${what} troppo lungo (al massimo 120 caratteri)`)
    .prefault('');
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
}

/** the categories endpoint's answer (SPEC point 3, "Category answer") */
export interface CategoryAnswer {
  id: number;
  kcal: number;
  base_weight: number;
}
export const CategoriesLookupRequest = z.object({
  ids: z.array(CatalogueId, { error: 'Categorie mancanti' }).max(200, 'Troppe categorie'),
});

/** POST /api/foods/import: the CSV text (see README for the columns) */
export const FoodImportRequest = z.object({
  csv: z.string({ error: 'File CSV mancante' }).min(1, 'Il file CSV è vuoto').max(1_000_000, 'File CSV troppo grande (al massimo 1 MB)'),
});
export interface FoodImportResult {
  created: number;
  updated: number;
}

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
};
/** on `food-<id>` */
export const FoodCreated = z.object(foodFields);
/** on `food-<id>`: the whole food as it is now */
export const FoodUpdated = z.object(foodFields);

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

// ---- diet content ------------------------------------------------------------------------------

const Grams = z
  .number({ error: 'Grammi mancanti o non numerici' })
  .min(0, 'I grammi non possono essere negativi')
  .max(MAX_ROW_GRAMS, `Quantità non plausibile: al massimo ${MAX_ROW_GRAMS} g per riga`);
/** a select's value: a food id, or CATEGORY_OFFSET + a category id; 0 = nothing chosen yet */
const Item = z
  .number({ error: 'Alimento non valido' })
  .refine(Number.isInteger, 'Alimento non valido')
  .min(0, 'Alimento non valido')
  .max(2 * CATEGORY_OFFSET, 'Alimento non valido');
const RowId = z.string({ error: 'Riga senza identificativo' }).regex(/^[A-Za-z0-9_-]{1,40}$/, 'Identificativo di riga non valido');

export const DietAlternative = z.object({ item: Item, grams: Grams });
export type DietAlternative = z.infer<typeof DietAlternative>;
export const DietRow = z.object({
  id: RowId,
  item: Item,
  grams: Grams,
  alternatives: z.array(DietAlternative).max(MAX_ALTERNATIVES, `Al massimo ${MAX_ALTERNATIVES} alternative per riga`).default([]),
});
export type DietRow = z.infer<typeof DietRow>;
export const PortionRow = z.object({
  categoryId: z.number({ error: 'Categoria non valida' }).refine(Number.isInteger, 'Categoria non valida').min(0, 'Categoria non valida'),
  times: z
    .number({ error: 'Porzioni mancanti o non numeriche' })
    .refine(Number.isInteger, 'Le porzioni devono essere numeri interi')
    .min(0, 'Le porzioni non possono essere negative')
    .max(REQUIRED_PORTIONS, `Le porzioni non possono superare ${REQUIRED_PORTIONS}`),
});
export type PortionRow = z.infer<typeof PortionRow>;

// ---- notes: Tiptap JSON, allow-listed node by node ----------------------------------------

const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9]{4,20})$/i;
const TextMark = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({
    type: z.literal('textStyle'),
    attrs: z
      .object({
        color: z
          .string()
          .regex(/^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i, 'Colore non valido')
          .nullish(),
        fontSize: z
          .string()
          .regex(/^\d{1,2}(\.\d)?(px|pt|em|rem)$/, 'Dimensione del testo non valida')
          .nullish(),
      })
      .strip()
      .optional(),
  }),
  z.object({
    type: z.literal('link'),
    attrs: z
      .object({
        href: z.string().max(500).regex(SAFE_HREF, 'Collegamento non valido: usa un indirizzo web, un’email o un numero di telefono'),
        target: z.enum(['_blank']).nullish(),
        rel: z
          .string()
          .max(100)
          .regex(/^[a-z ]*$/)
          .nullish(),
      })
      .strip(),
  }),
]);
const TextNode = z.object({ type: z.literal('text'), text: z.string().max(NOTES_MAX_LENGTH), marks: z.array(TextMark).max(5).optional() });
const HardBreak = z.object({ type: z.literal('hardBreak') });
const Paragraph = z.object({
  type: z.literal('paragraph'),
  content: z
    .array(z.union([TextNode, HardBreak]))
    .max(2000)
    .optional(),
});
type ListNode = {
  type: 'bulletList' | 'orderedList';
  attrs?: { start?: number };
  content: { type: 'listItem'; content: (z.infer<typeof Paragraph> | ListNode)[] }[];
};
const List: z.ZodType<ListNode> = z.lazy(() =>
  z.object({
    type: z.enum(['bulletList', 'orderedList']),
    attrs: z
      .object({ start: z.number().int().min(0).max(1000).optional() })
      .strip()
      .optional(),
    content: z.array(z.object({ type: z.literal('listItem'), content: z.array(z.union([Paragraph, List])).max(50) })).max(200),
  }),
);
/** the notes as Tiptap's document JSON: only the nodes and marks the toolbar makes, links only to web, mail or phone */
export const NotesDoc = z
  .object({ type: z.literal('doc'), content: z.array(z.union([Paragraph, List])).max(500) })
  .refine((doc) => notesText(doc).length <= NOTES_MAX_LENGTH, { message: `Note troppo lunghe (al massimo ${NOTES_MAX_LENGTH} caratteri)` });
export type NotesDoc = z.infer<typeof NotesDoc>;

/** the plain text of a notes document, for its length */
export function notesText(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { text?: unknown; content?: unknown };
  if (typeof n.text === 'string') return n.text;
  return Array.isArray(n.content) ? n.content.map(notesText).join('') : '';
}

/**
 * What a link typed in the notes points to: an email-like text becomes mailto:, a phone-like one
 * tel:, a bare host gets https://; web, mail and phone links are kept; anything else (javascript:,
 * data:, …) is refused with null.
 */
export function normalizeLink(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(text)) return SAFE_HREF.test(text) ? text : null;
  if (/^[^\s@/:]+@[^\s@/:]+\.[a-z]{2,}$/i.test(text)) return `mailto:${text}`;
  const digits = text.replace(/[\s().-]/g, '');
  if (/^\+?[0-9]{6,15}$/.test(digits) && /^[+0-9\s().-]+$/.test(text)) return `tel:${digits}`;
  if (/^([a-z0-9-]+\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i.test(text)) return `https://${text}`;
  return null;
}

const mealsShape = Object.fromEntries(
  MEALS.map((meal) => [
    meal,
    z.array(DietRow, { error: 'Righe del pasto non valide' }).max(MAX_ROWS_PER_MEAL, `Al massimo ${MAX_ROWS_PER_MEAL} righe per pasto`).default([]),
  ]),
) as Record<Meal, z.ZodDefault<z.ZodArray<typeof DietRow>>>;
const portionsShape = Object.fromEntries(
  PORTION_TABLES.map((table) => [
    table,
    z.array(PortionRow, { error: 'Tabella delle porzioni non valida' }).max(30, 'Troppe righe nella tabella delle porzioni').default([]),
  ]),
) as Record<PortionTable, z.ZodDefault<z.ZodArray<typeof PortionRow>>>;

/** the editor form as the calculations read it (rows may still be incomplete: item 0) */
export const DietDraft = z.object({
  meals: z.object(mealsShape, { error: 'Pasti mancanti' }).prefault({}),
  portions: z.object(portionsShape, { error: 'Porzioni mancanti' }).prefault({}),
  notes: NotesDoc.nullable().default(null),
});
export type DietDraft = z.infer<typeof DietDraft>;
export type DietContent = DietDraft;

/** PUT /api/patients/:patientId/diet; `revision` is the one the editor loaded (null: none yet), so a save never overwrites an unseen one */
export const DietSaveRequest = DietDraft.extend({ revision: z.number().int().min(0).nullable().optional() });
export type DietSaveRequest = z.infer<typeof DietSaveRequest>;

/** POST a meal summary's saving URL: the edited cells, grams by row id */
export const MealCellsRequest = z.object({
  grams: z.record(RowId, z.coerce.number({ error: 'Grammi non numerici' }).pipe(Grams), { error: 'Grammi mancanti' }),
});

/** every select value a draft refers to (rows, alternatives), and every portions category */
export function referencedItems(draft: DietDraft): number[] {
  const items = new Set<number>();
  for (const meal of MEALS) {
    for (const row of draft.meals[meal] ?? []) {
      if (row.item) items.add(row.item);
      for (const alt of row.alternatives) if (alt.item) items.add(alt.item);
    }
  }
  for (const id of chosenPortionCategories(draft.portions)) items.add(categoryItem(id));
  return [...items];
}

/** the first reference to nothing in the catalogue, in Italian; null when all are known */
export function unknownReference(draft: DietDraft, lookup: Lookup): string | null {
  for (const item of referencedItems(draft)) {
    if (lookup(item)) continue;
    return isCategoryItem(item) ? `Categoria sconosciuta: ${categoryIdOf(item)}` : `Alimento sconosciuto: ${item}`;
  }
  return null;
}

/** a draft ready to be kept: every row chosen, grams rounded to the base weight, portions 0 or 14 */
export function normalizeDiet(draft: DietDraft, lookup: Lookup): { ok: true; content: DietContent } | { ok: false; code: string; message: string } {
  const unknown = unknownReference(draft, lookup);
  if (unknown) return { ok: false, code: 'alimento_sconosciuto', message: unknown };
  const round = (item: number, grams: number) => roundToBaseWeight(grams, lookup(item)!.baseWeight);
  const meals = {} as DietContent['meals'];
  for (const meal of MEALS) {
    const rows = draft.meals[meal] ?? [];
    if (rows.some((r) => r.item === 0 || r.alternatives.some((a) => a.item === 0))) {
      return { ok: false, code: 'riga_incompleta', message: `Scegli un alimento o una categoria per ogni riga (${meal})` };
    }
    if (new Set(rows.map((r) => r.id)).size !== rows.length)
      return { ok: false, code: 'riga_duplicata', message: `Due righe hanno lo stesso identificativo (${meal})` };
    meals[meal] = rows.map((r) => ({
      id: r.id,
      item: r.item,
      grams: round(r.item, r.grams),
      alternatives: r.alternatives.map((a) => ({ item: a.item, grams: round(a.item, a.grams) })),
    }));
  }
  const portions = {} as DietContent['portions'];
  for (const table of PORTION_TABLES) {
    const rows = draft.portions[table] ?? [];
    if (rows.some((p) => p.categoryId === 0)) return { ok: false, code: 'porzioni_non_valide', message: 'Scegli una categoria per ogni riga delle porzioni' };
    portions[table] = rows.map((p) => ({ categoryId: p.categoryId, times: p.times }));
  }
  const problem = weeklyPortionsProblem(portionsTotal(portions));
  if (problem) return { ok: false, ...problem };
  return { ok: true, content: { meals, portions, notes: draft.notes } };
}

// ---- views -------------------------------------------------------------------------------------

/** GET /api/patients/:patientId/diet and GET /api/me/diet */
export interface DietView {
  patientId: string;
  patientName: string;
  /** null: no diet saved yet */
  revision: number | null;
  doctorId: string | null;
  doctorName: string | null;
  savedAt: string | null;
  content: DietContent;
  summary: DietSummary;
  meals: MealSummary[];
  /** the name of every food or category the content refers to, by select value */
  itemNames: Record<string, string>;
  /** a block per category chosen in the portions: the category and its foods */
  blocks: { category: FoodCategoryView; times: number; foods: { id: number; name: string; baseWeight: number; kcal: number }[] }[];
}

/** GET /api/diets/patients: whose diet a doctor may edit */
export interface DietPatient {
  id: string;
  name: string;
  hasDiet: boolean;
  /** from the clinical record, when there is one: tells apart two patients with the same name */
  birthDate: string | null;
  /** the account's email: the staff search a patient by name, birth date or email */
  email: string | null;
  /** the start of the patient's next confirmed visit (with this doctor, for a doctor), or null */
  nextVisit: string | null;
}

export const EMPTY_DIET: DietContent = {
  meals: { colazione: [], spuntino: [], pranzo: [], merenda: [], cena: [] },
  portions: { pranzo: [], cena: [] },
  notes: null,
};
