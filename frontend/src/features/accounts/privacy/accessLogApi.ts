import type { AccessLogEntry } from '@studio/contracts';
import { api } from '../../../lib/api';

/** GET /api/me/access-log: who read the patient's personal or health data, newest first */
export const accessLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyAccessLog: build.query<AccessLogEntry[], void>({
      query: () => ({ url: '/api/me/access-log' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetMyAccessLogQuery } = accessLogApi;
