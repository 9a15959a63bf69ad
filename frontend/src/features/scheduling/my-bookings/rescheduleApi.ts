/** the free days and hours of a doctor, for moving a visit (GET /api/doctors/:id/days, GET /disponibilita/query; types from contracts) */
import type { FreeDay, FreeSlot } from '@studio/contracts';
import { api } from '../../../lib/api';

export interface RescheduleHoursArgs {
  doctorId: string;
  date: string;
  /** the booking's visit type: only the starts where the whole visit fits */
  visitTypeId?: string;
}

export const rescheduleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRescheduleHours: build.query<FreeSlot[], RescheduleHoursArgs>({
      query: ({ doctorId, date, visitTypeId }) => ({
        url: '/disponibilita/query',
        params: visitTypeId ? { for: doctorId, date, type: visitTypeId } : { for: doctorId, date },
      }),
      providesTags: (_result, _error, { doctorId }) => [{ type: 'FreeSlots', id: doctorId }],
    }),
    getRescheduleDays: build.query<FreeDay[], { doctorId: string; from: string; to: string; visitTypeId?: string }>({
      query: ({ doctorId, from, to, visitTypeId }) => ({
        url: `/api/doctors/${encodeURIComponent(doctorId)}/days`,
        params: visitTypeId ? { from, to, type: visitTypeId } : { from, to },
      }),
      providesTags: (_result, _error, { doctorId }) => [{ type: 'BookingDays', id: doctorId }],
    }),
  }),
});

export const { useGetRescheduleHoursQuery, useGetRescheduleDaysQuery } = rescheduleApi;
