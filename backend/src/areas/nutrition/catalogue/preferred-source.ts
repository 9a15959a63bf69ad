import type { CatalogueFood, ImportedFoodSource } from '@studio/contracts';

/** a food's name as compared across tables: case, accents and punctuation aside */
export function sameFoodKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Where both tables have the same food (the same name), both stay in the list, each with its source, and the
 * preferred table's comes first: it takes the place of the first of them. Every other food keeps its rank.
 */
export function preferredFirst(foods: readonly CatalogueFood[], preferred: ImportedFoodSource | null): CatalogueFood[] {
  if (!preferred) return [...foods];
  const result = [...foods];
  const firstAt = new Map<string, number>();
  for (let i = 0; i < result.length; i++) {
    const food = result[i];
    if (food.source !== 'ciqual' && food.source !== 'svizzera') continue;
    const key = sameFoodKey(food.name);
    const first = firstAt.get(key);
    if (first === undefined) {
      firstAt.set(key, i);
      continue;
    }
    // the preferred table's food moves up to the group's first place, the others move down by one
    if (food.source === preferred && result[first].source !== preferred) {
      result.splice(i, 1);
      result.splice(first, 0, food);
    }
  }
  return result;
}
