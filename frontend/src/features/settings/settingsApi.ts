import type { DoctorProfileInput, DoctorProfileView, PracticeDetailsInput, PracticeInfo } from '@studio/contracts';
import { api } from '../../lib/api';
import { DOCTOR_PROFILE_TAG, PRACTICE_TAG } from '../../lib/practiceApi';

/** an upload: the file's bytes as the body (the server reads the type from them) */
const upload = (url: string, file: Blob) => ({ url, method: 'PUT', body: file, headers: { 'Content-Type': file.type || 'application/octet-stream' } });

export const settingsApi = api.enhanceEndpoints({ addTagTypes: [PRACTICE_TAG, DOCTOR_PROFILE_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    savePractice: build.mutation<PracticeInfo, PracticeDetailsInput>({
      query: (details) => ({ url: '/api/settings/practice', method: 'PUT', body: details }),
      invalidatesTags: [PRACTICE_TAG],
    }),
    uploadLogo: build.mutation<PracticeInfo, Blob>({
      query: (file) => upload('/api/settings/practice/logo', file),
      invalidatesTags: [PRACTICE_TAG],
    }),
    saveDoctorProfile: build.mutation<DoctorProfileView, { doctorId: string; profile: DoctorProfileInput }>({
      query: ({ doctorId, profile }) => ({ url: `/api/settings/doctors/${encodeURIComponent(doctorId)}`, method: 'PUT', body: profile }),
      invalidatesTags: [DOCTOR_PROFILE_TAG],
    }),
    uploadDoctorPhoto: build.mutation<DoctorProfileView, { doctorId: string; file: Blob }>({
      query: ({ doctorId, file }) => upload(`/api/settings/doctors/${encodeURIComponent(doctorId)}/photo`, file),
      invalidatesTags: [DOCTOR_PROFILE_TAG],
    }),
  }),
});

export const { useSavePracticeMutation, useUploadLogoMutation, useSaveDoctorProfileMutation, useUploadDoctorPhotoMutation } = settingsApi;
