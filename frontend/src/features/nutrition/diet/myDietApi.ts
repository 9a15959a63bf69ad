import type { DietView } from '@studio/contracts';
import { api } from '../../../lib/api';

/** the patient's own current diet */
export const myDietApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyDiet: build.query<{ diet: DietView | null }, void>({
      query: () => ({ url: '/api/me/diet' }),
    }),
  }),
});

export const { useGetMyDietQuery } = myDietApi;
