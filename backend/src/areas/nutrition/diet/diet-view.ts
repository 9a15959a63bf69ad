import {
  caloriesFor,
  chosenPortionCategories,
  isCategoryItem,
  MEALS,
  mealNamesOf,
  parseCatalogueFoodId,
  PORTION_TABLES,
  planLookup,
  referencedItems,
  shoppingList,
  summarizeDiet,
  summarizeMeal,
  weekOf,
  type DietContent,
  type DietItem,
  type DietValuesUpdate,
  type DietView,
  type ShoppingList,
  type ShoppingRecipe,
} from '@studio/contracts';
import type { Catalogue } from '../catalogue';
import type { RecipesService } from '../recipes';
import type { CatalogueFoodLookup } from './diet.ports';

/** the recipes a plan holds, as the shopping list buys them (their ingredients), and the names and groups of those */
export interface ShoppingRecipes {
  recipes: Map<string, ShoppingRecipe>;
  ingredients: Map<string, { name: string; group: string }>;
}

/** a practice's food is a number in a plan's rows and `studio-<id>` in a recipe: one line of the list for both */
function asPlanItem(foodId: string): DietItem {
  const parsed = parseCatalogueFoodId(foodId);
  return parsed?.source === 'studio' && /^\d+$/.test(parsed.code) ? Number(parsed.code) : foodId;
}

/** the plan's recipes from the recipe book as it is now; a recipe no longer there is bought as the dish it was */
export async function shoppingRecipesOf(content: DietContent, recipes: RecipesService, foods: CatalogueFoodLookup): Promise<ShoppingRecipes> {
  const found: ShoppingRecipes = { recipes: new Map(), ingredients: new Map() };
  for (const item of referencedItems(content)) {
    if (typeof item !== 'string' || !item.startsWith('ricetta-')) continue;
    const recipe = await recipes.get(item.slice('ricetta-'.length)).catch(() => null);
    if (!recipe) continue;
    const ingredients = recipe.ingredients.map((i) => ({ item: asPlanItem(i.foodId), grams: i.grams }));
    found.recipes.set(item, { cookedWeight: recipe.composition.cookedWeight, ingredients });
    for (const { item: foodId } of ingredients) {
      if (typeof foodId !== 'string' || found.ingredients.has(foodId)) continue;
      const food = await foods.find(foodId);
      if (food) found.ingredients.set(foodId, { name: food.name, group: food.group });
    }
  }
  return found;
}

/** what a view shows besides the plan: who, which revision, when */
export interface DietViewHead {
  patientId: string;
  patientName: string;
  revision: number | null;
  doctorId: string | null;
  doctorName: string | null;
  savedAt: string | null;
}

/** a plan with its figures, day by day, computed with the values it keeps for its catalogue foods */
export function buildDietView(head: DietViewHead, content: DietContent, catalogue: Catalogue, valueUpdates: DietValuesUpdate[]): DietView {
  const lookup = planLookup(catalogue.lookup, content.values);
  const times = new Map<number, number>();
  for (const table of PORTION_TABLES) for (const p of content.portions[table]) times.set(p.categoryId, (times.get(p.categoryId) ?? 0) + p.times);
  const blocks = chosenPortionCategories(content.portions).flatMap((id) => {
    const category = catalogue.categories.find((c) => c.id === id);
    if (!category) return [];
    const foods = catalogue.foods
      .filter((f) => f.categoryId === id)
      .sort((a, b) => a.name.localeCompare(b.name, 'it'))
      .map((f) => ({ id: f.id, name: f.name, baseWeight: f.baseWeight, kcal: caloriesFor(f.kcal100, f.baseWeight) }));
    return [
      { category: { id: category.id, name: category.name, kcal100: category.kcal100, baseWeight: category.baseWeight }, times: times.get(id) ?? 0, foods },
    ];
  });
  const days = content.days.map((day) => ({
    weekday: day.weekday,
    summary: summarizeDiet({ meals: day.meals, portions: content.portions }, lookup),
    meals: MEALS.map((meal) => summarizeMeal(meal, day.meals[meal], lookup)),
  }));
  return {
    ...head,
    content,
    summary: days[0].summary,
    meals: days[0].meals,
    days,
    week: weekOf(content.days).map(({ weekday, day }) => ({ weekday, follows: day.weekday })),
    mealNames: mealNamesOf(content),
    blocks,
    itemNames: Object.fromEntries(referencedItems(content).map((item) => [String(item), lookup(item)?.name ?? String(item)])),
    valueUpdates,
  };
}

/** the week's shopping list: a practice food's group is its category, a category row is its own group, a catalogue food's its table's group */
export function dietShoppingList(content: DietContent, catalogue: Catalogue, recipes?: ShoppingRecipes): ShoppingList {
  const lookup = planLookup(catalogue.lookup, content.values);
  const describe = (item: DietItem) => {
    const ingredient = typeof item === 'string' && !(item in content.values) ? recipes?.ingredients.get(item) : undefined;
    if (ingredient) return ingredient;
    const found = lookup(item);
    if (!found) return undefined;
    if (typeof item === 'string') return { name: found.name, group: content.values[item]?.group ?? 'Altro' };
    if (isCategoryItem(item)) return { name: found.name, group: found.name };
    const food = catalogue.foods.find((f) => f.id === item);
    return { name: found.name, group: catalogue.categories.find((c) => c.id === food?.categoryId)?.name ?? 'Altro' };
  };
  return shoppingList(content, describe, (item) => (typeof item === 'string' ? recipes?.recipes.get(item) : undefined));
}
