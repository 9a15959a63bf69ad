/**
 * The booking form's state machine (UI state only; days and hours live in RTK Query).
 * Actions are named after what happened. The rules:
 * - nothing chosen: availability_id 0, the button disabled, reading "Seleziona prima un giorno e un'ora per procedere";
 * - dayChosen: clears the hour (availability_id back to 0), the page reloads that day's hours, button disabled;
 * - hourChosen: sets availability_id, the button reads "Salva" and is enabled;
 * - one day and one hour chosen at a time.
 * Live: the chosen hour taken by someone else (slotVanished, or absent from a fresh answer) is
 * unchosen with a notice; a chosen day left without free hours (dayEmptied) is unchosen too.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { api, errorMessage } from '../../../lib/api';
import { bookingsApi } from '../../../lib/bookingsApi';
import { liveConnectionChanged, type LiveStatus } from '../../../lib/liveStatus';
import type { PendingBooking } from '../../../lib/pendingBooking';
import * as it from '../../../i18n/it';
import { bookingApi } from './bookingApi';
import { dayEmptied, liveWatchStarted, slotVanished } from './bookingEvents';

export type ChosenSlot = { id: string; hour: string };
/**
 * hourTaken: another patient just took the chosen hour; hourClosed: the doctor just closed it; hourGone: it is not
 * free any more (a fresh answer without it: the cause is not known); dayFull: the chosen day has no free hour left
 */
export type BookingNotice = 'hourTaken' | 'hourClosed' | 'hourGone' | 'dayFull';

export type BookingUiState = {
  doctorId: string | null;
  /** the visit type chosen first (when the doctor has any): the days and hours are where it fits */
  visitTypeId: string | null;
  /** 'YYYY-MM-DD' */
  day: string | null;
  slot: ChosenSlot | null;
  notice: BookingNotice | null;
  /** the server's message of a refused hold */
  holdError: string | null;
  /** POST /prenotazioni in flight */
  holding: boolean;
  /** the socket's state; 'online' once the server acknowledged a watch */
  live: LiveStatus;
  /** doctors whose watch the server acknowledged on the current connection */
  watchedDoctorIds: string[];
};

export const initialBookingState: BookingUiState = {
  doctorId: null,
  visitTypeId: null,
  day: null,
  slot: null,
  notice: null,
  holdError: null,
  holding: false,
  live: 'connecting',
  watchedDoctorIds: [],
};

/** the form's availability_id when no hour is chosen */
export const NO_AVAILABILITY = '0';

const { holdSlot } = bookingsApi.endpoints;
const { getFreeSlots } = bookingApi.endpoints;

function unchooseTaken(state: BookingUiState, notice: BookingNotice = 'hourTaken') {
  state.slot = null;
  state.notice = notice;
}

export const bookingSlice = createSlice({
  name: 'booking',
  initialState: initialBookingState,
  reducers: {
    doctorChosen(state, action: PayloadAction<string | null>) {
      if (state.holding) return;
      const doctorId = action.payload || null;
      if (doctorId === state.doctorId) return;
      state.doctorId = doctorId;
      state.visitTypeId = null;
      state.day = null;
      state.slot = null;
      state.notice = null;
      state.holdError = null;
    },
    /** another visit type: its length changes which days and hours fit, so both are chosen again */
    visitTypeChosen(state, action: PayloadAction<string | null>) {
      if (state.holding || !state.doctorId) return;
      const visitTypeId = action.payload || null;
      if (visitTypeId === state.visitTypeId) return;
      state.visitTypeId = visitTypeId;
      state.day = null;
      state.slot = null;
      state.notice = null;
      state.holdError = null;
    },
    dayChosen(state, action: PayloadAction<string>) {
      if (state.holding || !state.doctorId) return;
      state.day = action.payload;
      state.slot = null;
      state.notice = null;
      state.holdError = null;
    },
    hourChosen(state, action: PayloadAction<ChosenSlot>) {
      if (state.holding || !state.doctorId || !state.day) return;
      state.slot = { id: action.payload.id, hour: action.payload.hour };
      state.notice = null;
      state.holdError = null;
    },
    /**
     * the page opened with a choice kept before registering or logging in (a refused hold's
     * message, if any, stays: it says why the patient is back here)
     */
    choiceRestored(state, action: PayloadAction<PendingBooking>) {
      if (state.holding) return;
      const { doctorId, date, availabilityId, hour, visitTypeId } = action.payload;
      state.doctorId = doctorId;
      state.visitTypeId = visitTypeId ?? null;
      state.day = date;
      state.slot = { id: availabilityId, hour };
      state.notice = null;
    },
    noticeDismissed(state) {
      state.notice = null;
    },
    holdErrorDismissed(state) {
      state.holdError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(slotVanished, (state, { payload }) => {
        // while our own hold is in flight its change may arrive first: the answer decides
        if (state.holding || !state.slot) return;
        if (payload.doctorId !== state.doctorId || payload.date !== state.day) return;
        if (payload.slotId === state.slot.id || payload.hour === state.slot.hour)
          unchooseTaken(state, payload.reason === 'closed' ? 'hourClosed' : payload.reason === 'unknown' ? 'hourGone' : 'hourTaken');
      })
      .addCase(dayEmptied, (state, { payload }) => {
        if (state.holding) return;
        if (payload.doctorId !== state.doctorId || payload.date !== state.day) return;
        state.day = null;
        state.slot = null;
        state.notice ??= 'dayFull';
      })
      .addCase(liveConnectionChanged, (state, { payload }) => {
        if (payload === 'online') return; // 'online' once a watch is acknowledged
        state.live = payload;
        state.watchedDoctorIds = [];
      })
      .addCase(liveWatchStarted, (state, { payload }) => {
        state.live = 'online';
        if (!state.watchedDoctorIds.includes(payload.doctorId)) state.watchedDoctorIds.push(payload.doctorId);
      })
      // the next user of this tab starts from nothing (the live connection stays as it is)
      .addMatcher(api.endpoints.logout.matchFulfilled, (state) => ({ ...initialBookingState, live: state.live }))
      .addMatcher(getFreeSlots.matchFulfilled, (state, action) => {
        // a fresh answer without the chosen hour (taken while we were away, or a restored choice)
        const { doctorId, date, visitTypeId } = action.meta.arg.originalArgs;
        if (state.holding || !state.slot || doctorId !== state.doctorId || date !== state.day || (visitTypeId ?? null) !== state.visitTypeId) return;
        const chosen = state.slot;
        if (!action.payload.some((s) => s.id === chosen.id)) unchooseTaken(state, 'hourGone');
      })
      .addMatcher(holdSlot.matchPending, (state) => {
        state.holding = true;
        state.holdError = null;
        state.notice = null;
      })
      .addMatcher(holdSlot.matchFulfilled, (state) => {
        // held: the next visit to the page starts from the days of the same doctor
        state.holding = false;
        state.day = null;
        state.slot = null;
        state.notice = null;
        state.holdError = null;
      })
      .addMatcher(holdSlot.matchRejected, (state, action) => {
        state.holding = false;
        state.holdError = errorMessage(action.payload ?? action.error, it.booking.holdFailed);
        // 409: someone else has it; the lists reload (the mutation invalidates them)
        if ((action.payload as { status?: unknown } | undefined)?.status === 409) state.slot = null;
      });
  },
});

export const { doctorChosen, visitTypeChosen, dayChosen, hourChosen, choiceRestored, noticeDismissed, holdErrorDismissed } = bookingSlice.actions;
export { dayEmptied, liveWatchStarted, slotVanished };

type WithBooking = { booking: BookingUiState };
export const selectBooking = (state: WithBooking) => state.booking;
/** the hidden input availability_id: the chosen slot's id, '0' when none */
export const selectAvailabilityId = (state: WithBooking) => state.booking.slot?.id ?? NO_AVAILABILITY;
export const selectCanSave = (state: WithBooking) => state.booking.slot !== null && !state.booking.holding;
export const selectSubmitLabel = (state: WithBooking) => (state.booking.slot ? it.booking.submit : it.booking.submitChoose);
/** live for the chosen doctor: 'online' only once that doctor's watch is acknowledged */
export const selectBookingLive = (state: WithBooking): LiveStatus => {
  const { live, doctorId, watchedDoctorIds } = state.booking;
  if (live !== 'online') return live;
  return doctorId && watchedDoctorIds.includes(doctorId) ? 'online' : 'connecting';
};
