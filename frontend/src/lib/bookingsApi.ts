/**
 * A patient's own bookings, shared by the booking page (hold), the registration page (hold the
 * choice kept before registering), the questionnaire step (the hold's expiry) and /home (list,
 * release). Types from contracts/src/scheduling/booking.ts.
 */
import { MY_BOOKINGS_CHANGED, MY_BOOKINGS_WATCH, type BookingView, type HoldResponse } from '@studio/contracts';
import { api } from './api';
import { getSharedSocket } from './socket';

/** POST /prenotazioni {doctor_id, availability_id} */
export type HoldArgs = { doctorId: string; availabilityId: string; visitTypeId?: string };

/** an item of GET /api/me/bookings (the server may add fields the page does not use) */
export type MyBooking = Pick<BookingView, 'id' | 'doctorId' | 'doctorName' | 'start' | 'end' | 'status' | 'expiresAt' | 'paymentInReview'> &
  Partial<Pick<BookingView, 'policy' | 'resume' | 'refunded' | 'orderId'>> &
  Partial<Pick<BookingView, 'visit' | 'video' | 'cancellation'>>;

export const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    holdSlot: build.mutation<HoldResponse, HoldArgs>({
      query: ({ doctorId, availabilityId, visitTypeId }) => ({
        url: '/prenotazioni',
        method: 'POST',
        body: visitTypeId
          ? { doctor_id: doctorId, availability_id: availabilityId, visit_type: visitTypeId }
          : { doctor_id: doctorId, availability_id: availabilityId },
      }),
      // held: the list at /home changes; taken by someone else (409): reload that doctor's free days and hours
      invalidatesTags: (result, error, { doctorId }) =>
        result
          ? ['MyBookings']
          : error?.status === 409
            ? [
                { type: 'FreeSlots', id: doctorId },
                { type: 'BookingDays', id: doctorId },
              ]
            : [],
    }),
    getMyBookings: build.query<MyBooking[], void>({
      query: () => ({ url: '/api/me/bookings' }),
      providesTags: ['MyBookings'],
      // live: the server says which of my bookings changed (held, confirmed, expired…); the list and the orders reload
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const socket = await getSharedSocket();
        const watch = () => socket.emit(MY_BOOKINGS_WATCH, {});
        const changed = () => dispatch(api.util.invalidateTags(['MyBookings', 'MyOrders']));
        // a (re)connection, maybe to another instance: what changed while away was not heard, read again
        const rejoin = () => (watch(), changed());
        socket.on('connect', rejoin);
        socket.on(MY_BOOKINGS_CHANGED, changed);
        if (socket.connected) watch();
        await cacheEntryRemoved;
        socket.off('connect', rejoin);
        socket.off(MY_BOOKINGS_CHANGED, changed);
      },
    }),
    releaseBooking: build.mutation<void, { bookingId: string; doctorId: string }>({
      query: ({ bookingId }) => ({ url: `/prenotazioni/${encodeURIComponent(bookingId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { doctorId }) => ['MyBookings', { type: 'FreeSlots', id: doctorId }, { type: 'BookingDays', id: doctorId }],
    }),
    /** POST /api/bookings/:id/cancel: the slot frees for everyone (their lists reload through the socket) */
    cancelBooking: build.mutation<BookingView, { bookingId: string; doctorId: string; reason?: string }>({
      query: ({ bookingId, reason }) => ({ url: `/api/bookings/${encodeURIComponent(bookingId)}/cancel`, method: 'POST', body: reason ? { reason } : {} }),
      invalidatesTags: (_result, _error, { doctorId }) => [
        'MyBookings',
        'MyOrders',
        { type: 'FreeSlots', id: doctorId },
        { type: 'BookingDays', id: doctorId },
      ],
    }),
    /** POST /api/bookings/:id/reschedule {availability_id} */
    rescheduleBooking: build.mutation<BookingView, { bookingId: string; doctorId: string; availabilityId: string }>({
      query: ({ bookingId, availabilityId }) => ({
        url: `/api/bookings/${encodeURIComponent(bookingId)}/reschedule`,
        method: 'POST',
        body: { availability_id: availabilityId },
      }),
      invalidatesTags: (_result, _error, { doctorId }) => ['MyBookings', { type: 'FreeSlots', id: doctorId }, { type: 'BookingDays', id: doctorId }],
    }),
  }),
});

export const { useHoldSlotMutation, useGetMyBookingsQuery, useReleaseBookingMutation, useCancelBookingMutation, useRescheduleBookingMutation } = bookingsApi;
