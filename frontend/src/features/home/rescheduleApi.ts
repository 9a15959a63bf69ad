/** the free hours of a doctor's day, for moving a visit (GET /disponibilita/query; types from contracts) */
import type { FreeSlot } from '@studio/contracts';
import { api } from '../../lib/api';

export const rescheduleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRescheduleHours: build.query<FreeSlot[], { doctorId: string; date: string }>({
      query: ({ doctorId, date }) => ({ url: '/disponibilita/query', params: { for: doctorId, date } }),
      providesTags: (_result, _error, { doctorId }) => [{ type: 'FreeSlots', id: doctorId }],
    }),
  }),
});

export const { useGetRescheduleHoursQuery } = rescheduleApi;
