import type { ContactPreferencesRequest, ContactPreferencesView } from '@studio/contracts';
import { api } from '../../../lib/api';

const contactPreferencesApi = api.enhanceEndpoints({ addTagTypes: ['ContactPreferences'] }).injectEndpoints({
  endpoints: (build) => ({
    getContactPreferences: build.query<ContactPreferencesView, void>({
      query: () => ({ url: '/api/me/contact-preferences' }),
      providesTags: ['ContactPreferences'],
    }),
    saveContactPreferences: build.mutation<ContactPreferencesView, ContactPreferencesRequest>({
      query: (body) => ({ url: '/api/me/contact-preferences', method: 'PUT', body }),
      invalidatesTags: ['ContactPreferences'],
    }),
  }),
});

export const { useGetContactPreferencesQuery, useSaveContactPreferencesMutation } = contactPreferencesApi;
