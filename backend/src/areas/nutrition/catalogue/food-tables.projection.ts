import { STREAM_PREFIX } from '@studio/contracts';
import type { CatalogueFood, ProjectionDefinition } from '@studio/contracts';

/**
 * A publisher's food, one document per food id. An import's chunks leave its foods pending; its closing
 * FoodTableImported promotes them, so a reader sees a version only when it is complete.
 */
export interface CatalogueFoodDoc {
  id: string;
  source: 'ciqual' | 'svizzera';
  /** the food in the latest complete import; null while its first import is still open */
  food: CatalogueFood | null;
  /** the food in an import not closed yet */
  pending: { importId: string; food: CatalogueFood } | null;
}

export const catalogueFoodsProjection: ProjectionDefinition<CatalogueFoodDoc, 'FoodTableChunkImported' | 'FoodTableImported'> = {
  name: 'catalogue_foods',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.foodTable],
  eventTypes: ['FoodTableChunkImported', 'FoodTableImported'],
  documentId: (event) => (event.type === 'FoodTableChunkImported' ? event.data.foods.map((f) => f.id) : [...event.data.foodIds, ...event.data.removedIds]),
  evolve(doc, event, id) {
    if (event.type === 'FoodTableChunkImported') {
      const food = event.data.foods.find((f) => f.id === id);
      if (!food) return doc;
      return { id: food.id, source: event.data.source, food: doc?.food ?? null, pending: { importId: event.data.importId, food } };
    }
    // a food the new version no longer has leaves the catalogue
    if (event.data.removedIds.includes(id!)) return null;
    if (!doc?.pending || doc.pending.importId !== event.data.importId) return doc;
    return { id: doc.id, source: doc.source, food: doc.pending.food, pending: null };
  },
  indexes: {
    source: { type: 'text', value: (d) => d.source },
    // 1: shown (a complete import has it)
    visible: { type: 'integer', value: (d) => (d.food ? 1 : 0) },
  },
};

/** one complete import of a publisher's table, for the imports' log */
export interface FoodTableImportDoc {
  importId: string;
  source: 'ciqual' | 'svizzera';
  version: string;
  importedAt: string;
  files: { name: string; sha256: string }[];
  foods: number;
  chunks: number;
  /** foods of the version before that this one no longer has */
  removed: number;
}

export const foodTableImportsProjection: ProjectionDefinition<FoodTableImportDoc, 'FoodTableImported'> = {
  name: 'food_table_imports',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.foodTable],
  eventTypes: ['FoodTableImported'],
  documentId: (event) => (event.type === 'FoodTableImported' ? event.data.importId : null),
  evolve(doc, event) {
    if (event.type !== 'FoodTableImported') return doc;
    const d = event.data;
    return {
      importId: d.importId,
      source: d.source,
      version: d.version,
      importedAt: d.at,
      files: d.files,
      foods: d.foods,
      chunks: d.chunks,
      removed: d.removedIds.length,
    };
  },
  indexes: {
    source: { type: 'text', value: (d) => d.source },
    imported_at: { type: 'text', value: (d) => d.importedAt },
  },
};

/** the practice's preferred table (one document, `practice`) */
export interface FoodSourcePreferenceDoc {
  source: 'ciqual' | 'svizzera' | null;
  updatedAt: string;
}

export const foodSourcePreferenceProjection: ProjectionDefinition<FoodSourcePreferenceDoc, 'PreferredFoodSourceSet'> = {
  name: 'food_source_preference',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.foodSourcePreference],
  eventTypes: ['PreferredFoodSourceSet'],
  documentId: () => 'practice',
  evolve: (_doc, event) => ({ source: event.data.source, updatedAt: event.data.at }),
  indexes: {},
};
