import type { ExternalCalendarRequest, ExternalCalendarSyncResult, ExternalCalendarView } from '@studio/contracts';
import { api } from '../../../lib/api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['ExternalCalendar', 'Availability'] });

/** a doctor's external calendar (CalDAV): connect, sync, disconnect; a sync changes the doctor's availability too */
export const externalCalendarApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getExternalCalendar: build.query<ExternalCalendarView, string>({
      query: (doctorId) => ({ url: `/api/doctors/${doctorId}/external-calendar` }),
      providesTags: (_result, _error, doctorId) => [{ type: 'ExternalCalendar', id: doctorId }],
    }),
    connectExternalCalendar: build.mutation<ExternalCalendarView, { doctorId: string; body: ExternalCalendarRequest }>({
      query: ({ doctorId, body }) => ({ url: `/api/doctors/${doctorId}/external-calendar`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { doctorId }) => [
        { type: 'ExternalCalendar', id: doctorId },
        { type: 'Availability', id: doctorId },
      ],
    }),
    syncExternalCalendar: build.mutation<ExternalCalendarSyncResult, string>({
      query: (doctorId) => ({ url: `/api/doctors/${doctorId}/external-calendar/sync`, method: 'POST' }),
      // a failed sync is recorded too (the page shows its reason)
      invalidatesTags: (_result, _error, doctorId) => [
        { type: 'ExternalCalendar', id: doctorId },
        { type: 'Availability', id: doctorId },
      ],
    }),
    disconnectExternalCalendar: build.mutation<ExternalCalendarView, string>({
      query: (doctorId) => ({ url: `/api/doctors/${doctorId}/external-calendar`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, doctorId) => [
        { type: 'ExternalCalendar', id: doctorId },
        { type: 'Availability', id: doctorId },
      ],
    }),
  }),
});

export const { useGetExternalCalendarQuery, useConnectExternalCalendarMutation, useSyncExternalCalendarMutation, useDisconnectExternalCalendarMutation } =
  externalCalendarApi;
