import type { RecipeFields } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { recipeDecider } from './recipe.decider';

describe('recipe decider (recipe-<id>)', () => {
  const given = deciderSpec(recipeDecider);
  const recipeId = '0b7f3c1e-5d2a-4a51-9a8e-3c2f1d0e9b71';
  const recipe: RecipeFields = {
    name: 'Pasta e ceci',
    ingredients: [
      { foodId: 'studio-1', grams: 320 },
      { foodId: 'ciqual-20503', grams: 400 },
    ],
    cooking: { cookedWeight: 1100 },
    portions: { count: 4 },
    note: '',
  };
  const created = { type: 'RecipeCreated' as const, data: { recipeId, ...recipe } };

  it('creates a recipe once, and a copy says where it comes from', () => {
    given([]).when({ type: 'CreateRecipe', recipeId, recipe }).then([created]);
    given([created]).when({ type: 'CreateRecipe', recipeId, recipe }).thenThrows('ricetta_esistente');
    given([])
      .when({ type: 'CreateRecipe', recipeId, recipe, copiedFrom: 'f00d' })
      .then([{ type: 'RecipeCreated', data: { ...created.data, copiedFrom: 'f00d' } }]);
  });

  it('updates the whole recipe only when something changed', () => {
    given([created]).when({ type: 'UpdateRecipe', recipeId, recipe }).then([]);
    const changed = { ...recipe, portions: { grams: 250 } };
    given([created])
      .when({ type: 'UpdateRecipe', recipeId, recipe: changed })
      .then([{ type: 'RecipeUpdated', data: { recipeId, ...changed } }]);
    given([]).when({ type: 'UpdateRecipe', recipeId, recipe }).thenThrows('ricetta_non_trovata');
  });

  it('archives once; an archived recipe is copied, not changed', () => {
    const archived = { type: 'RecipeArchived' as const, data: { recipeId } };
    given([created]).when({ type: 'ArchiveRecipe', recipeId }).then([archived]);
    given([created, archived]).when({ type: 'ArchiveRecipe', recipeId }).then([]);
    given([created, archived])
      .when({ type: 'UpdateRecipe', recipeId, recipe: { ...recipe, name: 'Altro' } })
      .thenThrows('ricetta_archiviata');
    given([]).when({ type: 'ArchiveRecipe', recipeId }).thenThrows('ricetta_non_trovata');
  });
});
