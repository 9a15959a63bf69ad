// The shopping list of a plan's week: the grams of each food summed over the seven days (a weekday the plan leaves out
// counts as the day it repeats, see weekly-plan.ts), grouped by food group. Alternatives are substitutes: not bought.
// A recipe is bought as its ingredients: each one's raw grams times the share of the cooked dish eaten (grams eaten
// over the recipe's cooked weight), summed with the same food wherever else the plan has it.
import type { DietItem, Meal } from './diet-summary';
import { weekOf, type Weekday } from './weekly-plan';

export interface ShoppingItem {
  item: DietItem;
  name: string;
  grams: number;
}
export interface ShoppingGroup {
  group: string;
  items: ShoppingItem[];
}
export interface ShoppingList {
  groups: ShoppingGroup[];
  /** how many days of the week are counted (always 7 for a plan; 0 without one) */
  days: number;
}

interface PlanInput {
  days: readonly { weekday: Weekday; meals: Partial<Record<Meal, readonly { item: DietItem; grams: number }[]>> }[];
}

/** a recipe as the shopping list reads it: its ingredients' raw grams for the whole dish, and the dish's cooked weight */
export interface ShoppingRecipe {
  cookedWeight: number;
  ingredients: readonly { item: DietItem; grams: number }[];
}

/**
 * `describe` names an item and its group; an item it does not know is left out (a food no longer in the catalogue).
 * `recipeOf` gives the recipe an item is, if it is one (a recipe it does not know is bought as the dish).
 */
export function shoppingList(
  plan: PlanInput,
  describe: (item: DietItem) => { name: string; group: string } | undefined,
  recipeOf: (item: DietItem) => ShoppingRecipe | undefined = () => undefined,
): ShoppingList {
  const grams = new Map<DietItem, number>();
  const add = (item: DietItem, amount: number) => grams.set(item, (grams.get(item) ?? 0) + amount);
  const week = weekOf(plan.days);
  for (const { day } of week) {
    for (const rows of Object.values(day.meals)) {
      for (const row of rows ?? []) {
        if (row.item === 0 || row.item === '' || !(row.grams > 0)) continue;
        const recipe = recipeOf(row.item);
        if (recipe && recipe.cookedWeight > 0) {
          for (const ingredient of recipe.ingredients) add(ingredient.item, (ingredient.grams * row.grams) / recipe.cookedWeight);
        } else add(row.item, row.grams);
      }
    }
  }
  const groups = new Map<string, ShoppingItem[]>();
  for (const [item, total] of grams) {
    const about = describe(item);
    if (!about) continue;
    const list = groups.get(about.group) ?? [];
    list.push({ item, name: about.name, grams: Math.round(total * 10) / 10 });
    groups.set(about.group, list);
  }
  return {
    days: week.length,
    groups: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'it'))
      .map(([group, items]) => ({ group, items: items.sort((a, b) => a.name.localeCompare(b.name, 'it')) })),
  };
}
