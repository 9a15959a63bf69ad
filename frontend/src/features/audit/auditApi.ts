import type { AsOfPatientRecord, AuditEventDetail, AuditEventsPage, AvailabilityEvent, ChainVerification, PatientListItem } from '@studio/contracts';
import { api } from '../../lib/api';

export interface AuditFilters {
  category?: string;
  doctor?: string;
  patient?: string;
  type?: string;
  stream?: string;
  from?: string;
  to?: string;
  correlation?: string;
}

/** only the filled filters go on the query string */
export function filterParams(filters: AuditFilters, after?: number | null): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(filters)) if (typeof v === 'string' && v.trim()) params[k] = v.trim();
  if (after) params.after = String(after);
  return params;
}

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditEvents: build.query<AuditEventsPage, { filters: AuditFilters; after?: number | null }>({
      query: ({ filters, after }) => ({ url: '/api/audit/events', params: filterParams(filters, after) }),
      keepUnusedDataFor: 0,
    }),
    /** the patients by name and birth date, for the admin's searches (GET /api/patients answers the front desk every patient) */
    getAuditPatients: build.query<{ id: string; name: string; birthDate: string | null }[], void>({
      query: () => ({ url: '/api/patients' }),
      transformResponse: (list: PatientListItem[]) => list.map((p) => ({ id: p.id, name: `${p.name} ${p.surname}`.trim(), birthDate: p.birthDate })),
    }),
    /** the patients as ids only, for the auditor's patient field (names are sealed for the auditor) */
    getAuditPatientIds: build.query<{ id: string }[], void>({
      query: () => ({ url: '/api/audit/patient-ids' }),
    }),
    getAuditEvent: build.query<AuditEventDetail, number>({
      query: (position) => ({ url: `/api/audit/events/${position}` }),
      keepUnusedDataFor: 0,
    }),
    verifyLog: build.query<ChainVerification, string | undefined>({
      query: (stream) => ({ url: '/api/audit/verify', params: stream ? { stream } : {} }),
      keepUnusedDataFor: 0,
    }),
    getAvailabilityAsOf: build.query<AvailabilityEvent[], { doctorId: string; start: string; end: string; at: string }>({
      query: ({ doctorId, start, end, at }) => ({ url: '/api/audit/availability', params: { for: doctorId, start, end, at } }),
    }),
    getAvailabilityNow: build.query<AvailabilityEvent[], { doctorId: string; start: string; end: string }>({
      query: ({ doctorId, start, end }) => ({ url: '/disponibilita/json', params: { for: doctorId, start, end } }),
      keepUnusedDataFor: 0,
    }),
    getPatientAsOf: build.query<AsOfPatientRecord, { patientId: string; at: string }>({
      query: ({ patientId, at }) => ({ url: `/api/audit/patients/${encodeURIComponent(patientId)}`, params: { at } }),
    }),
    getProjections: build.query<string[], void>({
      query: () => ({ url: '/api/audit/projections' }),
    }),
    rebuildProjection: build.mutation<{ projection: string; total: number }, string>({
      query: (projection) => ({ url: '/api/audit/rebuild', method: 'POST', body: { projection } }),
    }),
  }),
});

export const {
  useGetAuditPatientsQuery,
  useGetAuditPatientIdsQuery,
  useLazyGetAuditEventsQuery,
  useLazyVerifyLogQuery,
  useGetAvailabilityAsOfQuery,
  useGetAvailabilityNowQuery,
  useLazyGetPatientAsOfQuery,
  useGetProjectionsQuery,
  useRebuildProjectionMutation,
} = auditApi;
