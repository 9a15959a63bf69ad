// The values a plan was computed with: a saved plan keeps, for each catalogue food it holds, the nutrients per 100 g,
// the food's source and the table's version it had when saved, so a later import never changes it silently.
import { NUTRIENTS, type FoodSource, type NutrientProfile, type NutrientValue } from '../catalogue';
import type { AllergenId } from '../../clinical/allergens';
import type { CatalogueItem, DietItem, ItemLookup, Lookup } from './diet-summary';

/** one catalogue food as a plan keeps it (the part of CatalogueFood the plan reads) */
export interface FoodValues {
  name: string;
  source: FoodSource;
  version: string;
  group: string;
  baseWeight: number;
  nutrients: NutrientProfile;
  /** a practice's food: the allergens it declared (the tables' are derived from name and group) */
  allergens?: AllergenId[];
}
/** by catalogue food id */
export type FoodValuesById = Record<string, FoodValues>;

const amount = (v: NutrientValue | undefined): number | null => (v && v.value !== null ? v.value : null);

/** what the diet's calculations read of a catalogue food: energy (kcal), protein, available carbohydrate and fat per 100 g */
export function catalogueItemOf(values: FoodValues): CatalogueItem {
  return {
    name: values.name,
    kcal100: amount(values.nutrients.ENERC_KCAL) ?? 0,
    baseWeight: values.baseWeight,
    protein: amount(values.nutrients.PROCNT),
    carbohydrate: amount(values.nutrients.CHOAVL),
    fat: amount(values.nutrients.FAT),
  };
}

/** one lookup for a plan: numbers through the practice's catalogue, catalogue ids through the values kept with the plan */
export function planLookup(practice: Lookup, values: FoodValuesById): ItemLookup {
  return (item: DietItem) => {
    if (typeof item === 'number') return practice(item);
    const kept = Object.prototype.hasOwnProperty.call(values, item) ? values[item] : undefined;
    return kept && catalogueItemOf(kept);
  };
}

export interface NutrientChange {
  tag: string;
  label: string;
  unit: string;
  /** null: missing in the table */
  saved: number | null;
  current: number | null;
}

/** the nutrients whose value per 100 g differs between the kept values and the catalogue's now, in the catalogue's order */
export function nutrientChanges(saved: FoodValues, current: FoodValues): NutrientChange[] {
  const out: NutrientChange[] = [];
  for (const n of NUTRIENTS) {
    const before = amount(saved.nutrients[n.tag]);
    const after = amount(current.nutrients[n.tag]);
    if (before !== after) out.push({ tag: n.tag, label: n.label, unit: n.unit, saved: before, current: after });
  }
  return out;
}

/** whether the catalogue's food now differs from what the plan kept (another version, or other values) */
export function valuesChanged(saved: FoodValues, current: FoodValues): boolean {
  return saved.version !== current.version || saved.baseWeight !== current.baseWeight || nutrientChanges(saved, current).length > 0;
}
