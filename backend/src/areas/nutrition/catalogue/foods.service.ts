import { Injectable } from '@nestjs/common';
import {
  categoryAverageMacros,
  categoryIdOf,
  foodCategoryStreamName,
  foodStreamName,
  isCategoryItem,
  type CatalogueItem,
  type CategoryAnswer,
  type EventMetadata,
  type FoodCategoryRequest,
  type FoodCategoryView,
  type FoodImportResult,
  type FoodRequest,
  type FoodView,
  type Lookup,
} from '@studio/contracts';
import type { FoodCategoryDoc, FoodDoc } from './foods.projection';
import { AppError, NotFoundError } from '../../../platform/common/errors';
import { StaleRevisionError } from '../../../platform/event-store/command-handler';
import { type Ports } from '../../../platform/kernel/ports';
import { parseFoodCsv } from './food-csv';
import { foodCategoriesReadModel, foodsReadModel } from './read-models';
import { CATEGORY_NOT_FOUND, FOOD_NOT_FOUND } from './food.decider';
import { CreateFood, CreateFoodCategory, UpdateFood, UpdateFoodCategory } from './foods.commands';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

/** a new id that another request took first: try the next one, this many times at most */
const ID_TRIES = 20;

const categoryView = (d: FoodCategoryDoc): FoodCategoryView => ({ id: d.id, name: d.name, kcal100: d.kcal100, baseWeight: d.baseWeight });

/** the foods and categories, as lookups by select value */
export interface Catalogue {
  foods: FoodDoc[];
  categories: FoodCategoryDoc[];
  lookup: Lookup;
}

type FoodWrite = CreateFood | UpdateFood | CreateFoodCategory | UpdateFoodCategory;

@Injectable()
export class FoodsService {
  private readonly readModels: Ports['readModels'];

  constructor(private readonly kernel: KernelPorts) {
    this.readModels = kernel.readModels;
  }

  async categories(): Promise<FoodCategoryView[]> {
    const docs = await foodCategoriesReadModel.find(this.readModels, {});
    return docs.map((d) => categoryView(d.doc)).sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  async foods(): Promise<FoodView[]> {
    const { foods, categories } = await this.catalogue();
    const names = new Map(categories.map((c) => [c.id, c.name]));
    return foods.map(({ updatedAt: _u, ...f }) => ({ ...f, categoryName: names.get(f.categoryId) ?? '' })).sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  /** the categories endpoint (the category answer as specified): {id, kcal, base_weight} of the ids asked */
  async categoryAnswers(ids: number[]): Promise<CategoryAnswer[]> {
    const docs = await foodCategoriesReadModel.find(this.readModels, ids.length ? { category_id: { in: ids } } : {});
    return docs.map(({ doc }) => ({ id: doc.id, kcal: doc.kcal100, base_weight: doc.baseWeight })).sort((a, b) => a.id - b.id);
  }

  async catalogue(): Promise<Catalogue> {
    const [foods, categories] = await Promise.all([foodsReadModel.find(this.readModels, {}), foodCategoriesReadModel.find(this.readModels, {})]);
    const foodById = new Map(foods.map((f) => [f.doc.id, f.doc]));
    const categoryById = new Map(categories.map((c) => [c.doc.id, c.doc]));
    // a category row carries its foods' average macronutrients, as it carries their average kcal
    const macrosByCategory = new Map(
      categories.map((c) => [c.doc.id, categoryAverageMacros(foods.filter((f) => f.doc.categoryId === c.doc.id).map((f) => f.doc))]),
    );
    const lookup = (item: number): CatalogueItem | undefined => {
      if (isCategoryItem(item)) {
        const c = categoryById.get(categoryIdOf(item));
        const macros = c && macrosByCategory.get(c.id);
        return (
          c && {
            name: c.name,
            kcal100: c.kcal100,
            baseWeight: c.baseWeight,
            protein: macros?.protein ?? null,
            carbohydrate: macros?.carbohydrate ?? null,
            fat: macros?.fat ?? null,
          }
        );
      }
      const f = foodById.get(item);
      return f && { name: f.name, kcal100: f.kcal100, baseWeight: f.baseWeight, protein: f.protein, carbohydrate: f.carbohydrate, fat: f.fat };
    };
    return { foods: foods.map((f) => f.doc), categories: categories.map((c) => c.doc), lookup };
  }

  async createCategory(input: FoodCategoryRequest, metadata: EventMetadata): Promise<FoodCategoryView> {
    const id = await this.withNewId(
      'food_categories',
      'category_id',
      (categoryId) => new CreateFoodCategory(foodCategoryStreamName(categoryId), { type: 'CreateFoodCategory', categoryId, category: input }, metadata),
    );
    return this.category(id);
  }

  async updateCategory(categoryId: number, input: FoodCategoryRequest, metadata: EventMetadata): Promise<FoodCategoryView> {
    await this.run(new UpdateFoodCategory(foodCategoryStreamName(categoryId), { type: 'UpdateFoodCategory', categoryId, category: input }, metadata));
    return this.category(categoryId);
  }

  async createFood(input: FoodRequest, metadata: EventMetadata): Promise<FoodView> {
    const categoryExists = await this.categoryExists(input.categoryId);
    const id = await this.withNewId(
      'foods',
      'food_id',
      (foodId) => new CreateFood(foodStreamName(foodId), { type: 'CreateFood', foodId, food: input, categoryExists }, metadata),
    );
    return this.food(id);
  }

  async updateFood(foodId: number, input: FoodRequest, metadata: EventMetadata): Promise<FoodView> {
    const categoryExists = await this.categoryExists(input.categoryId);
    await this.run(new UpdateFood(foodStreamName(foodId), { type: 'UpdateFood', foodId, food: input, categoryExists }, metadata));
    return this.food(foodId);
  }

  /**
   * CSV import, all or nothing as far as the input goes: every row is checked (shape, category,
   * duplicates) before the first event is written. A food whose name is already in the catalogue
   * is updated, the others are created.
   */
  async importCsv(csv: string, metadata: EventMetadata): Promise<FoodImportResult> {
    const { foods, categories } = await this.catalogue();
    const byName = new Map(categories.map((c) => [c.name.toLowerCase(), c.id]));
    const rows = parseFoodCsv(csv, (name) => byName.get(name.trim().toLowerCase()));
    const existing = new Map(foods.map((f) => [f.name.toLowerCase(), f.id]));
    let created = 0;
    let updated = 0;
    for (const { food } of rows) {
      const id = existing.get(food.name.toLowerCase());
      if (id !== undefined) {
        await this.run(new UpdateFood(foodStreamName(id), { type: 'UpdateFood', foodId: id, food, categoryExists: true }, metadata));
        updated++;
      } else {
        await this.withNewId(
          'foods',
          'food_id',
          (foodId) => new CreateFood(foodStreamName(foodId), { type: 'CreateFood', foodId, food, categoryExists: true }, metadata),
        );
        created++;
      }
    }
    return { created, updated };
  }

  private async categoryExists(id: number): Promise<boolean> {
    return (await foodCategoriesReadModel.get(this.readModels, String(id))) !== null;
  }

  private async category(id: number): Promise<FoodCategoryView> {
    const found = await foodCategoriesReadModel.get(this.readModels, String(id));
    if (!found) throw new NotFoundError(CATEGORY_NOT_FOUND, 'categoria_non_trovata');
    return categoryView(found.doc);
  }

  private async food(id: number): Promise<FoodView> {
    const found = (await this.foods()).find((f) => f.id === id);
    if (!found) throw new NotFoundError(FOOD_NOT_FOUND, 'alimento_non_trovato');
    return found;
  }

  /**
   * Ids are small integers (a select's value above 100000 means a category): the next one after
   * the highest known; a create that finds its stream taken (a concurrent create) takes the next.
   */
  private async withNewId(collection: string, column: string, command: (id: number) => FoodWrite): Promise<number> {
    const [last] = await this.readModels.find<{ id: number }>(collection, {}, { orderBy: [{ column, direction: 'desc' }], limit: 1 });
    let id = (last?.doc.id ?? 0) + 1;
    for (let i = 1; ; i++, id++) {
      try {
        await this.run(command(id));
        return id;
      } catch (error) {
        const taken = error instanceof StaleRevisionError || (error instanceof AppError && /_esistente$/.test(error.code));
        if (!taken || i >= ID_TRIES) throw error;
      }
    }
  }

  /** a food's or a category's command on the bus, answered once the read model holds it */
  private async run(command: FoodWrite): Promise<void> {
    const { position } = await this.kernel.commands.execute<FoodWrite, { position: number | null }>(command);
    if (position) await this.kernel.changes.waitFor(position);
  }
}
