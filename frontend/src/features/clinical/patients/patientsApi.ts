/** the practice's patients: GET /api/patients?q=, GET /api/patients/:id, POST /api/patients (the desk) */
import type { NewPatientRequest, PatientListItem, PatientSummary } from '@studio/contracts';
import { api } from '../../../lib/api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Patients'] });

export const patientsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getPatients: build.query<PatientListItem[], string>({
      query: (q) => ({ url: '/api/patients', params: q ? { q } : {} }),
      providesTags: [{ type: 'Patients', id: 'LIST' }],
    }),
    getPatient: build.query<PatientSummary, string>({
      query: (id) => ({ url: `/api/patients/${encodeURIComponent(id)}` }),
      providesTags: (_r, _e, id) => [{ type: 'Patients', id }],
    }),
    createPatient: build.mutation<{ id: string }, NewPatientRequest>({
      query: (body) => ({ url: '/api/patients', method: 'POST', body }),
      invalidatesTags: [{ type: 'Patients', id: 'LIST' }],
    }),
  }),
});

export const { useGetPatientsQuery, useGetPatientQuery, useCreatePatientMutation } = patientsApi;

/** the clinical record of a patient (the treating doctor's screen) */
export const patientPath = (id: string) => `/pazienti/${encodeURIComponent(id)}`;

/** whole years between a birth date (YYYY-MM-DD) and today */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number);
  const age = today.getFullYear() - y;
  const beforeBirthday = today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d);
  return beforeBirthday ? age - 1 : age;
}
