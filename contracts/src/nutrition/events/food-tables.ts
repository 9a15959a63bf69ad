// Events of `foodtable-<source>` (foodtable-ciqual, foodtable-svizzera): the publishers' tables, imported as versions;
// and of `foodsourcepreference-practice`: which of them the practice prefers.
import { z } from '../../platform/zod-it';
import { FOOD_SOURCES, NUTRIENT_TAGS, type CatalogueFoodId, type NutrientTag } from '../catalogue';

const NutrientValueSchema = z.union([
  z.object({ value: z.number(), flag: z.enum(['traces', 'lt']).optional() }),
  z.object({ value: z.null(), flag: z.literal('missing') }),
]);
/** a catalogue food as an import records it (the shape of CatalogueFood) */
export const CatalogueFoodSchema = z.object({
  id: z.custom<CatalogueFoodId>((id) => typeof id === 'string' && /^[a-z]+-[A-Za-z0-9_-]{1,64}$/.test(id)),
  name: z.string(),
  synonyms: z.array(z.string()),
  source: z.enum(FOOD_SOURCES),
  code: z.string(),
  group: z.string(),
  per: z.enum(['100g', '100ml']),
  density: z.number().nullable(),
  version: z.string(),
  baseWeight: z.number(),
  basic: z.boolean(),
  nutrients: z.partialRecord(z.enum(NUTRIENT_TAGS as [NutrientTag, ...NutrientTag[]]), NutrientValueSchema),
});
const ImportedSource = z.enum(['ciqual', 'svizzera']);

/**
 * on `foodtable-<source>`: part of an import's foods (a few hundred), appended before the import's closing
 * FoodTableImported; a read model shows a version only once that closing event is there
 */
export const FoodTableChunkImported = z.object({
  importId: z.string(),
  source: ImportedSource,
  version: z.string(),
  /** 0, 1, … in the order appended */
  chunk: z.number().int().min(0),
  foods: z.array(CatalogueFoodSchema),
});

/** on `foodtable-<source>`: an import is complete; its foods are the chunks of the same importId before it */
export const FoodTableImported = z.object({
  importId: z.string(),
  source: ImportedSource,
  version: z.string(),
  /** the publisher's files, as read */
  files: z.array(z.object({ name: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  /** how many foods and chunks the import holds */
  foods: z.number().int().min(0),
  chunks: z.number().int().min(0),
  /** every food id of this import (the read model promotes them), and those of the previous version it no longer has */
  foodIds: z.array(z.string()),
  removedIds: z.array(z.string()),
  at: z.string(),
});

/**
 * on `foodsourcepreference-practice`: the table the practice prefers; where both tables have the same food, its
 * food comes first (null: no preference)
 */
export const PreferredFoodSourceSet = z.object({ source: ImportedSource.nullable(), at: z.string() });

/** these streams' events, for the catalogue (../../event-catalogue.ts) */
export const FoodTableEventSchemas = { FoodTableChunkImported, FoodTableImported, PreferredFoodSourceSet } as const;
