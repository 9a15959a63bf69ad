import { StreamCommand, handlersOf } from '../../../platform/event-store/decide';
import { recipeDecider, type RecipeCommand, type RecipeEvent } from './recipe.decider';

// the recipe book's commands on the CommandBus

export class CreateRecipe extends StreamCommand<RecipeCommand & { type: 'CreateRecipe' }, RecipeEvent> {}

export class UpdateRecipe extends StreamCommand<RecipeCommand & { type: 'UpdateRecipe' }, RecipeEvent> {}

export class ArchiveRecipe extends StreamCommand<RecipeCommand & { type: 'ArchiveRecipe' }, RecipeEvent> {}

export const recipeCommandHandlers = [
  ...handlersOf(recipeDecider, [CreateRecipe, UpdateRecipe, ArchiveRecipe], {
    conflictMessage: 'La ricetta è stata modificata da qualcun altro nel frattempo: ricarica e riprova.',
  }),
];
