import type { ErasureInfoView } from '@studio/contracts';
import { api } from '../../../lib/api';

/** the patient's erasure screen: what stays and why (GET /api/me/erasure), and the request (POST /api/me/erasure-request) */
export const erasureApi = api.injectEndpoints({
  endpoints: (build) => ({
    getErasureInfo: build.query<ErasureInfoView, void>({
      query: () => ({ url: '/api/me/erasure' }),
      keepUnusedDataFor: 0,
    }),
    requestErasure: build.mutation<ErasureInfoView, void>({
      query: () => ({ url: '/api/me/erasure-request', method: 'POST', body: {} }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(erasureApi.util.upsertQueryData('getErasureInfo', undefined, data));
      },
    }),
  }),
});

export const { useGetErasureInfoQuery, useRequestErasureMutation } = erasureApi;
