import {
  type FORGOT_PASSWORD_ANSWER,
  type AcceptInvitationRequest,
  type ConfirmEmailRequest,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  type SessionResponse,
  type SetupStatus,
} from '@studio/contracts';
import { api } from '../../../lib/api';

/** what a visitor does about an account: the first start, a forgotten password, the emailed links */
export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSetupStatus: build.query<SetupStatus, void>({ query: () => ({ url: '/api/auth/setup-status' }) }),
    forgotPassword: build.mutation<typeof FORGOT_PASSWORD_ANSWER, ForgotPasswordRequest>({
      query: (body) => ({ url: '/api/auth/password/forgot', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ message: string }, ResetPasswordRequest>({
      query: (body) => ({ url: '/api/auth/password/reset', method: 'POST', body }),
    }),
    confirmEmail: build.mutation<{ message: string }, ConfirmEmailRequest>({
      query: (body) => ({ url: '/api/auth/email/confirm', method: 'POST', body }),
    }),
    acceptInvitation: build.mutation<SessionResponse, AcceptInvitationRequest>({
      query: (body) => ({ url: '/api/auth/invitations/accept', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // logged in: the answer carries the new session's user and token
          await dispatch(api.util.upsertQueryData('getSession', undefined, data));
        } catch {
          /* the page shows the error */
        }
      },
    }),
  }),
});

export const { useGetSetupStatusQuery, useForgotPasswordMutation, useResetPasswordMutation, useConfirmEmailMutation, useAcceptInvitationMutation } =
  accountsApi;
