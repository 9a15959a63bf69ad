import type { FoodCategoryRequest, FoodCategoryView, FoodImportResult, FoodRequest, FoodView } from '@studio/contracts';
import { api } from './api';

const catalogueApi = api.enhanceEndpoints({ addTagTypes: ['Foods'] });

/** the food catalogue: the foods page keeps it, the diet editor reads it for its selects */
export const foodsApi = catalogueApi.injectEndpoints({
  endpoints: (build) => ({
    getFoods: build.query<FoodView[], void>({
      query: () => ({ url: '/api/studio-foods' }),
      providesTags: ['Foods'],
    }),
    getFoodCategories: build.query<FoodCategoryView[], void>({
      query: () => ({ url: '/api/food-categories' }),
      providesTags: ['Foods'],
    }),
    saveFood: build.mutation<FoodView, { id?: number; food: FoodRequest }>({
      query: ({ id, food }) => (id ? { url: `/api/foods/${id}`, method: 'PUT', body: food } : { url: '/api/foods', method: 'POST', body: food }),
      invalidatesTags: ['Foods'],
    }),
    saveFoodCategory: build.mutation<FoodCategoryView, { id?: number; category: FoodCategoryRequest }>({
      query: ({ id, category }) =>
        id ? { url: `/api/food-categories/${id}`, method: 'PUT', body: category } : { url: '/api/food-categories', method: 'POST', body: category },
      invalidatesTags: ['Foods'],
    }),
    importFoods: build.mutation<FoodImportResult, string>({
      query: (csv) => ({ url: '/api/foods/import', method: 'POST', body: { csv } }),
      invalidatesTags: ['Foods'],
    }),
  }),
});

export const { useGetFoodsQuery, useGetFoodCategoriesQuery, useSaveFoodMutation, useSaveFoodCategoryMutation, useImportFoodsMutation } = foodsApi;
