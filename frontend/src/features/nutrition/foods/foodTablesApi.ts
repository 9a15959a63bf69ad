import type { FoodTableImportView, ImportedFoodSource, PreferredFoodSourceView } from '@studio/contracts';
import { api } from '../../../lib/api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['FoodSourcePreference'] });

/** the publishers' tables imported on this server (the imports' log), and the practice's preferred one */
export const foodTablesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getFoodTables: build.query<FoodTableImportView[], void>({
      query: () => ({ url: '/api/food-tables' }),
    }),
    getPreferredFoodSource: build.query<PreferredFoodSourceView, void>({
      query: () => ({ url: '/api/food-tables/preference' }),
      providesTags: ['FoodSourcePreference'],
    }),
    setPreferredFoodSource: build.mutation<PreferredFoodSourceView, ImportedFoodSource | null>({
      query: (source) => ({ url: '/api/food-tables/preference', method: 'PUT', body: { source } }),
      invalidatesTags: ['FoodSourcePreference'],
    }),
  }),
});

export const { useGetFoodTablesQuery, useGetPreferredFoodSourceQuery, useSetPreferredFoodSourceMutation } = foodTablesApi;
