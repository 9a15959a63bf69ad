import { recipesProjection } from './recipes.projection';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';

describe('recipes projection', () => {
  const id = '0b7f3c1e-5d2a-4a51-9a8e-3c2f1d0e9b71';
  const fields = { name: 'Pasta e ceci', ingredients: [{ foodId: 'studio-1', grams: 320 }], cooking: { yieldFactor: 2.4 }, portions: { count: 4 }, note: '' };

  it('keeps the recipe as last written, when it was created and whether it is archived', () => {
    const docs = fold(recipesProjection, [
      recorded(`recipe-${id}`, 'RecipeCreated', { recipeId: id, ...fields, copiedFrom: 'a1' }, '2030-03-04T10:00:00.000Z'),
      recorded(`recipe-${id}`, 'RecipeUpdated', { recipeId: id, ...fields, name: 'Pasta e ceci alla romana' }, '2030-03-05T10:00:00.000Z'),
    ]);
    expect(docs.get(id)).toEqual({
      id,
      ...fields,
      name: 'Pasta e ceci alla romana',
      archived: false,
      copiedFrom: 'a1',
      createdAt: '2030-03-04T10:00:00.000Z',
      updatedAt: '2030-03-05T10:00:00.000Z',
    });
    expect(recipesProjection.indexes.archived.value(docs.get(id)!)).toBe(0);
    const archived = fold(recipesProjection, [
      recorded(`recipe-${id}`, 'RecipeCreated', { recipeId: id, ...fields }, '2030-03-04T10:00:00.000Z'),
      recorded(`recipe-${id}`, 'RecipeArchived', { recipeId: id }, '2030-03-06T10:00:00.000Z'),
    ]);
    expect(archived.get(id)).toMatchObject({ archived: true, copiedFrom: null, updatedAt: '2030-03-06T10:00:00.000Z' });
    expect(recipesProjection.indexes.archived.value(archived.get(id)!)).toBe(1);
  });
});
