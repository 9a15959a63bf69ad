// The diet's calculations ("Gram amounts are rounded to the nearest multiple of the base weight. Calories
// are rounded to an integer", and point 9, "Calories = kcal per 100 g times grams divided by 100", "Category option
// offset: 100000"), shared by the server and the editor; the energy of a gram of protein and carbohydrate (4 kcal) and
// of fat (9 kcal) are the Atwater factors. The diet's shapes (zod) are in ../diet.ts, which imports these.

/** a select option above this value is the category with id value − CATEGORY_OFFSET */
export const CATEGORY_OFFSET = 100000;
export const MEALS = ['colazione', 'spuntino', 'pranzo', 'merenda', 'cena'] as const;
export type Meal = (typeof MEALS)[number];
/** the main meals whose weekly portions the portions tables plan */
export const PORTION_TABLES = ['pranzo', 'cena'] as const;
export type PortionTable = (typeof PORTION_TABLES)[number];

/**
 * A row's item: a practice food, or CATEGORY_OFFSET + a category id (numbers, as the selects have them; 0 = nothing
 * chosen yet), or a catalogue food id (`ciqual-20047`, `svizzera-…`, `studio-…`, `ricetta-…`).
 */
export type DietItem = number | string;
/** what the calculations read of a diet row (DietRow of ../diet.ts): item 0 is a row with nothing chosen yet */
export interface SummaryRow {
  id: string;
  item: DietItem;
  grams: number;
}
/** the portions tables (PortionRow of ../diet.ts) */
export type Portions = Record<PortionTable, readonly { categoryId: number; times: number }[]>;
/** what the calculations read of a diet (DietDraft of ../diet.ts) */
export interface DietInput {
  meals: Record<Meal, readonly SummaryRow[]>;
  portions: Portions;
}

/**
 * The macronutrients per 100 g of a category row: the plain average of its foods' values (as the category's kcal are
 * an average of its foods'), one decimal; null when the category has no food yet.
 */
export function categoryAverageMacros(
  foods: { protein: number; carbohydrate: number; fat: number }[],
): { protein: number; carbohydrate: number; fat: number } | null {
  if (foods.length === 0) return null;
  const mean = (pick: (f: (typeof foods)[number]) => number) => Math.round((foods.reduce((sum, f) => sum + pick(f), 0) / foods.length) * 10) / 10;
  return { protein: mean((f) => f.protein), carbohydrate: mean((f) => f.carbohydrate), fat: mean((f) => f.fat) };
}

/** what a select option stands for: a food, or a category (its foods' average macronutrients; null when it has none) */
export interface CatalogueItem {
  name: string;
  kcal100: number;
  baseWeight: number;
  protein: number | null;
  carbohydrate: number | null;
  fat: number | null;
}

export const isCategoryItem = (item: DietItem): item is number => typeof item === 'number' && item > CATEGORY_OFFSET;
/** a catalogue food (a string id): its grams are kept as typed, the base weight being only a portion hint */
export const isCatalogueFoodItem = (item: DietItem): item is string => typeof item === 'string';
/** nothing chosen yet */
export const isUnchosenItem = (item: DietItem) => item === 0 || item === '';
export const categoryItem = (categoryId: number) => CATEGORY_OFFSET + categoryId;
export const categoryIdOf = (item: number) => item - CATEGORY_OFFSET;

/** to the nearest multiple of the base weight (halves round up) */
export function roundToBaseWeight(grams: number, base: number): number {
  if (!(base > 0)) return Math.round(grams);
  return Math.round(grams / base) * base;
}

/** the grams a row keeps: a practice food's or a category's rounded to the base weight, a catalogue food's as typed */
export function keptGrams(item: DietItem, grams: number, base: number): number {
  return isCatalogueFoodItem(item) ? grams : roundToBaseWeight(grams, base);
}

/** kcal per 100 g × grams / 100, to an integer */
export function caloriesFor(kcal100: number, grams: number): number {
  return Math.round((kcal100 * grams) / 100);
}

/** grams of a macronutrient, to one decimal */
export function macroGrams(per100: number, grams: number): number {
  return Math.round((per100 * grams) / 10) / 10;
}

const sumTo1 = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 10) / 10;

/** the sum of every portion input across the portions tables */
export function portionsTotal(portions: Portions): number {
  return PORTION_TABLES.reduce((sum, table) => sum + (portions[table] ?? []).reduce((s, p) => s + (Number.isFinite(p.times) ? p.times : 0), 0), 0);
}

/** the categories chosen in the portions selects, in order of first choice: they get a diet block */
export function chosenPortionCategories(portions: Portions): number[] {
  const ids: number[] = [];
  for (const table of PORTION_TABLES) for (const p of portions[table] ?? []) if (p.categoryId > 0 && !ids.includes(p.categoryId)) ids.push(p.categoryId);
  return ids;
}

/** share of the energy from protein and carbohydrate (4 kcal/g) and fat (9 kcal/g), in whole percent */
export function energySplit(m: { protein: number; carbohydrate: number; fat: number }): { protein: number; carbohydrate: number; fat: number } {
  const kcal = { protein: m.protein * 4, carbohydrate: m.carbohydrate * 4, fat: m.fat * 9 };
  const total = kcal.protein + kcal.carbohydrate + kcal.fat;
  if (total <= 0) return { protein: 0, carbohydrate: 0, fat: 0 };
  return {
    protein: Math.round((kcal.protein / total) * 100),
    carbohydrate: Math.round((kcal.carbohydrate / total) * 100),
    fat: Math.round((kcal.fat / total) * 100),
  };
}

export interface MealSummaryRow {
  id: string;
  item: DietItem;
  name: string;
  grams: number;
  kcal: number;
  /** null for a category: its foods differ */
  protein: number | null;
  carbohydrate: number | null;
  fat: number | null;
}
export interface MealSummary {
  meal: Meal;
  rows: MealSummaryRow[];
  kcal: number;
  protein: number;
  carbohydrate: number;
  fat: number;
}
export interface DietSummary {
  kcal: number;
  protein: number;
  carbohydrate: number;
  fat: number;
  /** % of the energy from each macronutrient */
  split: { protein: number; carbohydrate: number; fat: number };
  meals: { meal: Meal; kcal: number }[];
  portionsTotal: number;
}

/** the practice's foods and categories, by select value */
export type Lookup = (item: number) => CatalogueItem | undefined;
/** every item a plan may hold: the practice's (Lookup) and the catalogue's foods */
export type ItemLookup = (item: DietItem) => CatalogueItem | undefined;

/** one meal's rows with their grams rounded and their kcal and macronutrients; rows with nothing chosen are left out */
export function summarizeMeal(meal: Meal, rows: readonly SummaryRow[], lookup: ItemLookup): MealSummary {
  const out: MealSummaryRow[] = [];
  for (const row of rows) {
    if (isUnchosenItem(row.item)) continue;
    const item = lookup(row.item);
    if (!item) continue;
    const grams = keptGrams(row.item, row.grams, item.baseWeight);
    out.push({
      id: row.id,
      item: row.item,
      name: item.name,
      grams,
      kcal: caloriesFor(item.kcal100, grams),
      protein: item.protein === null ? null : macroGrams(item.protein, grams),
      carbohydrate: item.carbohydrate === null ? null : macroGrams(item.carbohydrate, grams),
      fat: item.fat === null ? null : macroGrams(item.fat, grams),
    });
  }
  return {
    meal,
    rows: out,
    kcal: out.reduce((s, r) => s + r.kcal, 0),
    protein: sumTo1(out.map((r) => r.protein ?? 0)),
    carbohydrate: sumTo1(out.map((r) => r.carbohydrate ?? 0)),
    fat: sumTo1(out.map((r) => r.fat ?? 0)),
  };
}

/** the day: kcal and macronutrients of the five meals (alternatives are substitutes, not added) */
export function summarizeDiet(draft: DietInput, lookup: ItemLookup): DietSummary {
  const meals = MEALS.map((meal) => summarizeMeal(meal, draft.meals[meal] ?? [], lookup));
  const protein = sumTo1(meals.map((m) => m.protein));
  const carbohydrate = sumTo1(meals.map((m) => m.carbohydrate));
  const fat = sumTo1(meals.map((m) => m.fat));
  return {
    kcal: meals.reduce((s, m) => s + m.kcal, 0),
    protein,
    carbohydrate,
    fat,
    split: energySplit({ protein, carbohydrate, fat }),
    meals: meals.map((m) => ({ meal: m.meal, kcal: m.kcal })),
    portionsTotal: portionsTotal(draft.portions),
  };
}
