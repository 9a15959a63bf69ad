import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  recipeAsCatalogueFood,
  recipeComposition,
  recipeStreamName,
  type CatalogueFood,
  type EventMetadata,
  type RecipeFields,
  type RecipeSummary,
  type RecipeView,
} from '@studio/contracts';
import { NotFoundError } from '../../../platform/common/errors';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { FoodCatalogueService, normalizeText } from '../catalogue';
import { RecipeIngredientFoods, type IngredientFood } from './ingredient-foods';
import { RECIPE_NOT_FOUND } from './recipe.decider';
import { ArchiveRecipe, CreateRecipe, UpdateRecipe } from './recipes.commands';
import type { RecipeDoc } from './recipes.projection';
import { recipesReadModel } from './read-models';

type RecipeWrite = CreateRecipe | UpdateRecipe | ArchiveRecipe;

const NAME_MAX = 120;
const COPY_SUFFIX = ' (copia)';

const fieldsOf = (doc: RecipeDoc): RecipeFields => ({
  name: doc.name,
  ingredients: doc.ingredients.map((i) => ({ foodId: i.foodId as RecipeFields['ingredients'][number]['foodId'], grams: i.grams })),
  cooking: doc.cooking,
  portions: doc.portions,
  note: doc.note,
});

/** a recipe's composition from its ingredients' foods; an ingredient whose food is not found lacks every value */
function compositionOf(doc: RecipeDoc, foods: ReadonlyMap<string, IngredientFood>) {
  const items = doc.ingredients.map((i) => {
    const food = foods.get(i.foodId);
    return { grams: i.grams, nutrients: food?.nutrients ?? {}, per: food?.per ?? ('100g' as const), density: food?.density ?? null };
  });
  return recipeComposition(items, doc.cooking, doc.portions);
}

@Injectable()
export class RecipesService implements OnModuleInit {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly ingredientFoods: RecipeIngredientFoods,
    private readonly catalogue: FoodCatalogueService,
  ) {}

  /** the recipes in use join the catalogue as `ricetta-<id>`: searched and planned like any food */
  onModuleInit(): void {
    this.catalogue.addSource({ readModels: [recipesReadModel.name], foods: (base) => this.asCatalogueFoods(base) });
  }

  /** the recipe book's recipes in use whose name holds every word of `q`, by name */
  async list(q: string): Promise<RecipeSummary[]> {
    const words = normalizeText(q).split(/\s+/).filter(Boolean);
    const docs = await recipesReadModel.find(this.kernel.readModels, { archived: 0 });
    return docs
      .map((d) => d.doc)
      .filter((d) => words.every((w) => normalizeText(d.name).includes(w)))
      .sort((a, b) => a.name.localeCompare(b.name, 'it'))
      .map((d) => ({ id: d.id, name: d.name, ingredientCount: d.ingredients.length, updatedAt: d.updatedAt }));
  }

  /** one recipe, with its composition computed from the catalogue's foods as they are now */
  async get(id: string): Promise<RecipeView> {
    const doc = await this.doc(id);
    const foods = await this.ingredientFoods.find(doc.ingredients.map((i) => i.foodId));
    const composition = compositionOf(doc, foods);
    return {
      ...fieldsOf(doc),
      id: doc.id,
      ingredients: fieldsOf(doc).ingredients.map((i) => ({ ...i, foodName: foods.get(i.foodId)?.name ?? null })),
      archived: doc.archived,
      updatedAt: doc.updatedAt,
      composition,
    };
  }

  /** the recipes in use as catalogue foods (values per 100 g of cooked dish), computed from the catalogue's own foods */
  async asCatalogueFoods(base: ReadonlyMap<string, IngredientFood>): Promise<CatalogueFood[]> {
    const docs = await recipesReadModel.find(this.kernel.readModels, { archived: 0 });
    return docs.map(({ doc }) => recipeAsCatalogueFood({ id: doc.id, name: doc.name, version: doc.updatedAt }, compositionOf(doc, base)));
  }

  async create(input: RecipeFields, metadata: EventMetadata): Promise<RecipeView> {
    const recipeId = randomUUID();
    await this.run(new CreateRecipe(recipeStreamName(recipeId), { type: 'CreateRecipe', recipeId, recipe: input }, metadata));
    return this.get(recipeId);
  }

  async update(recipeId: string, input: RecipeFields, metadata: EventMetadata): Promise<RecipeView> {
    await this.run(new UpdateRecipe(recipeStreamName(recipeId), { type: 'UpdateRecipe', recipeId, recipe: input }, metadata));
    return this.get(recipeId);
  }

  /** a new recipe with the same ingredients, named "… (copia)", to change without touching the original */
  async copy(sourceId: string, metadata: EventMetadata): Promise<RecipeView> {
    const source = fieldsOf(await this.doc(sourceId));
    const name = source.name.slice(0, NAME_MAX - COPY_SUFFIX.length).trimEnd() + COPY_SUFFIX;
    const recipeId = randomUUID();
    await this.run(
      new CreateRecipe(recipeStreamName(recipeId), { type: 'CreateRecipe', recipeId, recipe: { ...source, name }, copiedFrom: sourceId }, metadata),
    );
    return this.get(recipeId);
  }

  async archive(recipeId: string, metadata: EventMetadata): Promise<void> {
    await this.run(new ArchiveRecipe(recipeStreamName(recipeId), { type: 'ArchiveRecipe', recipeId }, metadata));
  }

  private async doc(id: string): Promise<RecipeDoc> {
    const found = await recipesReadModel.get(this.kernel.readModels, id);
    if (!found) throw new NotFoundError(RECIPE_NOT_FOUND, 'ricetta_non_trovata');
    return found.doc;
  }

  /** a recipe's command on the bus, answered once the read model holds it */
  private async run(command: RecipeWrite): Promise<void> {
    const { position } = await this.kernel.commands.execute<RecipeWrite, { position: number | null }>(command);
    if (position) await this.kernel.changes.waitFor(position);
  }
}
