import type { WaitingListEntryView } from '@studio/contracts';
import { api } from '../../../lib/api';

export const myWaitingListApi = api.injectEndpoints({
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
        if (answered) void dispatch(myWaitingListApi.util.upsertQueryData('getMyWaitingList', undefined, answered.data));
      },
    }),
  }),
});

export const { useGetMyWaitingListQuery, useLeaveWaitingListMutation } = myWaitingListApi;
