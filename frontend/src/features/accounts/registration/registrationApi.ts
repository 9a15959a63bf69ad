import type { RegistrationRequest } from '@studio/contracts';
import { api, type LoginAnswer } from '../../../lib/api';

/** POST /api/auth/register: the body the server validates with contracts' RegistrationRequest */
export type RegistrationBody = Omit<RegistrationRequest, 'consent'> & { consent: true };

export const registrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<LoginAnswer, RegistrationBody>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // registered and logged in: the answer carries the new session's user and token
          await dispatch(api.util.upsertQueryData('getSession', undefined, { user: data.user, csrfToken: data.csrfToken }));
          dispatch(api.util.invalidateTags(['MyBookings']));
        } catch {
          /* the page shows the error */
        }
      },
    }),
  }),
});

export const { useRegisterMutation } = registrationApi;
