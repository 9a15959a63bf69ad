import type { PracticeInfo } from '@studio/contracts';
import { api } from './api';

/** the tag a change in /impostazioni invalidates: header, login page and titles follow at once */
export const PRACTICE_TAG = 'Practice';

/** GET /api/practice: the practice's name, logo, contacts and data controller (public) */
export const practiceApi = api.enhanceEndpoints({ addTagTypes: [PRACTICE_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getPractice: build.query<PracticeInfo, void>({
      query: () => ({ url: '/api/practice' }),
      providesTags: [PRACTICE_TAG],
    }),
  }),
});

export const { useGetPracticeQuery } = practiceApi;
