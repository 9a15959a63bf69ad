import type { DietTemplateView, DietView } from '@studio/contracts';
import { planTagged } from './planApi';

/** the editor's own calls on the library and the history (kept apart from planApi, which the patient's /home loads) */
export const libraryApi = planTagged.injectEndpoints({
  endpoints: (build) => ({
    renameDietTemplate: build.mutation<DietTemplateView, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `/api/diet-templates/${id}`, method: 'PUT', body: { name } }),
      invalidatesTags: ['DietTemplates'],
    }),
    deleteDietTemplate: build.mutation<void, string>({
      query: (id) => ({ url: `/api/diet-templates/${id}`, method: 'DELETE' }),
      invalidatesTags: ['DietTemplates'],
    }),
    deleteEquivalenceList: build.mutation<void, string>({
      query: (id) => ({ url: `/api/equivalence-lists/${id}`, method: 'DELETE' }),
      invalidatesTags: ['EquivalenceLists'],
    }),
    /** the plan in force on a day (read only) */
    getDietAt: build.query<DietView, { patientId: string; at: string }>({
      query: ({ patientId, at }) => ({ url: `/api/patients/${patientId}/diet`, params: { at } }),
    }),
  }),
});

export const { useRenameDietTemplateMutation, useDeleteDietTemplateMutation, useDeleteEquivalenceListMutation, useLazyGetDietAtQuery } = libraryApi;
