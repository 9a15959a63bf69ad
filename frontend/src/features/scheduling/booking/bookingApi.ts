/**
 * The booking page's server data: a doctor's days with free hours (next 4 weeks) and one day's
 * free hours. Both watch the doctor over the shared socket and patch their cache entry at once
 * when a slot of that doctor changes.
 */
import { READ_POSITION_HEADER, type AvailabilityChanged, type FreeDay, type FreeSlot, type PublicProduct, type VisitTypeView } from '@studio/contracts';
import { api } from '../../../lib/api';
import { availabilityWatcher, liveConnectionChanged } from '../../../lib/liveStatus';
import type { WatchListener } from '../../../lib/liveUpdates';
import { dayEmptied, liveWatchStarted, slotVanished } from './bookingEvents';
import { patchFreeDays, patchFreeSlots, slotPlace, vanishedSlot, type DaysWindow, type DayTarget } from './liveLists';

export type FreeDaysArgs = DaysWindow;
export type FreeSlotsArgs = DayTarget;

/** the position the answer was read at, when the server says it: the watch replays from there */
function readPosition(meta: unknown): number | undefined {
  const response = (meta as { response?: Response } | undefined)?.response;
  const position = Number(response?.headers.get(READ_POSITION_HEADER) ?? NaN);
  return Number.isInteger(position) ? position : undefined;
}

export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFreeDays: build.query<FreeDay[], FreeDaysArgs>({
      query: ({ doctorId, from, to, visitTypeId, locationId }) => ({
        url: `/api/doctors/${encodeURIComponent(doctorId)}/days`,
        // fetchBaseQuery leaves out the undefined ones
        params: { from, to, type: visitTypeId, location: locationId },
      }),
      providesTags: (_result, _error, { doctorId }) => [{ type: 'BookingDays', id: doctorId }],
      async onCacheEntryAdded(arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getCacheEntry, getState, dispatch }) {
        let leave: (() => void) | undefined;
        try {
          const { meta } = await cacheDataLoaded;
          const listener: WatchListener = {
            onChange(change: AvailabilityChanged) {
              const current = getCacheEntry().data;
              if (!current) return;
              // a longer visit fits or not by its neighbours too, a location by the schedule: the server counts again
              if (arg.visitTypeId || arg.locationId) return void dispatch(api.util.invalidateTags([{ type: 'BookingDays', id: arg.doctorId }]));
              // the changed day's free hours, when this page has them: the count is then exact
              const place = slotPlace(change);
              const hours = place ? bookingApi.endpoints.getFreeSlots.select({ doctorId: arg.doctorId, date: place.date })(getState()).data : undefined;
              const next = patchFreeDays(current, change, arg, hours, Date.now());
              if (next !== current) updateCachedData(() => next as FreeDay[]);
            },
            onStatus: (status) => dispatch(liveConnectionChanged(status)),
            onWatched: () => dispatch(liveWatchStarted({ doctorId: arg.doctorId })),
            onResync: () => dispatch(api.util.invalidateTags([{ type: 'BookingDays', id: arg.doctorId }])),
          };
          leave = (await availabilityWatcher()).watch(arg.doctorId, listener, readPosition(meta));
        } catch {
          // the entry went away before its data arrived: nothing to watch
        }
        await cacheEntryRemoved;
        leave?.();
      },
    }),

    getFreeSlots: build.query<FreeSlot[], FreeSlotsArgs>({
      query: ({ doctorId, date, visitTypeId, locationId }) => ({
        url: '/disponibilita/query',
        params: { for: doctorId, date, type: visitTypeId, location: locationId },
      }),
      providesTags: (_result, _error, { doctorId }) => [{ type: 'FreeSlots', id: doctorId }],
      async onCacheEntryAdded(arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getCacheEntry, dispatch }) {
        let leave: (() => void) | undefined;
        try {
          const { meta } = await cacheDataLoaded;
          const listener: WatchListener = {
            onChange(change: AvailabilityChanged) {
              const before = getCacheEntry().data;
              if (!before) return;
              // a longer visit, or hours that say their location (which a change does not carry): the server answers again
              if (arg.visitTypeId || arg.locationId || before.some((s) => s.locationId)) {
                const place = slotPlace(change);
                if (place?.date === arg.date) dispatch(api.util.invalidateTags([{ type: 'FreeSlots', id: arg.doctorId }]));
                return;
              }
              const after = patchFreeSlots(before, change, arg, Date.now());
              if (after === before) return;
              updateCachedData(() => after as FreeSlot[]);
              const gone = vanishedSlot(before, after);
              // patients and visitors learn only free or not free ('unavailable'): then the page cannot tell who took the hour
              if (gone)
                dispatch(slotVanished({ ...arg, slotId: gone.id, hour: gone.hour, reason: change.slot.status === 'unavailable' ? 'unknown' : 'taken' }));
              if (before.length > 0 && after.length === 0) dispatch(dayEmptied(arg));
            },
            onStatus: (status) => dispatch(liveConnectionChanged(status)),
            onWatched: () => dispatch(liveWatchStarted({ doctorId: arg.doctorId })),
            onResync: () => dispatch(api.util.invalidateTags([{ type: 'FreeSlots', id: arg.doctorId }])),
          };
          leave = (await availabilityWatcher()).watch(arg.doctorId, listener, readPosition(meta));
        } catch {
          /* removed before loaded */
        }
        await cacheEntryRemoved;
        leave?.();
      },
    }),
    /** the doctor's bookable visit types: /prenota starts from one (its length and price) */
    getVisitTypes: build.query<VisitTypeView[], string>({
      query: (doctorId) => ({ url: `/api/doctors/${encodeURIComponent(doctorId)}/visit-types` }),
    }),
    /** what a visit costs, shown with the doctor before the patient commits (GET /api/products, public) */
    getVisitPrices: build.query<PublicProduct[], void>({
      query: () => ({ url: '/api/products' }),
    }),
  }),
});

export const { useGetFreeDaysQuery, useGetFreeSlotsQuery, useGetVisitPricesQuery, useGetVisitTypesQuery } = bookingApi;
