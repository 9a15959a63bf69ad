import type { FiscalProfileInput, FiscalProfileView, FiscalYearView, TakingsView } from '@studio/contracts';
import { api } from '../../lib/api';

export const fiscalApi = api.enhanceEndpoints({ addTagTypes: ['Fiscal'] }).injectEndpoints({
  endpoints: (build) => ({
    getFiscalDocuments: build.query<FiscalYearView, { doctor: string; year: number }>({
      query: ({ doctor, year }) => ({ url: '/api/fiscal/documents', params: { doctor, year } }),
      providesTags: ['Fiscal'],
    }),
    getTakings: build.query<TakingsView, { day: string; doctor?: string }>({
      query: ({ day, doctor }) => ({ url: '/api/fiscal/takings', params: doctor ? { day, doctor } : { day } }),
      providesTags: ['Fiscal'],
    }),
    getFiscalProfile: build.query<FiscalProfileView, string>({
      query: (doctorId) => ({ url: `/api/fiscal/profiles/${encodeURIComponent(doctorId)}` }),
      providesTags: ['Fiscal'],
    }),
    saveFiscalProfile: build.mutation<FiscalProfileView, { doctorId: string; profile: FiscalProfileInput }>({
      query: ({ doctorId, profile }) => ({ url: `/api/fiscal/profiles/${encodeURIComponent(doctorId)}`, method: 'PUT', body: profile }),
      invalidatesTags: ['Fiscal'],
    }),
  }),
});

export const stsExportUrl = (doctor: string, year: number) => `/api/fiscal/sts-export?${new URLSearchParams({ doctor, year: String(year) }).toString()}`;
export const receiptPdfUrl = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/receipt.pdf`;

/** the day's takings as CSV or PDF, for the practice's books */
export const takingsUrl = (day: string, format: 'csv' | 'pdf', doctor?: string) =>
  `/api/fiscal/takings?${new URLSearchParams({ day, format, ...(doctor ? { doctor } : {}) }).toString()}`;

export const { useGetFiscalDocumentsQuery, useGetFiscalProfileQuery, useSaveFiscalProfileMutation, useGetTakingsQuery } = fiscalApi;
