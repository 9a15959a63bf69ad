import type { EventData, RecipeFields } from '@studio/contracts';
import { ConflictError, NotFoundError } from '../../../platform/common/errors';

// `recipe-<id>`: a recipe of the practice's recipe book. The request is checked by its zod schema before it gets
// here; the decider keeps the life of the stream (created once, updated whole, archived).

export type RecipeEvent =
  | { type: 'RecipeCreated'; data: EventData<'RecipeCreated'> }
  | { type: 'RecipeUpdated'; data: EventData<'RecipeUpdated'> }
  | { type: 'RecipeArchived'; data: EventData<'RecipeArchived'> };

export type RecipeState = { status: 'none' } | { status: 'exists' | 'archived'; recipe: RecipeFields };

export type RecipeCommand =
  | { type: 'CreateRecipe'; recipeId: string; recipe: RecipeFields; copiedFrom?: string }
  | { type: 'UpdateRecipe'; recipeId: string; recipe: RecipeFields }
  | { type: 'ArchiveRecipe'; recipeId: string };

export const RECIPE_NOT_FOUND = 'Ricetta non trovata.';

const fieldsOf = (data: EventData<'RecipeUpdated'>): RecipeFields => ({
  name: data.name,
  ingredients: data.ingredients.map((i) => ({ foodId: i.foodId as RecipeFields['ingredients'][number]['foodId'], grams: i.grams })),
  cooking: data.cooking,
  portions: data.portions,
  note: data.note,
});

const same = (a: RecipeFields, b: RecipeFields) => JSON.stringify(a) === JSON.stringify(b);

export const recipeDecider = {
  initialState: (): RecipeState => ({ status: 'none' }),
  evolve(state: RecipeState, event: RecipeEvent): RecipeState {
    switch (event.type) {
      case 'RecipeCreated': {
        const { copiedFrom: _c, ...data } = event.data;
        return { status: 'exists', recipe: fieldsOf(data) };
      }
      case 'RecipeUpdated':
        return { status: state.status === 'archived' ? 'archived' : 'exists', recipe: fieldsOf(event.data) };
      case 'RecipeArchived':
        return state.status === 'none' ? state : { ...state, status: 'archived' };
    }
  },
  decide(command: RecipeCommand, state: RecipeState): RecipeEvent[] {
    const { recipeId } = command;
    if (command.type === 'CreateRecipe') {
      if (state.status !== 'none') throw new ConflictError('Questa ricetta esiste già.', 'ricetta_esistente');
      const data = { recipeId, ...command.recipe, ...(command.copiedFrom ? { copiedFrom: command.copiedFrom } : {}) };
      return [{ type: 'RecipeCreated', data }];
    }
    if (state.status === 'none') throw new NotFoundError(RECIPE_NOT_FOUND, 'ricetta_non_trovata');
    if (command.type === 'ArchiveRecipe') return state.status === 'archived' ? [] : [{ type: 'RecipeArchived', data: { recipeId } }];
    if (state.status === 'archived') throw new ConflictError('La ricetta è archiviata: copiala per modificarla.', 'ricetta_archiviata');
    return same(state.recipe, command.recipe) ? [] : [{ type: 'RecipeUpdated', data: { recipeId, ...command.recipe } }];
  },
};
