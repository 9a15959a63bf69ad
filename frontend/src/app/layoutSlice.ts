import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** UI state of the page frame; actions are named after what happened */
export type LayoutState = { sidenavOpen: boolean };

const initialState: LayoutState = { sidenavOpen: false };

export const layoutSlice = createSlice({
  name: 'layout',
  initialState,
  reducers: {
    sidenavToggleClicked(state) {
      state.sidenavOpen = !state.sidenavOpen;
    },
    /** Escape, the close button or the backdrop */
    sidenavDismissed(state) {
      state.sidenavOpen = false;
    },
    /** a link of the side navigation was followed; on phones the overlay closes */
    navLinkFollowed(state, action: PayloadAction<{ narrowScreen: boolean }>) {
      if (action.payload.narrowScreen) state.sidenavOpen = false;
    },
  },
});

export const { sidenavToggleClicked, sidenavDismissed, navLinkFollowed } = layoutSlice.actions;
export const selectSidenavOpen = (state: { layout: LayoutState }) => state.layout.sidenavOpen;
