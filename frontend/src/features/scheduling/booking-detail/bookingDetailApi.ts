/** GET /prenotazioni/:id and the patient's intake answers (types from contracts). */
import type { BookingView, PatientAnswersResponse } from '@studio/contracts';
import { api } from '../../../lib/api';

export const bookingDetailApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBooking: build.query<BookingView, string>({
      // the same path is also the page: ask for JSON explicitly
      query: (id) => ({ url: `/prenotazioni/${encodeURIComponent(id)}`, headers: { Accept: 'application/json' } }),
    }),
    /** the fiscal receipt(s) of the booking's payment */
    getBookingReceipts: build.query<{ orderId: string; label: string; creditNote: string | null }[], string>({
      query: (bookingId) => ({ url: `/api/fiscal/bookings/${encodeURIComponent(bookingId)}/receipts` }),
    }),
    getPatientAnswers: build.query<PatientAnswersResponse, string>({
      query: (patientId) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/answers` }),
    }),
  }),
});

export const { useGetBookingQuery, useGetBookingReceiptsQuery, useGetPatientAnswersQuery } = bookingDetailApi;
