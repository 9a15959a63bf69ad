import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  catalogueFoodId,
  parseCatalogueFoodId,
  type CatalogueFood,
  type EventMetadata,
  type FoodSource,
  type ImportedFoodSource,
  type PreferredFoodSourceView,
} from '@studio/contracts';
import { NotFoundError } from '../../../platform/common/errors';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { FOOD_NOT_FOUND } from './food.decider';
import { FoodSearchIndex } from './food-search';
import type { FoodCategoryDoc, FoodDoc } from './foods.projection';
import { catalogueFoodsReadModel, foodCategoriesReadModel, foodSourcePreferenceReadModel, foodsReadModel } from './read-models';
import { preferredFirst } from './preferred-source';
import { SetPreferredFoodSource } from './food-tables.commands';
import { FOOD_SOURCE_PREFERENCE_STREAM } from './food-source-preference.decider';

const byName = new Intl.Collator('it');
/** the read models whose change makes the catalogue load again */
const CATALOGUE_READ_MODELS = new Set([catalogueFoodsReadModel.name, foodsReadModel.name, foodCategoriesReadModel.name, foodSourcePreferenceReadModel.name]);

/** a practice's food as a catalogue food: its four values, every other nutrient absent (missing) */
export function studioCatalogueFood(food: FoodDoc, categoryName: string): CatalogueFood {
  return {
    id: catalogueFoodId('studio', food.id),
    name: food.name,
    synonyms: [],
    source: 'studio',
    code: String(food.id),
    group: categoryName,
    per: '100g',
    density: null,
    version: food.updatedAt,
    baseWeight: food.baseWeight,
    basic: true,
    nutrients: {
      ENERC_KCAL: { value: food.kcal100 },
      PROCNT: { value: food.protein },
      CHOAVL: { value: food.carbohydrate },
      FAT: { value: food.fat },
    },
    ...(food.allergens ? { allergens: food.allergens } : {}),
  };
}

/**
 * Foods another feature adds to the catalogue (the recipe book's recipes), which the catalogue cannot import without a
 * cycle: computed from the catalogue's own foods, loaded again when one of `readModels` changes.
 */
export interface CatalogueFoodSource {
  readModels: readonly string[];
  foods(base: ReadonlyMap<string, CatalogueFood>): Promise<CatalogueFood[]>;
}

interface LoadedCatalogue {
  byId: Map<string, CatalogueFood>;
  base: Map<string, CatalogueFood>;
  index: FoodSearchIndex;
  foods: CatalogueFood[];
  preferred: ImportedFoodSource | null;
}

/**
 * The whole catalogue (the publishers' complete versions and the practice's own foods), held in memory with its
 * search index and loaded again when one of its read models changes.
 */
@Injectable()
export class FoodCatalogueService implements OnModuleDestroy {
  private loaded: Promise<LoadedCatalogue> | null = null;
  /** bumped by every change: a load that started before one is not kept */
  private generation = 0;
  private readonly offChanges: () => void;
  private readonly sources: CatalogueFoodSource[] = [];

  constructor(private readonly kernel: KernelPorts) {
    this.offChanges = kernel.changes.onChange((changes) => {
      if (changes.some((c) => CATALOGUE_READ_MODELS.has(c.projection) || this.sources.some((s) => s.readModels.includes(c.projection)))) this.invalidate();
    });
  }

  /** another feature's foods in the catalogue, searched and looked up like the others */
  addSource(source: CatalogueFoodSource): void {
    this.sources.push(source);
    this.invalidate();
  }

  /** the foods of the tables and of the practice, without the added sources: what a recipe's ingredients are */
  async baseFood(id: string): Promise<CatalogueFood | null> {
    return (await this.catalogue()).base.get(id) ?? null;
  }

  onModuleDestroy(): void {
    this.offChanges();
  }

  invalidate(): void {
    this.generation++;
    this.loaded = null;
  }

  /** the foods matching `q` (the search), or the first ones of a source when there is no query */
  async search(q: string | undefined, options: { limit: number; source?: FoodSource }): Promise<CatalogueFood[]> {
    const catalogue = await this.catalogue();
    const found = q?.trim()
      ? catalogue.index.search(q, options)
      : catalogue.foods.filter((f) => !options.source || f.source === options.source).slice(0, options.limit);
    return preferredFirst(found, catalogue.preferred);
  }

  /** the table whose food comes first where both have it */
  async preference(): Promise<PreferredFoodSourceView> {
    return { source: (await this.catalogue()).preferred };
  }

  async setPreference(source: ImportedFoodSource | null, metadata: EventMetadata): Promise<PreferredFoodSourceView> {
    const { position } = await this.kernel.commands.execute<SetPreferredFoodSource, { position: number | null }>(
      new SetPreferredFoodSource(FOOD_SOURCE_PREFERENCE_STREAM, { type: 'SetPreferredFoodSource', source, at: metadata.at }, metadata),
    );
    if (position) await this.kernel.changes.waitFor(position);
    this.invalidate();
    return { source };
  }

  /** one food by its id (`ciqual-20047`), or 404 */
  async food(id: string): Promise<CatalogueFood> {
    const parsed = parseCatalogueFoodId(id);
    const found = parsed && (await this.byCode(parsed.source, parsed.code));
    if (!found) throw new NotFoundError(FOOD_NOT_FOUND, 'alimento_non_trovato');
    return found;
  }

  /** one food by its code in its table, or null */
  async byCode(source: FoodSource, code: string): Promise<CatalogueFood | null> {
    return (await this.catalogue()).byId.get(catalogueFoodId(source, code)) ?? null;
  }

  /** every food of the catalogue, basic foods first, then by name */
  async foods(): Promise<CatalogueFood[]> {
    return (await this.catalogue()).foods;
  }

  private catalogue(): Promise<LoadedCatalogue> {
    if (this.loaded) return this.loaded;
    const generation = this.generation;
    const loading = this.load();
    this.loaded = loading;
    loading.then(
      () => {
        if (generation !== this.generation && this.loaded === loading) this.loaded = null;
      },
      () => {
        if (this.loaded === loading) this.loaded = null;
      },
    );
    return loading;
  }

  private async load(): Promise<LoadedCatalogue> {
    const readModels = this.kernel.readModels;
    const [tables, studio, categories, preference] = await Promise.all([
      catalogueFoodsReadModel.find(readModels, { visible: 1 }),
      foodsReadModel.find(readModels, {}),
      foodCategoriesReadModel.find(readModels, {}),
      foodSourcePreferenceReadModel.get(readModels, 'practice'),
    ]);
    const categoryNames = new Map(categories.map(({ doc }: { doc: FoodCategoryDoc }) => [doc.id, doc.name]));
    const baseFoods = [
      ...tables.flatMap(({ doc }) => (doc.food ? [doc.food] : [])),
      ...studio.map(({ doc }) => studioCatalogueFood(doc, categoryNames.get(doc.categoryId) ?? '')),
    ];
    const base = new Map(baseFoods.map((f) => [f.id, f]));
    const added = (await Promise.all(this.sources.map((s) => s.foods(base)))).flat();
    const foods = [...baseFoods, ...added].sort((a, b) => Number(b.basic) - Number(a.basic) || byName.compare(a.name, b.name));
    return { foods, base, byId: new Map(foods.map((f) => [f.id, f])), index: new FoodSearchIndex(foods), preferred: preference?.doc.source ?? null };
  }
}
