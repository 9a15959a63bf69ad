import type { CalendarFeedView, WaitingListEntryView } from '@studio/contracts';
import { api } from '../../lib/api';

export const homeExtrasApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/me/waiting-list: the patient's places in line */
    getMyWaitingList: build.query<WaitingListEntryView[], void>({
      query: () => ({ url: '/api/me/waiting-list' }),
      keepUnusedDataFor: 0,
    }),
    /** GET /api/me/calendar-feed: the doctor's secret subscription URL */
    getCalendarFeed: build.query<CalendarFeedView, void>({
      query: () => ({ url: '/api/me/calendar-feed' }),
    }),
    regenerateCalendarFeed: build.mutation<CalendarFeedView, void>({
      query: () => ({ url: '/api/me/calendar-feed/regenerate', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(homeExtrasApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
    setCalendarFeedNames: build.mutation<CalendarFeedView, boolean>({
      query: (showPatientName) => ({ url: '/api/me/calendar-feed/settings', method: 'POST', body: { showPatientName } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(homeExtrasApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
  }),
});

export const { useGetMyWaitingListQuery, useGetCalendarFeedQuery, useRegenerateCalendarFeedMutation, useSetCalendarFeedNamesMutation } = homeExtrasApi;
