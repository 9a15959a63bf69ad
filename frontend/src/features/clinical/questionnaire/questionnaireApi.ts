import type { Answers, QuestionnaireView } from '@studio/contracts';
import { api } from '../../../lib/api';

/** a questionnaire as GET /api/questionnaires?doctor= lists it (definedAt is not used here) */
export type Questionnaire = Pick<QuestionnaireView, 'id' | 'doctorId' | 'title' | 'questions'>;

export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** the questionnaires of one held booking (its visit type's active ones), or all those given by the doctor */
    getQuestionnaires: build.query<Questionnaire[], string | { doctorId: string; bookingId: string }>({
      query: (arg) =>
        typeof arg === 'string'
          ? { url: '/api/questionnaires', params: { doctor: arg } }
          : { url: '/api/questionnaires', params: { doctor: arg.doctorId, booking: arg.bookingId } },
      providesTags: (_result, _error, arg) => [{ type: 'Questionnaires', id: typeof arg === 'string' ? arg : arg.doctorId }],
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
