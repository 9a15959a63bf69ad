import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { availabilityApi } from './availabilityApi';
import { liveConnectionChanged, type LiveStatus } from '../../../lib/liveStatus';

/** UI state only: slots waiting for the toggle answer, the last toggle error, the live connection */
export type AvailabilityUiState = {
  pendingSlotIds: string[];
  toggleError: string | null;
  live: LiveStatus;
};

const initialState: AvailabilityUiState = { pendingSlotIds: [], toggleError: null, live: 'connecting' };

const { toggleSlot } = availabilityApi.endpoints;

export const availabilitySlice = createSlice({
  name: 'availabilityUi',
  initialState,
  reducers: {
    toggleErrorDismissed(state) {
      state.toggleError = null;
    },
    /** the user went to another doctor: errors of the previous one no longer apply */
    doctorChosen(state, _action: PayloadAction<string>) {
      state.toggleError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(liveConnectionChanged, (state, action) => {
        state.live = action.payload;
      })
      .addMatcher(toggleSlot.matchPending, (state, action) => {
        const { slotId } = action.meta.arg.originalArgs;
        if (!state.pendingSlotIds.includes(slotId)) state.pendingSlotIds.push(slotId);
        state.toggleError = null;
      })
      .addMatcher(toggleSlot.matchFulfilled, (state, action) => {
        const { slotId } = action.meta.arg.originalArgs;
        state.pendingSlotIds = state.pendingSlotIds.filter((id) => id !== slotId);
      })
      .addMatcher(toggleSlot.matchRejected, (state, action) => {
        const { slotId } = action.meta.arg.originalArgs;
        state.pendingSlotIds = state.pendingSlotIds.filter((id) => id !== slotId);
        state.toggleError = errorMessage(action.payload, it.availability.toggleFailed);
      });
  },
});

export const { toggleErrorDismissed, doctorChosen } = availabilitySlice.actions;

type WithAvailabilityUi = { availabilityUi: AvailabilityUiState };
export const selectPendingSlotIds = (state: WithAvailabilityUi) => state.availabilityUi.pendingSlotIds;
export const selectToggleError = (state: WithAvailabilityUi) => state.availabilityUi.toggleError;
export const selectLiveStatus = (state: WithAvailabilityUi) => state.availabilityUi.live;
