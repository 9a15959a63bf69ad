import type { DoctorProfileView, LocationView, PracticeInfo } from '@studio/contracts';
import { api } from './api';

/** the tag a change in /impostazioni invalidates: header, login page and titles follow at once */
export const PRACTICE_TAG = 'Practice';
export const DOCTOR_PROFILE_TAG = 'DoctorProfile';

/** GET /api/practice: the practice's name, logo, contacts and data controller (public) */
export const practiceApi = api.enhanceEndpoints({ addTagTypes: [PRACTICE_TAG, DOCTOR_PROFILE_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getPractice: build.query<PracticeInfo, void>({
      query: () => ({ url: '/api/practice' }),
      providesTags: [PRACTICE_TAG],
    }),
    /** a doctor's public profile (title, specialty, register number, bio, photo): the booking page and /impostazioni */
    getDoctorProfile: build.query<DoctorProfileView, string>({
      query: (doctorId) => ({ url: `/api/settings/doctors/${encodeURIComponent(doctorId)}` }),
      providesTags: [DOCTOR_PROFILE_TAG],
    }),
    /** the practice's locations with their rooms (GET /api/locations, public): booking, agenda, schedule, visit types, /impostazioni */
    getLocations: build.query<LocationView[], void>({
      query: () => ({ url: '/api/locations' }),
      providesTags: [PRACTICE_TAG],
    }),
  }),
});

export const { useGetPracticeQuery, useGetDoctorProfileQuery, useGetLocationsQuery } = practiceApi;
