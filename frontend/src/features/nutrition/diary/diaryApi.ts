import type { DiaryEntryRequest, DiaryEntryView, DiaryFoodAnswer, DiaryView, SelfMeasurementRequest, SelfMeasurementView } from '@studio/contracts';
import { api } from '../../../lib/api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Diary', 'SelfMeasurements'] });
const patientPath = (patientId: string) => `/api/patients/${encodeURIComponent(patientId)}`;

/** the food diary: the patient's own under /api/me/…, a treating doctor's read and comments under /api/patients/:id/… */
export const diaryApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getMyDiary: build.query<DiaryView, { from: string; to: string }>({
      query: (range) => ({ url: '/api/me/diary', params: range }),
      providesTags: ['Diary'],
    }),
    logEntry: build.mutation<{ id: string }, DiaryEntryRequest>({
      query: (entry) => ({ url: '/api/me/diary', method: 'POST', body: entry }),
      invalidatesTags: ['Diary'],
    }),
    editEntry: build.mutation<DiaryEntryView, { entryId: string; entry: DiaryEntryRequest }>({
      query: ({ entryId, entry }) => ({ url: `/api/me/diary/${encodeURIComponent(entryId)}`, method: 'PUT', body: entry }),
      invalidatesTags: ['Diary'],
    }),
    deleteEntry: build.mutation<void, string>({
      query: (entryId) => ({ url: `/api/me/diary/${encodeURIComponent(entryId)}`, method: 'DELETE' }),
      invalidatesTags: ['Diary'],
    }),
    /** the photo as the body, its type decided by the server from the content */
    uploadPhoto: build.mutation<{ photoUrl: string }, { entryId: string; file: Blob }>({
      query: ({ entryId, file }) => ({
        url: `/api/me/diary/${encodeURIComponent(entryId)}/photo`,
        method: 'PUT',
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
      }),
      invalidatesTags: ['Diary'],
    }),
    searchDiaryFoods: build.query<DiaryFoodAnswer, string>({
      query: (q) => ({ url: '/api/me/diary/foods', params: { q } }),
    }),
    getPatientDiary: build.query<DiaryView, { patientId: string; from: string; to: string }>({
      query: ({ patientId, from, to }) => ({ url: `${patientPath(patientId)}/diary`, params: { from, to } }),
      providesTags: ['Diary'],
    }),
    commentEntry: build.mutation<{ id: string }, { patientId: string; entryId: string; text: string }>({
      query: ({ patientId, entryId, text }) => ({
        url: `${patientPath(patientId)}/diary/${encodeURIComponent(entryId)}/comments`,
        method: 'POST',
        body: { text },
      }),
      invalidatesTags: ['Diary'],
    }),
    getMySelfMeasurements: build.query<SelfMeasurementView[], void>({
      query: () => ({ url: '/api/me/self-measurements' }),
      providesTags: ['SelfMeasurements'],
    }),
    reportMeasurement: build.mutation<SelfMeasurementView, SelfMeasurementRequest>({
      query: (body) => ({ url: '/api/me/measurements', method: 'POST', body }),
      invalidatesTags: ['SelfMeasurements'],
    }),
  }),
});

export const {
  useGetMyDiaryQuery,
  useLogEntryMutation,
  useEditEntryMutation,
  useDeleteEntryMutation,
  useUploadPhotoMutation,
  useLazySearchDiaryFoodsQuery,
  useGetPatientDiaryQuery,
  useCommentEntryMutation,
  useGetMySelfMeasurementsQuery,
  useReportMeasurementMutation,
} = diaryApi;
