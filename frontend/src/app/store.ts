import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { availabilitySlice } from '../features/scheduling/availability/availabilitySlice';
import { bookingSlice } from '../features/scheduling/booking/bookingSlice';
import { api } from '../lib/api';
import { layoutSlice } from './layoutSlice';

export function makeStore() {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [layoutSlice.name]: layoutSlice.reducer,
      [availabilitySlice.name]: availabilitySlice.reducer,
      [bookingSlice.name]: bookingSlice.reducer,
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
