import type {
  DietFromAnswer,
  DietFromRequest,
  DietRevisionView,
  DietTemplateRequest,
  DietTemplateView,
  EquivalenceListRequest,
  EquivalenceListView,
  FoodSearchAnswer,
  ShoppingList,
} from '@studio/contracts';
import { api } from '../../../lib/api';

export const planTagged = api.enhanceEndpoints({ addTagTypes: ['DietTemplates', 'DietRevisions', 'EquivalenceLists'] });

/** the weekly plan's calls: the catalogue search, templates, earlier plans, equivalence lists, shopping lists */
export const planApi = planTagged.injectEndpoints({
  endpoints: (build) => ({
    searchCatalogueFoods: build.query<FoodSearchAnswer, string>({
      query: (q) => ({ url: '/api/foods', params: { q, limit: 20 } }),
    }),
    getDietTemplates: build.query<DietTemplateView[], void>({
      query: () => ({ url: '/api/diet-templates' }),
      providesTags: ['DietTemplates'],
    }),
    saveDietTemplate: build.mutation<DietTemplateView, DietTemplateRequest>({
      query: (body) => ({ url: '/api/diet-templates', method: 'POST', body }),
      invalidatesTags: ['DietTemplates'],
    }),
    getDietRevisions: build.query<DietRevisionView[], string>({
      query: (patientId) => ({ url: `/api/patients/${patientId}/diet/revisions` }),
      providesTags: ['DietRevisions'],
    }),
    startDietFrom: build.mutation<DietFromAnswer, { patientId: string; from: DietFromRequest }>({
      query: ({ patientId, from }) => ({ url: `/api/patients/${patientId}/diet/from`, method: 'POST', body: from }),
    }),
    getEquivalenceLists: build.query<EquivalenceListView[], void>({
      query: () => ({ url: '/api/equivalence-lists' }),
      providesTags: ['EquivalenceLists'],
    }),
    saveEquivalenceList: build.mutation<EquivalenceListView, { id: string | null; list: EquivalenceListRequest }>({
      query: ({ id, list }) =>
        id ? { url: `/api/equivalence-lists/${id}`, method: 'PUT', body: list } : { url: '/api/equivalence-lists', method: 'POST', body: list },
      invalidatesTags: ['EquivalenceLists'],
    }),
    getMyShoppingList: build.query<{ list: ShoppingList | null }, void>({
      query: () => ({ url: '/api/me/diet/shopping-list' }),
    }),
  }),
});

export const {
  useLazySearchCatalogueFoodsQuery,
  useGetDietTemplatesQuery,
  useSaveDietTemplateMutation,
  useGetDietRevisionsQuery,
  useStartDietFromMutation,
  useGetEquivalenceListsQuery,
  useSaveEquivalenceListMutation,
  useGetMyShoppingListQuery,
} = planApi;
