import type { DoctorSummary } from '@studio/contracts';
import { api } from './api';

/** GET /api/doctors: the doctors list, shared by the calendar (front desk) and the booking page (public) */
export const doctorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDoctors: build.query<DoctorSummary[], void>({
      query: () => ({ url: '/api/doctors' }),
      providesTags: ['Doctors'],
    }),
  }),
});

export const { useGetDoctorsQuery } = doctorsApi;
