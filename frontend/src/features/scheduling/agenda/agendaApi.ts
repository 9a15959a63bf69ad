/** GET /api/doctors/:id/agenda, live through socket.io (agenda:watch → agenda:changed); types from contracts */
import {
  AGENDA_CHANGED,
  AGENDA_WATCH,
  type AgendaChanged,
  type AgendaItem,
  type BookingView,
  type FollowUpSeriesView,
  type FollowUpSlots,
  type HoldResponse,
} from '@studio/contracts';
import { api } from '../../../lib/api';
import { getSharedSocket } from '../../../lib/socket';

/** the answer of POST /api/bookings/:id/desk-payment */
export type DeskPaymentView = { orderId: string; bookingId: string; method: 'cash' | 'card' | 'transfer'; amountCents: number };

/** `location`: only the visits at that location ('' every one) */
export type AgendaArgs = { doctorId: string; from: string; to: string; location?: string };

export const agendaApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAgenda: build.query<AgendaItem[], AgendaArgs>({
      query: ({ doctorId, from, to, location }) => ({
        url: `/api/doctors/${encodeURIComponent(doctorId)}/agenda`,
        params: { from, to, ...(location ? { location } : {}) },
      }),
      providesTags: (_result, _error, { doctorId }) => [{ type: 'Agenda', id: doctorId }],
      // live: the server says "this doctor's appointments changed" (no personal data); the agenda is read again
      async onCacheEntryAdded(arg, { cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const socket = await getSharedSocket();
        const watch = () => socket.emit(AGENDA_WATCH, { doctorId: arg.doctorId });
        const changed = (m: AgendaChanged) => {
          if (m.doctorId === arg.doctorId) dispatch(api.util.invalidateTags([{ type: 'Agenda', id: arg.doctorId }]));
        };
        // a (re)connection, maybe to another instance: what changed while away was not heard, read again
        const rejoin = () => (watch(), dispatch(api.util.invalidateTags([{ type: 'Agenda', id: arg.doctorId }])));
        socket.on('connect', rejoin);
        socket.on(AGENDA_CHANGED, changed);
        if (socket.connected) watch();
        await cacheEntryRemoved;
        socket.off('connect', rejoin);
        socket.off(AGENDA_CHANGED, changed);
      },
    }),
    cancelAppointment: build.mutation<BookingView, { bookingId: string; doctorId: string; reason: string }>({
      query: ({ bookingId, reason }) => ({ url: `/api/bookings/${encodeURIComponent(bookingId)}/cancel`, method: 'POST', body: { reason } }),
      invalidatesTags: (_r, _e, { doctorId }) => [{ type: 'Agenda', id: doctorId }],
    }),
    recordOutcome: build.mutation<BookingView, { bookingId: string; doctorId: string; outcome: 'completed' | 'no_show' }>({
      query: ({ bookingId, outcome }) => ({ url: `/api/bookings/${encodeURIComponent(bookingId)}/outcome`, method: 'POST', body: { outcome } }),
      invalidatesTags: (_r, _e, { doctorId }) => [{ type: 'Agenda', id: doctorId }],
    }),
    /** "Annulla esito" (within 24 hours of recording it): the booking is confirmed again */
    undoOutcome: build.mutation<BookingView, { bookingId: string; doctorId: string }>({
      query: ({ bookingId }) => ({ url: `/api/bookings/${encodeURIComponent(bookingId)}/outcome/undo`, method: 'POST', body: {} }),
      invalidatesTags: (_r, _e, { doctorId }) => [{ type: 'Agenda', id: doctorId }],
    }),
    /** "Prenota il controllo": the starts where the same visit fits, 2–4 weeks after it */
    getFollowUpSlots: build.query<FollowUpSlots, { bookingId: string; weeks: number }>({
      query: ({ bookingId, weeks }) => ({ url: `/api/bookings/${encodeURIComponent(bookingId)}/follow-up`, params: { weeks: String(weeks) } }),
      keepUnusedDataFor: 0,
    }),
    bookFollowUp: build.mutation<HoldResponse, { bookingId: string; doctorId: string; availabilityId: string }>({
      query: ({ bookingId, availabilityId }) => ({
        url: `/api/bookings/${encodeURIComponent(bookingId)}/follow-up`,
        method: 'POST',
        body: { availability_id: availabilityId },
      }),
      invalidatesTags: (_r, _e, { doctorId }) => [{ type: 'Agenda', id: doctorId }],
    }),
    /** a series of follow-ups: N visits every K weeks, each paid at the desk */
    bookFollowUpSeries: build.mutation<
      FollowUpSeriesView,
      { bookingId: string; doctorId: string; count: number; everyWeeks: number; method: 'cash' | 'card' | 'transfer'; taxcode?: string }
    >({
      query: ({ bookingId, count, everyWeeks, method, taxcode }) => ({
        url: `/api/bookings/${encodeURIComponent(bookingId)}/series`,
        method: 'POST',
        body: { count, everyWeeks, method, ...(taxcode ? { taxcode } : {}) },
      }),
      invalidatesTags: (_r, _e, { doctorId }) => [{ type: 'Agenda', id: doctorId }],
    }),
    /** "Prenota per un paziente": the front desk holds a free start for a patient on the phone (the patient's own hold) */
    holdForPatient: build.mutation<HoldResponse, { patientId: string; doctorId: string; availabilityId: string; visitTypeId?: string }>({
      query: ({ patientId, doctorId, availabilityId, visitTypeId }) => ({
        url: `/api/patients/${encodeURIComponent(patientId)}/holds`,
        method: 'POST',
        body: { doctor_id: doctorId, availability_id: availabilityId, ...(visitTypeId ? { visit_type: visitTypeId } : {}) },
      }),
      invalidatesTags: (_r, _e, { doctorId }) => [{ type: 'Agenda', id: doctorId }],
    }),
    /** a payment taken at the desk: the held booking is confirmed (backend/src/areas/payments/desk-payments) */
    recordDeskPayment: build.mutation<
      DeskPaymentView,
      { bookingId: string; doctorId: string; method: 'cash' | 'card' | 'transfer'; amountCents: number; discount?: { reason: string }; taxcode?: string }
    >({
      query: ({ bookingId, method, amountCents, discount, taxcode }) => ({
        url: `/api/bookings/${encodeURIComponent(bookingId)}/desk-payment`,
        method: 'POST',
        body: { method, amountCents, ...(discount ? { discount } : {}), ...(taxcode ? { taxcode } : {}) },
      }),
      invalidatesTags: (_r, _e, { doctorId }) => [{ type: 'Agenda', id: doctorId }],
    }),
    /** the desk gives a payment back, cancelling the visit too or keeping it, as the desk chose */
    refundDeskPayment: build.mutation<
      { refundId: string; visitCancelled: boolean },
      { orderId: string; doctorId: string; reason: string; cancelVisit: boolean }
    >({
      query: ({ orderId, reason, cancelVisit }) => ({
        url: `/api/desk-payments/${encodeURIComponent(orderId)}/refund`,
        method: 'POST',
        body: { reason, cancelVisit },
      }),
      invalidatesTags: (_r, _e, { doctorId }) => [{ type: 'Agenda', id: doctorId }],
    }),
  }),
});

export const { useGetAgendaQuery, useCancelAppointmentMutation, useRecordOutcomeMutation, useRecordDeskPaymentMutation, useRefundDeskPaymentMutation } =
  agendaApi;
export const { useHoldForPatientMutation } = agendaApi;
export const { useUndoOutcomeMutation, useGetFollowUpSlotsQuery, useBookFollowUpMutation, useBookFollowUpSeriesMutation } = agendaApi;
