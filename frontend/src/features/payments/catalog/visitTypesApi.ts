import type { QuestionnaireView, VisitTypeRequest, VisitTypeUpdateRequest, VisitTypeView } from '@studio/contracts';
import { api } from '../../../lib/api';

/** a doctor's visit types: list (archived too, for the staff), create, edit, archive */
export const visitTypesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStaffVisitTypes: build.query<VisitTypeView[], string>({
      query: (doctorId) => ({ url: `/api/doctors/${encodeURIComponent(doctorId)}/visit-types`, params: { all: '1' } }),
    }),
    createVisitType: build.mutation<VisitTypeView, { doctorId: string; body: VisitTypeRequest }>({
      query: ({ doctorId, body }) => ({ url: `/api/doctors/${encodeURIComponent(doctorId)}/visit-types`, method: 'POST', body }),
    }),
    updateVisitType: build.mutation<VisitTypeView, { doctorId: string; id: string; body: VisitTypeUpdateRequest }>({
      query: ({ doctorId, id, body }) => ({ url: `/api/doctors/${encodeURIComponent(doctorId)}/visit-types/${encodeURIComponent(id)}`, method: 'PUT', body }),
    }),
    archiveVisitType: build.mutation<VisitTypeView, { doctorId: string; id: string }>({
      query: ({ doctorId, id }) => ({ url: `/api/doctors/${encodeURIComponent(doctorId)}/visit-types/${encodeURIComponent(id)}/archive`, method: 'POST' }),
    }),
    /** the doctor's questionnaires, to assign to a visit type */
    listVisitTypeQuestionnaires: build.query<QuestionnaireView[], string>({
      query: (doctorId) => ({ url: '/api/questionnaires', params: { doctor: doctorId } }),
    }),
  }),
});

export const {
  useListStaffVisitTypesQuery,
  useCreateVisitTypeMutation,
  useUpdateVisitTypeMutation,
  useArchiveVisitTypeMutation,
  useListVisitTypeQuestionnairesQuery,
} = visitTypesApi;
