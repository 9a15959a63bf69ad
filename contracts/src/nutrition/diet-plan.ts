import { AllergenIdSchema } from '../clinical/allergens';
import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { FOOD_SOURCES, parseCatalogueFoodId } from './catalogue';
import type { FoodCategoryView } from './diet';
import { NotesDoc } from './diet-notes';
import { REQUIRED_PORTIONS, weeklyPortionsProblem } from './rules/portions';
import {
  CATEGORY_OFFSET,
  MEALS,
  PORTION_TABLES,
  categoryIdOf,
  categoryItem,
  chosenPortionCategories,
  isCategoryItem,
  isUnchosenItem,
  keptGrams,
  portionsTotal,
  type DietItem,
  type DietSummary,
  type ItemLookup,
  type Meal,
  type MealSummary,
  type PortionTable,
} from './rules/diet-summary';
import type { NutrientChange } from './rules/food-values';
import { WEEKDAYS, sortDays, type Weekday } from './rules/weekly-plan';

// The patient's plan: one to seven days of the week, each with the five meals (rows and their alternatives), the
// weekly portions tables, the notes, the meals' names and the values of the catalogue foods it was computed with.

export const MealName = z.enum(MEALS, { error: 'Pasto non valido: colazione, spuntino, pranzo, merenda o cena' });
export const WeekdayName = z.enum(WEEKDAYS, { error: 'Giorno non valido: da lunedi a domenica' });
/** a diet row above this is a typing mistake, not a portion */
export const MAX_ROW_GRAMS = 2000;
export const MAX_ROWS_PER_MEAL = 30;
export const MAX_ALTERNATIVES = 10;
export const MEAL_NAME_MAX_LENGTH = 40;
/** the meals' names when the plan renames none */
export const DEFAULT_MEAL_NAMES: Record<Meal, string> = {
  colazione: 'Colazione',
  spuntino: 'Spuntino',
  pranzo: 'Pranzo',
  merenda: 'Merenda',
  cena: 'Cena',
};

const Grams = z
  .number({ error: 'Grammi mancanti o non numerici' })
  .min(0, 'I grammi non possono essere negativi')
  .max(MAX_ROW_GRAMS, `Quantità non plausibile: al massimo ${MAX_ROW_GRAMS} g per riga`);
/** a catalogue food's id, `<source>-<code>` */
export const CatalogueFoodIdSchema = z
  .string({ error: 'Alimento non valido' })
  .max(80, 'Alimento non valido')
  .refine((id) => parseCatalogueFoodId(id) !== null, 'Alimento del catalogo non valido');
/** a select's value: a food id, or CATEGORY_OFFSET + a category id (0 = nothing chosen yet); or a catalogue food id */
const Item = z.union(
  [
    z
      .number({ error: 'Alimento non valido' })
      .refine(Number.isInteger, 'Alimento non valido')
      .min(0, 'Alimento non valido')
      .max(2 * CATEGORY_OFFSET, 'Alimento non valido'),
    CatalogueFoodIdSchema,
  ],
  { error: 'Alimento non valido' },
);
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

const mealsShape = Object.fromEntries(
  MEALS.map((meal) => [
    meal,
    z.array(DietRow, { error: 'Righe del pasto non valide' }).max(MAX_ROWS_PER_MEAL, `Al massimo ${MAX_ROWS_PER_MEAL} righe per pasto`).default([]),
  ]),
) as Record<Meal, z.ZodDefault<z.ZodArray<typeof DietRow>>>;
const DayMeals = z.object(mealsShape, { error: 'Pasti mancanti' }).prefault({});
export type DayMeals = z.infer<typeof DayMeals>;
const portionsShape = Object.fromEntries(
  PORTION_TABLES.map((table) => [
    table,
    z.array(PortionRow, { error: 'Tabella delle porzioni non valida' }).max(30, 'Troppe righe nella tabella delle porzioni').default([]),
  ]),
) as Record<PortionTable, z.ZodDefault<z.ZodArray<typeof PortionRow>>>;

export const DietDay = z.object({ weekday: WeekdayName, meals: DayMeals });
export type DietDay = z.infer<typeof DietDay>;
const mealLabel = storedText({
  label: 'Nome del pasto',
  kind: 'line',
  max: MEAL_NAME_MAX_LENGTH,
  tooLong: `Nome del pasto troppo lungo (al massimo ${MEAL_NAME_MAX_LENGTH} caratteri)`,
  missing: 'Nome del pasto mancante',
});
export const MealNames = z
  .object(Object.fromEntries(MEALS.map((meal) => [meal, mealLabel.optional()])) as Record<Meal, z.ZodOptional<typeof mealLabel>>, {
    error: 'Nomi dei pasti non validi',
  })
  .prefault({});
export type MealNames = z.infer<typeof MealNames>;

const nutrientValue = z.object({
  value: z.number().min(0).max(100000).nullable(),
  flag: z.enum(['traces', 'lt', 'missing']).optional(),
  atLeast: z.number().min(0).max(100000).optional(),
});
/** a catalogue food's values as a plan keeps them (rules/food-values.ts) */
export const FoodValuesSchema = z.object({
  name: z.string().max(300),
  source: z.enum(FOOD_SOURCES),
  version: z.string().max(60),
  group: z.string().max(200),
  baseWeight: z.number().min(0).max(2000),
  nutrients: z.record(z.string().max(20), nutrientValue),
  /** a practice's food: the allergens it declared */
  allergens: z.array(AllergenIdSchema).max(15).optional(),
});
const ValuesById = z
  .record(CatalogueFoodIdSchema, FoodValuesSchema)
  .refine((v) => Object.keys(v).length <= 500, 'Troppi alimenti nel piano')
  .default({});

/**
 * The editor form as the calculations read it (rows may still be incomplete: item 0). `meals` is one day (the calls
 * calculate and calculate_meal read it); `days`, when given, is the plan (and `meals` is then not kept on its own).
 * `values` are the catalogue foods' values the editor computes with (a calculation only: a save keeps what the server
 * decides, never values sent by the browser).
 */
export const DietDraft = z.object({
  meals: DayMeals,
  days: z
    .array(DietDay, { error: 'Giorni del piano non validi' })
    .min(1, 'Il piano deve avere almeno un giorno')
    .max(WEEKDAYS.length, 'Il piano ha al massimo sette giorni')
    .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, 'Un giorno della settimana compare due volte nel piano')
    .optional(),
  mealNames: MealNames,
  portions: z.object(portionsShape, { error: 'Porzioni mancanti' }).prefault({}),
  notes: NotesDoc.nullable().default(null),
  values: ValuesById,
});
export type DietDraft = z.infer<typeof DietDraft>;
/** a plan as kept: its days (week order), `meals` = the first day's, the names given to meals, the values of its catalogue foods */
export type DietContent = Omit<DietDraft, 'days'> & { days: DietDay[] };

/** PUT /api/patients/:patientId/diet; `revision` is the one the editor loaded (null: none yet), so a save never overwrites an unseen one */
export const DietSaveRequest = DietDraft.extend({
  revision: z.number().int().min(0).nullable().optional(),
  /** the catalogue foods whose values the doctor chose to bring up to date ("Valori aggiornati disponibili") */
  refreshValues: z.array(CatalogueFoodIdSchema).max(500).default([]),
});
export type DietSaveRequest = z.infer<typeof DietSaveRequest>;
/** what the editor sends (the defaults filled by the server) */
export type DietSaveBody = z.input<typeof DietSaveRequest>;

/** POST a meal summary's saving URL: the edited cells, grams by row id, of the day given (the plan's first by default) */
export const MealCellsRequest = z.object({
  grams: z.record(RowId, z.coerce.number({ error: 'Grammi non numerici' }).pipe(Grams), { error: 'Grammi mancanti' }),
  day: WeekdayName.optional(),
});

/** the days of a draft: its plan, or its one day (which applies to every day of the week) */
export function draftDays(draft: Pick<DietDraft, 'meals' | 'days'>): DietDay[] {
  return draft.days && draft.days.length > 0 ? sortDays(draft.days) : [{ weekday: 'lunedi', meals: draft.meals }];
}

/**
 * A kept content read back: what was saved before the plan had days (one day, no names, no values) becomes a one-day
 * plan, which applies to every day. The log is never rewritten: this runs on every read.
 */
export function upcastDietContent(stored: Partial<DietContent> & Pick<DietContent, 'meals'>): DietContent {
  const days = draftDays({ meals: stored.meals, days: stored.days });
  return {
    meals: days[0].meals,
    days,
    mealNames: stored.mealNames ?? {},
    portions: stored.portions ?? { pranzo: [], cena: [] },
    notes: stored.notes ?? null,
    values: stored.values ?? {},
  };
}

/** every value a draft refers to (rows, alternatives, of every day), and every portions category */
export function referencedItems(draft: Pick<DietDraft, 'meals' | 'days' | 'portions'>): DietItem[] {
  const items = new Set<DietItem>();
  for (const day of draftDays(draft)) {
    for (const meal of MEALS) {
      for (const row of day.meals[meal] ?? []) {
        if (!isUnchosenItem(row.item)) items.add(row.item);
        for (const alt of row.alternatives) if (!isUnchosenItem(alt.item)) items.add(alt.item);
      }
    }
  }
  for (const id of chosenPortionCategories(draft.portions)) items.add(categoryItem(id));
  return [...items];
}

/** the first reference to nothing in the catalogue, in Italian; null when all are known */
export function unknownReference(draft: Pick<DietDraft, 'meals' | 'days' | 'portions'>, lookup: ItemLookup): string | null {
  for (const item of referencedItems(draft)) {
    if (lookup(item)) continue;
    return isCategoryItem(item) ? `Categoria sconosciuta: ${categoryIdOf(item)}` : `Alimento sconosciuto: ${item}`;
  }
  return null;
}

type Normalized = { ok: true; content: DietContent } | { ok: false; code: string; message: string };

/**
 * A draft ready to be kept: every row chosen, the grams of practice foods and categories rounded to the base weight
 * (a catalogue food's kept as typed), portions 0 or 14. `values` are left as the draft has them: the caller decides them.
 */
export function normalizeDiet(draft: DietDraft, lookup: ItemLookup): Normalized {
  const unknown = unknownReference(draft, lookup);
  if (unknown) return { ok: false, code: 'alimento_sconosciuto', message: unknown };
  const keep = (item: DietItem, grams: number) => keptGrams(item, grams, lookup(item)!.baseWeight);
  const days: DietDay[] = [];
  for (const day of draftDays(draft)) {
    const meals = {} as DayMeals;
    for (const meal of MEALS) {
      const rows = day.meals[meal] ?? [];
      if (rows.some((r) => isUnchosenItem(r.item) || r.alternatives.some((a) => isUnchosenItem(a.item)))) {
        return { ok: false, code: 'riga_incompleta', message: `Scegli un alimento o una categoria per ogni riga (${meal})` };
      }
      if (new Set(rows.map((r) => r.id)).size !== rows.length)
        return { ok: false, code: 'riga_duplicata', message: `Due righe hanno lo stesso identificativo (${meal})` };
      meals[meal] = rows.map((r) => ({
        id: r.id,
        item: r.item,
        grams: keep(r.item, r.grams),
        alternatives: r.alternatives.map((a) => ({ item: a.item, grams: keep(a.item, a.grams) })),
      }));
    }
    days.push({ weekday: day.weekday, meals });
  }
  const portions = {} as DietContent['portions'];
  for (const table of PORTION_TABLES) {
    const rows = draft.portions[table] ?? [];
    if (rows.some((p) => p.categoryId === 0)) return { ok: false, code: 'porzioni_non_valide', message: 'Scegli una categoria per ogni riga delle porzioni' };
    portions[table] = rows.map((p) => ({ categoryId: p.categoryId, times: p.times }));
  }
  const problem = weeklyPortionsProblem(portionsTotal(portions));
  if (problem) return { ok: false, ...problem };
  const mealNames: MealNames = {};
  for (const meal of MEALS) {
    const named = draft.mealNames?.[meal];
    if (named && named !== DEFAULT_MEAL_NAMES[meal]) mealNames[meal] = named;
  }
  return { ok: true, content: { meals: days[0].meals, days, mealNames, portions, notes: draft.notes, values: draft.values ?? {} } };
}

/** the meals' names of a plan, the defaults where it renames none */
export function mealNamesOf(content: Pick<DietContent, 'mealNames'>): Record<Meal, string> {
  return Object.fromEntries(MEALS.map((meal) => [meal, content.mealNames?.[meal] || DEFAULT_MEAL_NAMES[meal]])) as Record<Meal, string>;
}

// ---- views -------------------------------------------------------------------------------------

/** one day of the plan with its figures */
export interface DietDayView {
  weekday: Weekday;
  summary: DietSummary;
  meals: MealSummary[];
}

/** a catalogue food whose values changed since the plan was saved (another import, another version) */
export interface DietValuesUpdate {
  item: string;
  name: string;
  savedVersion: string;
  currentVersion: string;
  changes: NutrientChange[];
}

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
  /** the first day's figures (a one-day plan: every day's) */
  summary: DietSummary;
  meals: MealSummary[];
  /** every day of the plan, week order */
  days: DietDayView[];
  /** each weekday, Monday first, and the plan day it follows */
  week: { weekday: Weekday; follows: Weekday }[];
  /** the meals' names (the plan's, or the defaults) */
  mealNames: Record<Meal, string>;
  /** the name of every food or category the content refers to, by select value */
  itemNames: Record<string, string>;
  /** a block per category chosen in the portions: the category and its foods */
  blocks: { category: FoodCategoryView; times: number; foods: { id: number; name: string; baseWeight: number; kcal: number }[] }[];
  /** "Valori aggiornati disponibili": the plan's catalogue foods whose values changed since saved (staff only; [] for the patient) */
  valueUpdates: DietValuesUpdate[];
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

const noMeals = (): DayMeals => ({ colazione: [], spuntino: [], pranzo: [], merenda: [], cena: [] });
export const EMPTY_DIET: DietContent = {
  meals: noMeals(),
  days: [{ weekday: 'lunedi', meals: noMeals() }],
  mealNames: {},
  portions: { pranzo: [], cena: [] },
  notes: null,
  values: {},
};
