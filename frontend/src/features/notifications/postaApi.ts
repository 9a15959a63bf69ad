import type { LocalMailView } from '@studio/contracts';
import { api } from '../../lib/api';

/** GET /api/posta: the local outbox (admin; no SMTP_URL, outside production) */
export const postaApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLocalMail: build.query<LocalMailView[], void>({
      query: () => ({ url: '/api/posta' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetLocalMailQuery } = postaApi;
