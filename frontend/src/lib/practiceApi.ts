import type { PracticeInfo } from '@studio/contracts';
import { api } from './api';

/** GET /api/practice: the practice's name, logo and specialty (public) */
export const practiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPractice: build.query<PracticeInfo, void>({
      query: () => ({ url: '/api/practice' }),
    }),
  }),
});

export const { useGetPracticeQuery } = practiceApi;
