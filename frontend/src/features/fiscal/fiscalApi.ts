import type { FiscalProfileInput, FiscalProfileView, FiscalYearView } from '@studio/contracts';
import { api } from '../../lib/api';

export const fiscalApi = api.enhanceEndpoints({ addTagTypes: ['Fiscal'] }).injectEndpoints({
  endpoints: (build) => ({
    getFiscalDocuments: build.query<FiscalYearView, { doctor: string; year: number }>({
      query: ({ doctor, year }) => ({ url: '/api/fiscal/documents', params: { doctor, year } }),
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

export const { useGetFiscalDocumentsQuery, useGetFiscalProfileQuery, useSaveFiscalProfileMutation } = fiscalApi;
