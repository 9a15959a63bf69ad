import { useCallback } from 'react';
import { useAppDispatch } from '../../../lib/hooks';
import type { CategoryAnswer, DietPatient, DietSaveBody, DietView, Meal, MealSummary, Weekday } from '@studio/contracts';
import { api } from '../../../lib/api';

const dietTagged = api.enhanceEndpoints({ addTagTypes: ['Diet', 'DietPatients'] });

/** the editor's paths (hidden inputs calculate_url, categories_url, calculate_meal_url) */
export const DIET_URLS = {
  calculate: '/api/diet-tools/calculate',
  categories: '/api/diet-tools/categories',
  calculateMeal: (meal: Meal) => `/api/diet-tools/calculate/${meal}`,
  diet: (patientId: string) => `/api/patients/${patientId}/diet`,
  mealCells: (patientId: string, meal: Meal) => `/api/patients/${patientId}/diet/meals/${meal}`,
  /** the saved diet as a PDF (a download) */
  pdf: (patientId: string) => `/api/patients/${patientId}/diet.pdf`,
  send: (patientId: string) => `/api/patients/${patientId}/diet/send`,
};

export const dietApi = dietTagged.injectEndpoints({
  endpoints: (build) => ({
    getDietPatients: build.query<DietPatient[], void>({
      query: () => ({ url: '/api/diets/patients' }),
      providesTags: ['DietPatients'],
    }),
    getDiet: build.query<DietView, string>({
      query: (patientId) => ({ url: DIET_URLS.diet(patientId) }),
      providesTags: (_r, _e, patientId) => [{ type: 'Diet', id: patientId }],
    }),
    saveDiet: build.mutation<DietView, { patientId: string; diet: DietSaveBody }>({
      query: ({ patientId, diet }) => ({ url: DIET_URLS.diet(patientId), method: 'PUT', body: diet }),
      async onQueryStarted({ patientId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(dietApi.util.upsertQueryData('getDiet', patientId, data));
          dispatch(dietTagged.util.invalidateTags(['DietPatients']));
        } catch {
          /* the form shows the error */
        }
      },
    }),
    /** the editable cells of a meal summary: the answer is the meal's summary as stored */
    saveMealCells: build.mutation<MealSummary, { patientId: string; meal: Meal; grams: Record<string, string>; day?: Weekday }>({
      query: ({ patientId, meal, grams, day }) => ({ url: DIET_URLS.mealCells(patientId, meal), method: 'POST', body: day ? { grams, day } : { grams } }),
    }),
    /** "Invia al paziente": the outbox mails the patient a link to /home */
    sendDiet: build.mutation<{ sentAt: string }, string>({
      query: (patientId) => ({ url: DIET_URLS.send(patientId), method: 'POST', body: {} }),
    }),
    /** the categories endpoint: {id, kcal, base_weight} of a chosen category */
    lookupCategories: build.mutation<CategoryAnswer[], number[]>({
      query: (ids) => ({ url: DIET_URLS.categories, method: 'POST', body: { ids } }),
    }),
  }),
});

export const { useGetDietPatientsQuery, useGetDietQuery, useLazyGetDietQuery, useSaveDietMutation, useSaveMealCellsMutation, useLookupCategoriesMutation } =
  dietApi;
export const { useSendDietMutation } = dietApi;

/** a loader for the shared on-demand widgets (modal, popover): the diet as the server has it now */
export function useSavedDietLoader(): (patientId: string) => Promise<DietView> {
  const dispatch = useAppDispatch();
  return useCallback(
    (patientId: string) => dispatch(dietApi.endpoints.getDiet.initiate(patientId, { subscribe: false, forceRefetch: true })).unwrap(),
    [dispatch],
  );
}
