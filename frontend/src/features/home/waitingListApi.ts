import type { CalendarFeedView, WaitingListEntryView } from '@studio/contracts';
import { api } from '../../lib/api';

export const homeExtrasApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/me/waiting-list: the patient's places in line */
    getMyWaitingList: build.query<WaitingListEntryView[], void>({
      query: () => ({ url: '/api/me/waiting-list' }),
      keepUnusedDataFor: 0,
    }),
    /** DELETE /api/waiting-list/:id: answers the lines the patient is still in */
    leaveWaitingList: build.mutation<WaitingListEntryView[], string>({
      query: (id) => ({ url: `/api/waiting-list/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        // a refusal is shown by the list (the mutation's own error); the list is then read again
        const answered = await queryFulfilled.catch(() => null);
        if (answered) void dispatch(homeExtrasApi.util.upsertQueryData('getMyWaitingList', undefined, answered.data));
      },
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

export const {
  useGetMyWaitingListQuery,
  useLeaveWaitingListMutation,
  useGetCalendarFeedQuery,
  useRegenerateCalendarFeedMutation,
  useSetCalendarFeedNamesMutation,
} = homeExtrasApi;
