import { NUTRIENT_TAGS, type NutrientProfile, type NutrientValue } from '../catalogue';
import { mealTotals, type NutrientItem, type NutrientTotal, type NutrientTotals } from './nutrient-totals';

// A recipe's composition from its raw ingredients, the "recipe calculation" of Greenfield & Southgate, "Food
// composition data" (FAO, 2nd ed. 2003), section "Calculation of the composition of dishes prepared from recipes":
// the nutrients of the raw ingredients are summed; the dish is weighed cooked; the difference in weight is taken
// as water; per 100 g of cooked dish = total nutrients / cooked weight × 100; the water of the cooked dish is
// the raw ingredients' water less the weight lost. The weight yield factor (EuroFIR) is cooked weight / raw weight,
// applied at recipe level. No retention factors: the vitamins lost in cooking are not subtracted.

/** how the cooked weight is known: weighed, or from a yield factor (cooked / raw) */
export type RecipeCooking = { cookedWeight: number } | { yieldFactor: number };
/** how the dish is divided: into a number of portions, or in portions of so many grams */
export type RecipePortions = { count: number } | { grams: number };

export interface RecipeComposition {
  rawWeight: number;
  cookedWeight: number;
  yieldFactor: number;
  /** grams of cooked dish in one portion */
  portionGrams: number;
  /** how many portions the dish makes (not necessarily whole when portions are given in grams) */
  portionCount: number;
  per100g: NutrientTotals;
  perPortion: NutrientTotals;
}

/** the ingredients' raw weight, in grams */
export function rawWeightOf(ingredients: readonly Pick<NutrientItem, 'grams'>[]): number {
  return ingredients.reduce((sum, i) => sum + i.grams, 0);
}

export function cookedWeightOf(rawWeight: number, cooking: RecipeCooking): number {
  return 'cookedWeight' in cooking ? cooking.cookedWeight : rawWeight * cooking.yieldFactor;
}

function scaled(totals: NutrientTotals, factor: number): NutrientTotals {
  const out = {} as NutrientTotals;
  for (const tag of NUTRIENT_TAGS) {
    const t = totals[tag];
    out[tag] = { value: t.value * factor, missing: t.missing, lowerBound: t.lowerBound, atMost: t.atMost * factor };
  }
  return out;
}

/**
 * The composition of a recipe per 100 g of cooked dish and per portion. An ingredient without a value makes
 * the recipe's value missing for it, with the count (the value then covers only the ingredients that give one).
 */
export function recipeComposition(ingredients: readonly NutrientItem[], cooking: RecipeCooking, portions: RecipePortions): RecipeComposition {
  const rawWeight = rawWeightOf(ingredients);
  const cookedWeight = cookedWeightOf(rawWeight, cooking);
  const whole = mealTotals(ingredients);
  // the weight lost (or gained, e.g. pasta) in cooking is water
  const water = whole.WATER;
  whole.WATER = { ...water, value: Math.max(0, water.value - (rawWeight - cookedWeight)), atMost: Math.max(0, water.atMost - (rawWeight - cookedWeight)) };
  const per100g = scaled(whole, cookedWeight > 0 ? 100 / cookedWeight : 0);
  const portionGrams = 'count' in portions ? cookedWeight / portions.count : portions.grams;
  const portionCount = 'count' in portions ? portions.count : portionGrams > 0 ? cookedWeight / portionGrams : 0;
  return {
    rawWeight,
    cookedWeight,
    yieldFactor: rawWeight > 0 ? cookedWeight / rawWeight : 0,
    portionGrams,
    portionCount,
    per100g,
    perPortion: scaled(per100g, portionGrams / 100),
  };
}

/**
 * A total as one catalogue value: missing if any ingredient lacks it; "< x" if some gave "< x", keeping what the
 * others give as `atLeast` (pasta and lentils with a "< x" of oil still count their iron in a day's total).
 */
export function totalAsNutrientValue(total: NutrientTotal): NutrientValue {
  if (total.missing > 0) return { value: null, flag: 'missing' };
  if (total.lowerBound) return total.value > 0 ? { value: total.atMost, flag: 'lt', atLeast: total.value } : { value: total.atMost, flag: 'lt' };
  return { value: total.value };
}

export function totalsAsProfile(totals: NutrientTotals): NutrientProfile {
  const profile: NutrientProfile = {};
  for (const tag of NUTRIENT_TAGS) profile[tag] = totalAsNutrientValue(totals[tag]);
  return profile;
}
