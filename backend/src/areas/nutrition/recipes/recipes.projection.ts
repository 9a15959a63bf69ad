import { STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** a recipe of the practice's recipe book, as written (its composition is computed when read, from the catalogue) */
export interface RecipeDoc {
  id: string;
  name: string;
  ingredients: { foodId: string; grams: number }[];
  cooking: { cookedWeight: number } | { yieldFactor: number };
  portions: { count: number } | { grams: number };
  note: string;
  archived: boolean;
  copiedFrom: string | null;
  createdAt: string;
  updatedAt: string;
}

export const recipesProjection: ProjectionDefinition<RecipeDoc, 'RecipeCreated' | 'RecipeUpdated' | 'RecipeArchived'> = {
  name: 'recipes',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.recipe],
  eventTypes: ['RecipeCreated', 'RecipeUpdated', 'RecipeArchived'],
  documentId: (event) => event.data.recipeId,
  evolve(doc, event) {
    const at = event.metadata.at;
    switch (event.type) {
      case 'RecipeCreated': {
        const { recipeId, copiedFrom, ...fields } = event.data;
        return { id: recipeId, ...fields, archived: false, copiedFrom: copiedFrom ?? null, createdAt: at, updatedAt: at };
      }
      case 'RecipeUpdated': {
        if (!doc) return doc;
        const { recipeId: _id, ...fields } = event.data;
        return { ...doc, ...fields, updatedAt: at };
      }
      case 'RecipeArchived':
        return doc && { ...doc, archived: true, updatedAt: at };
    }
  },
  indexes: {
    // 0/1: the list shows the recipes in use
    archived: { type: 'integer', value: (d) => (d.archived ? 1 : 0) },
  },
};
