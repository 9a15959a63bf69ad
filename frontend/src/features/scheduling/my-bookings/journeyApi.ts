import type { BookingView } from '@studio/contracts';
import { api } from '../../../lib/api';

/** the booking a confirmation shows (the same path is also a page: ask for JSON) */
export const journeyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfirmedBooking: build.query<BookingView, string>({
      query: (id) => ({ url: `/prenotazioni/${encodeURIComponent(id)}`, headers: { Accept: 'application/json' } }),
      providesTags: ['MyBookings'],
    }),
  }),
});

export const { useGetConfirmedBookingQuery } = journeyApi;

/** "Aggiungi al calendario": the patient's own confirmed visit as a .ics file */
export function calendarFileUrl(bookingId: string): string {
  return `/api/me/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;
}
