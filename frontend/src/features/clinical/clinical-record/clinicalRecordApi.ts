import type {
  AttachmentView,
  ClinicalRecordRequest,
  ClinicalRecordView,
  DietTargetsRequest,
  EnergyView,
  LabResultRequest,
  MeasurementRequest,
  MeasurementView,
  PatientAnswersResponse,
  SelfMeasurementView,
  VisitNoteRequest,
} from '@studio/contracts';
import { api } from '../../../lib/api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['ClinicalRecord', 'DietTargets', 'Energy'] });
const invalidates = (patientId: string) => [
  { type: 'ClinicalRecord' as const, id: patientId },
  { type: 'DietTargets' as const, id: patientId },
  { type: 'Energy' as const, id: patientId },
];

export const recordPaths = {
  report: (patientId: string) => `/api/patients/${encodeURIComponent(patientId)}/visit-report.pdf`,
  attachment: (patientId: string, id: string) => `/api/patients/${encodeURIComponent(patientId)}/attachments/${encodeURIComponent(id)}`,
};

/** the clinical record of a patient (treating doctors), under /api/patients/:id/… */
export const clinicalRecordApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getRecord: build.query<ClinicalRecordView, string>({
      query: (patientId) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/record` }),
      providesTags: (_r, _e, id) => [{ type: 'ClinicalRecord', id }],
    }),
    saveRecord: build.mutation<ClinicalRecordView, { patientId: string; record: ClinicalRecordRequest }>({
      query: ({ patientId, record }) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/record`, method: 'PUT', body: record }),
      invalidatesTags: (_r, _e, { patientId }) => invalidates(patientId),
    }),
    /** the intake questionnaires the patient answered: their allergies are proposed to the record */
    getIntakeAnswers: build.query<PatientAnswersResponse, string>({
      query: (patientId) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/answers` }),
    }),
    addMeasurement: build.mutation<MeasurementView, { patientId: string; measurement: MeasurementRequest }>({
      query: ({ patientId, measurement }) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/measurements`, method: 'POST', body: measurement }),
      invalidatesTags: (_r, _e, { patientId }) => invalidates(patientId),
    }),
    /** the weights the patient measured at home: on the chart with their own marker, never in the series above */
    getSelfMeasurements: build.query<SelfMeasurementView[], string>({
      query: (patientId) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/self-measurements` }),
      providesTags: (_r, _e, id) => [{ type: 'ClinicalRecord', id }],
    }),
    acceptSelfMeasurement: build.mutation<MeasurementView, { patientId: string; measurementId: string }>({
      query: ({ patientId, measurementId }) => ({
        url: `/api/patients/${encodeURIComponent(patientId)}/measurements/${encodeURIComponent(measurementId)}/accept`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { patientId }) => invalidates(patientId),
    }),
    getEnergy: build.query<EnergyView, { patientId: string; equation: string; pal: number }>({
      query: ({ patientId, equation, pal }) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/energy`, params: { equation, pal } }),
      providesTags: (_r, _e, { patientId }) => [{ type: 'Energy', id: patientId }],
    }),
    getTargets: build.query<{ targets: DietTargetsRequest; isDefault: boolean; weightKg: number | null }, string>({
      query: (patientId) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/diet-targets` }),
      providesTags: (_r, _e, id) => [{ type: 'DietTargets', id }],
    }),
    saveTargets: build.mutation<DietTargetsRequest, { patientId: string; targets: DietTargetsRequest }>({
      query: ({ patientId, targets }) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/diet-targets`, method: 'PUT', body: targets }),
      invalidatesTags: (_r, _e, { patientId }) => [{ type: 'DietTargets', id: patientId }],
    }),
    signNote: build.mutation<unknown, { patientId: string; note: VisitNoteRequest }>({
      query: ({ patientId, note }) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/notes`, method: 'POST', body: note }),
      invalidatesTags: (_r, _e, { patientId }) => [{ type: 'ClinicalRecord', id: patientId }],
    }),
    addLab: build.mutation<unknown, { patientId: string; lab: LabResultRequest }>({
      query: ({ patientId, lab }) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/labs`, method: 'POST', body: lab }),
      invalidatesTags: (_r, _e, { patientId }) => [{ type: 'ClinicalRecord', id: patientId }],
    }),
    uploadAttachment: build.mutation<AttachmentView, { patientId: string; file: File }>({
      query: ({ patientId, file }) => ({
        url: `/api/patients/${encodeURIComponent(patientId)}/attachments`,
        method: 'POST',
        params: { name: file.name },
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
      }),
      invalidatesTags: (_r, _e, { patientId }) => [{ type: 'ClinicalRecord', id: patientId }],
    }),
  }),
});

export const {
  useGetRecordQuery,
  useSaveRecordMutation,
  useGetIntakeAnswersQuery,
  useAddMeasurementMutation,
  useGetSelfMeasurementsQuery,
  useAcceptSelfMeasurementMutation,
  useGetEnergyQuery,
  useGetTargetsQuery,
  useSaveTargetsMutation,
  useSignNoteMutation,
  useAddLabMutation,
  useUploadAttachmentMutation,
} = clinicalRecordApi;
