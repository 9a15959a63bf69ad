import type {
  DoctorProfileInput,
  DoctorProfileView,
  DoctorSummary,
  LocationRequest,
  LocationUpdateRequest,
  LocationView,
  WidgetSettingsInput,
  WidgetSettingsView,
  OwnDoctorProfileInput,
  PracticeDetailsInput,
  PracticeInfo,
  ReminderSettings,
  ReminderSettingsView,
} from '@studio/contracts';
import { api } from '../../lib/api';
import { DOCTOR_PROFILE_TAG, PRACTICE_TAG } from '../../lib/practiceApi';

/** an upload: the file's bytes as the body (the server reads the type from them) */
const upload = (url: string, file: Blob) => ({ url, method: 'PUT', body: file, headers: { 'Content-Type': file.type || 'application/octet-stream' } });

export const settingsApi = api.enhanceEndpoints({ addTagTypes: [PRACTICE_TAG, DOCTOR_PROFILE_TAG, 'ReminderSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getReminderSettings: build.query<ReminderSettingsView, void>({ query: () => ({ url: '/api/settings/reminders' }), providesTags: ['ReminderSettings'] }),
    saveReminderSettings: build.mutation<ReminderSettingsView, ReminderSettings>({
      query: (body) => ({ url: '/api/settings/reminders', method: 'PUT', body }),
      invalidatesTags: ['ReminderSettings'],
    }),
    savePractice: build.mutation<PracticeInfo, PracticeDetailsInput>({
      query: (details) => ({ url: '/api/settings/practice', method: 'PUT', body: details }),
      invalidatesTags: [PRACTICE_TAG],
    }),
    uploadLogo: build.mutation<PracticeInfo, Blob>({
      query: (file) => upload('/api/settings/practice/logo', file),
      invalidatesTags: [PRACTICE_TAG],
    }),
    saveDoctorProfile: build.mutation<DoctorProfileView, { doctorId: string; profile: DoctorProfileInput | OwnDoctorProfileInput }>({
      query: ({ doctorId, profile }) => ({ url: `/api/settings/doctors/${encodeURIComponent(doctorId)}`, method: 'PUT', body: profile }),
      invalidatesTags: [DOCTOR_PROFILE_TAG],
    }),
    saveDoctorSlug: build.mutation<DoctorSummary, { doctorId: string; slug: string }>({
      query: ({ doctorId, slug }) => ({ url: `/api/settings/doctors/${encodeURIComponent(doctorId)}/slug`, method: 'PUT', body: { slug } }),
      invalidatesTags: ['Doctors'],
    }),
    createLocation: build.mutation<LocationView, LocationRequest>({
      query: (body) => ({ url: '/api/locations', method: 'POST', body }),
      invalidatesTags: [PRACTICE_TAG],
    }),
    updateLocation: build.mutation<LocationView, { id: string; body: LocationUpdateRequest }>({
      query: ({ id, body }) => ({ url: `/api/locations/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [PRACTICE_TAG],
    }),
    getWidgetSettings: build.query<WidgetSettingsView, void>({
      query: () => ({ url: '/api/settings/widget' }),
      providesTags: [PRACTICE_TAG],
    }),
    saveWidgetSettings: build.mutation<WidgetSettingsView, WidgetSettingsInput>({
      query: (body) => ({ url: '/api/settings/widget', method: 'PUT', body }),
      invalidatesTags: [PRACTICE_TAG],
    }),
    uploadDoctorPhoto: build.mutation<DoctorProfileView, { doctorId: string; file: Blob }>({
      query: ({ doctorId, file }) => upload(`/api/settings/doctors/${encodeURIComponent(doctorId)}/photo`, file),
      invalidatesTags: [DOCTOR_PROFILE_TAG],
    }),
  }),
});

export const {
  useGetReminderSettingsQuery,
  useSaveReminderSettingsMutation,
  useSavePracticeMutation,
  useUploadLogoMutation,
  useSaveDoctorProfileMutation,
  useSaveDoctorSlugMutation,
  useUploadDoctorPhotoMutation,
  useGetWidgetSettingsQuery,
  useSaveWidgetSettingsMutation,
  useCreateLocationMutation,
  useUpdateLocationMutation,
} = settingsApi;
