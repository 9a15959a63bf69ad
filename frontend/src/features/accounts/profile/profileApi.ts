import type { ChangePasswordRequest, ContactDetailsRequest, MyProfile, Role, SessionResponse } from '@studio/contracts';
import { api } from '../../../lib/api';
import { disconnectSharedSocket } from '../../../lib/socket';

const profileApi = api.enhanceEndpoints({ addTagTypes: ['Profile'] }).injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<MyProfile, void>({ query: () => ({ url: '/api/me/profile' }), providesTags: ['Profile'] }),
    saveProfile: build.mutation<MyProfile, ContactDetailsRequest>({
      query: (body) => ({ url: '/api/me/profile', method: 'PUT', body }),
      invalidatesTags: ['Profile'],
    }),
    resendConfirmation: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/api/me/email/confirmation', method: 'POST', body: {} }),
    }),
    changePassword: build.mutation<{ message: string }, ChangePasswordRequest>({
      query: (body) => ({ url: '/api/me/password', method: 'POST', body }),
    }),
    logoutEverywhere: build.mutation<SessionResponse, void>({
      query: () => ({ url: '/api/me/logout-everywhere', method: 'POST', body: {} }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(api.util.resetApiState());
        disconnectSharedSocket();
      },
    }),
    switchRole: build.mutation<SessionResponse, { role: Role }>({
      query: (body) => ({ url: '/api/me/role', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // another role sees other things: forget what the previous one fetched
          dispatch(api.util.resetApiState());
          await dispatch(api.util.upsertQueryData('getSession', undefined, data));
        } catch {
          /* the page shows the error */
        }
      },
    }),
  }),
});

export const {
  useGetProfileQuery,
  useSaveProfileMutation,
  useResendConfirmationMutation,
  useChangePasswordMutation,
  useLogoutEverywhereMutation,
  useSwitchRoleMutation,
} = profileApi;
