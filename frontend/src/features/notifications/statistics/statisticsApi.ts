import type { VisitStatistics } from '@studio/contracts';
import { api } from '../../../lib/api';

/** GET /api/statistics: visits, answers by text and no-shows (the front desk: all or one doctor; a doctor: their own) */
export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatistics: build.query<VisitStatistics, { from: string; to: string; compareAt?: string }>({
      query: ({ from, to, compareAt }) => ({ url: '/api/statistics', params: compareAt ? { from, to, compareAt } : { from, to } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetStatisticsQuery } = statisticsApi;
