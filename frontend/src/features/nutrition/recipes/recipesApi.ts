import {
  catalogueFoodId,
  type CatalogueFood,
  type FoodSearchAnswer,
  type FoodView,
  type RecipeRequest,
  type RecipeSummary,
  type RecipeView,
} from '@studio/contracts';
import { api } from '../../../lib/api';

const recipesTagged = api.enhanceEndpoints({ addTagTypes: ['Recipes'] });

/** a food found for an ingredient: what the form needs of it */
export type FoundFood = Pick<CatalogueFood, 'id' | 'name' | 'source' | 'group'>;

/**
 * GET /api/foods?q= answers { items } with the catalogue's foods (CIQUAL, the Swiss table, the practice's own); an
 * older server answers the practice's foods as a plain list, which is read here the same way (ids `studio-<id>`).
 */
export function foundFoods(answer: FoodSearchAnswer | FoodView[], q: string): FoundFood[] {
  if (!Array.isArray(answer)) return answer.items.map(({ id, name, source, group }) => ({ id, name, source, group }));
  const words = q.toLocaleLowerCase('it').split(/\s+/).filter(Boolean);
  return answer
    .filter((f) => words.every((w) => f.name.toLocaleLowerCase('it').includes(w)))
    .slice(0, 20)
    .map((f) => ({ id: catalogueFoodId('studio', f.id), name: f.name, source: 'studio' as const, group: f.categoryName }));
}

/** the recipe book: list, one recipe with its composition, create, update, copy; and the food search of the form */
export const recipesApi = recipesTagged.injectEndpoints({
  endpoints: (build) => ({
    listRecipes: build.query<RecipeSummary[], string>({
      query: (q) => ({ url: '/api/recipes', params: q ? { q } : undefined }),
      providesTags: ['Recipes'],
    }),
    getRecipe: build.query<RecipeView, string>({
      query: (id) => ({ url: `/api/recipes/${encodeURIComponent(id)}` }),
      providesTags: (_r, _e, id) => [{ type: 'Recipes', id }],
    }),
    saveRecipe: build.mutation<RecipeView, { id?: string; recipe: RecipeRequest }>({
      query: ({ id, recipe }) =>
        id ? { url: `/api/recipes/${encodeURIComponent(id)}`, method: 'PUT', body: recipe } : { url: '/api/recipes', method: 'POST', body: recipe },
      invalidatesTags: (_r, _e, { id }) => (id ? ['Recipes', { type: 'Recipes', id }] : ['Recipes']),
    }),
    copyRecipe: build.mutation<RecipeView, string>({
      query: (id) => ({ url: `/api/recipes/${encodeURIComponent(id)}/copy`, method: 'POST', body: {} }),
      invalidatesTags: ['Recipes'],
    }),
    searchFoods: build.query<FoundFood[], string>({
      query: (q) => ({ url: '/api/foods', params: { q, limit: 20 } }),
      transformResponse: (answer: FoodSearchAnswer | FoodView[], _meta, q) => foundFoods(answer, q),
    }),
  }),
});

export const { useListRecipesQuery, useGetRecipeQuery, useSaveRecipeMutation, useCopyRecipeMutation, useSearchFoodsQuery } = recipesApi;
