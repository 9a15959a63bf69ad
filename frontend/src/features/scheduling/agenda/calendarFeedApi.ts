import type { CalendarFeedView } from '@studio/contracts';
import { api } from '../../../lib/api';

export const calendarFeedApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/me/calendar-feed: the doctor's secret subscription URL */
    getCalendarFeed: build.query<CalendarFeedView, void>({
      query: () => ({ url: '/api/me/calendar-feed' }),
    }),
    regenerateCalendarFeed: build.mutation<CalendarFeedView, void>({
      query: () => ({ url: '/api/me/calendar-feed/regenerate', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
    setCalendarFeedNames: build.mutation<CalendarFeedView, boolean>({
      query: (showPatientName) => ({ url: '/api/me/calendar-feed/settings', method: 'POST', body: { showPatientName } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
  }),
});

export const { useGetCalendarFeedQuery, useRegenerateCalendarFeedMutation, useSetCalendarFeedNamesMutation } = calendarFeedApi;
