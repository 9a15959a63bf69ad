import { STREAM_PREFIX } from '@studio/contracts';
import type { AllergenId, ProjectionDefinition } from '@studio/contracts';
/** a food category of the catalogue (not personal) */
export interface FoodCategoryDoc {
  id: number;
  name: string;
  kcal100: number;
  baseWeight: number;
  updatedAt: string;
}

export const foodCategoriesProjection: ProjectionDefinition<FoodCategoryDoc, 'FoodCategoryCreated' | 'FoodCategoryUpdated'> = {
  name: 'food_categories',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.foodCategory],
  eventTypes: ['FoodCategoryCreated', 'FoodCategoryUpdated'],
  documentId: (event) => String(event.data.categoryId),
  evolve(doc, event) {
    if (event.type !== 'FoodCategoryCreated' && event.type !== 'FoodCategoryUpdated') return doc;
    const d = event.data;
    return { id: d.categoryId, name: d.name, kcal100: d.kcal100, baseWeight: d.baseWeight, updatedAt: event.metadata.at };
  },
  indexes: {
    // numeric, so the next id is a max() away
    category_id: { type: 'integer', value: (d) => d.id },
  },
};

/** a food of the catalogue, values per 100 g */
export interface FoodDoc {
  id: number;
  name: string;
  categoryId: number;
  kcal100: number;
  baseWeight: number;
  protein: number;
  carbohydrate: number;
  fat: number;
  allergens?: AllergenId[];
  updatedAt: string;
}

export const foodsProjection: ProjectionDefinition<FoodDoc, 'FoodCreated' | 'FoodUpdated'> = {
  name: 'foods',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.food],
  eventTypes: ['FoodCreated', 'FoodUpdated'],
  documentId: (event) => String(event.data.foodId),
  evolve(doc, event) {
    if (event.type !== 'FoodCreated' && event.type !== 'FoodUpdated') return doc;
    const { foodId, ...fields } = event.data;
    return { id: foodId, ...fields, updatedAt: event.metadata.at };
  },
  indexes: {
    food_id: { type: 'integer', value: (d) => d.id },
    category_id: { type: 'integer', value: (d) => d.categoryId },
  },
};
