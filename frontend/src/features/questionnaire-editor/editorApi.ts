import type { QuestionnaireRequest, QuestionnaireView } from '@studio/contracts';
import { api } from '../../lib/api';

/** the doctors' side of /api/questionnaires: their definitions and a new one */
export const editorApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDoctorQuestionnaires: build.query<QuestionnaireView[], string>({
      query: (doctorId) => ({ url: '/api/questionnaires', params: { doctor: doctorId } }),
      providesTags: (_result, _error, doctorId) => [{ type: 'Questionnaires', id: doctorId }],
    }),
    defineQuestionnaire: build.mutation<{ id: string }, QuestionnaireRequest>({
      query: (body) => ({ url: '/api/questionnaires', method: 'POST', body }),
    }),
  }),
});

export const { useListDoctorQuestionnairesQuery, useDefineQuestionnaireMutation } = editorApi;
