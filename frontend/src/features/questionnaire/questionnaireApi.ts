import type { Answers, QuestionnaireView } from '@studio/contracts';
import { api } from '../../lib/api';

/** a questionnaire as GET /api/questionnaires?doctor= lists it (definedAt is not used here) */
export type Questionnaire = Pick<QuestionnaireView, 'id' | 'doctorId' | 'title' | 'questions'>;

export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuestionnaires: build.query<Questionnaire[], string>({
      query: (doctorId) => ({ url: '/api/questionnaires', params: { doctor: doctorId } }),
      providesTags: (_result, _error, doctorId) => [{ type: 'Questionnaires', id: doctorId }],
    }),
    submitAnswers: build.mutation<unknown, { questionnaireId: string; answers: Answers }>({
      query: ({ questionnaireId, answers }) => ({
        url: `/api/questionnaires/${encodeURIComponent(questionnaireId)}/answers`,
        method: 'POST',
        body: { answers },
      }),
    }),
  }),
});

export const { useGetQuestionnairesQuery, useSubmitAnswersMutation } = questionnaireApi;
