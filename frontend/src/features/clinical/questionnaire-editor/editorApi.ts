import type { QuestionnaireRequest, QuestionnaireRevisionRequest, QuestionnaireView, VisitTypeView } from '@studio/contracts';
import { api } from '../../../lib/api';

/** the doctors' side of /api/questionnaires: their definitions, a new one, a new version, on/off, deletion */
export const editorApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDoctorQuestionnaires: build.query<QuestionnaireView[], string>({
      query: (doctorId) => ({ url: '/api/questionnaires', params: { doctor: doctorId } }),
      providesTags: (_result, _error, doctorId) => [{ type: 'Questionnaires', id: doctorId }],
    }),
    defineQuestionnaire: build.mutation<{ id: string }, QuestionnaireRequest>({
      query: (body) => ({ url: '/api/questionnaires', method: 'POST', body }),
    }),
    reviseQuestionnaire: build.mutation<QuestionnaireView, { id: string; body: QuestionnaireRevisionRequest }>({
      query: ({ id, body }) => ({ url: `/api/questionnaires/${id}`, method: 'PUT', body }),
    }),
    setQuestionnaireActive: build.mutation<QuestionnaireView, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: `/api/questionnaires/${id}/active`, method: 'PUT', body: { active } }),
    }),
    deleteQuestionnaire: build.mutation<void, string>({
      query: (id) => ({ url: `/api/questionnaires/${id}`, method: 'DELETE' }),
    }),
    /** the doctor's visit types, archived too: which of them names each questionnaire */
    listQuestionnaireVisitTypes: build.query<VisitTypeView[], string>({
      query: (doctorId) => ({ url: `/api/doctors/${doctorId}/visit-types`, params: { all: '1' } }),
    }),
  }),
});

export const {
  useListDoctorQuestionnairesQuery,
  useDefineQuestionnaireMutation,
  useReviseQuestionnaireMutation,
  useSetQuestionnaireActiveMutation,
  useDeleteQuestionnaireMutation,
  useListQuestionnaireVisitTypesQuery,
} = editorApi;
