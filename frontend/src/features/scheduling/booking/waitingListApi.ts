import type { WaitingListEntryView } from '@studio/contracts';
import { api } from '../../../lib/api';

/** POST /api/waiting-list: wait for a freed hour of that doctor between two days */
export const waitingListApi = api.injectEndpoints({
  endpoints: (build) => ({
    joinWaitingList: build.mutation<WaitingListEntryView, { doctor_id: string; from: string; to: string }>({
      query: (body) => ({ url: '/api/waiting-list', method: 'POST', body }),
    }),
  }),
});

export const { useJoinWaitingListMutation } = waitingListApi;
