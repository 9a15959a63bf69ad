import { original } from '@reduxjs/toolkit';
import { READ_POSITION_HEADER } from '@studio/contracts';
import type {
  AvailabilityEvent,
  ClosureResult,
  DaySlotsResult,
  DoctorSummary,
  ToggleRequest,
  ToggleResponse,
  WeeklySchedule,
  WorkingHours,
} from '@studio/contracts';
import { api } from '../../../lib/api';
import { doctorsApi } from '../../../lib/doctorsApi';
import { availabilityWatcher, liveConnectionChanged } from '../../../lib/liveStatus';
import { applyAvailabilityChange, applyToggleResult } from './slots';

/** one cache entry per doctor and visible range (UTC ISO instants) */
export type AvailabilityArgs = { doctorId: string; start: string; end: string };
export type ToggleArgs = ToggleRequest & { slotId: string };
export type WorkingHoursArgs = WorkingHours & { doctorId: string };

/** the calendar's endpoints, on top of the shared doctors list (app/doctorsApi) */
export const availabilityApi = doctorsApi.injectEndpoints({
  endpoints: (build) => ({
    getAvailability: build.query<AvailabilityEvent[], AvailabilityArgs>({
      query: ({ doctorId, start, end }) => ({
        url: '/disponibilita/json',
        params: { for: doctorId, start, end },
      }),
      providesTags: (_result, _error, { doctorId }) => [{ type: 'Availability', id: doctorId }],
      async onCacheEntryAdded(arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getCacheEntry, dispatch }) {
        let leave: (() => void) | undefined;
        try {
          const { meta } = await cacheDataLoaded;
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (RTK's meta type)
          const response = (meta as { response?: Response } | undefined)?.response;
          const readPosition = Number(response?.headers.get(READ_POSITION_HEADER) ?? NaN);
          leave = (await availabilityWatcher()).watch(
            arg.doctorId,
            {
              onChange(change) {
                const current = getCacheEntry().data;
                if (!current) return;
                const next = applyAvailabilityChange(current, change, arg, arg.doctorId);
                if (next !== current) updateCachedData(() => next as AvailabilityEvent[]);
              },
              onStatus(status) {
                dispatch(liveConnectionChanged(status));
              },
              onResync() {
                dispatch(api.util.invalidateTags([{ type: 'Availability', id: arg.doctorId }]));
              },
            },
            Number.isInteger(readPosition) ? readPosition : undefined,
          );
        } catch {
          // the entry went away before its data arrived: nothing to watch
        }
        await cacheEntryRemoved;
        leave?.();
      },
    }),

    toggleSlot: build.mutation<ToggleResponse, ToggleArgs>({
      query: ({ for: doctorId, start, end, seen }) => ({
        url: '/disponibilita/toggle',
        method: 'POST',
        body: seen ? { for: doctorId, start, end, seen } : { for: doctorId, start, end },
      }),
      async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
        let result: ToggleResponse;
        try {
          result = (await queryFulfilled).data;
        } catch {
          return; // the old state stays; the slice shows the message
        }
        const cached = availabilityApi.util.selectCachedArgsForQuery(getState(), 'getAvailability');
        for (const weekArgs of cached) {
          if (weekArgs.doctorId !== arg.for) continue;
          dispatch(
            availabilityApi.util.updateQueryData('getAvailability', weekArgs, (draft) => {
              const base = original(draft);
              if (!base) return;
              const next = applyToggleResult(base, arg.slotId, result);
              return next === base ? undefined : (next as AvailabilityEvent[]);
            }),
          );
        }
      },
    }),

    /** "apri/chiudi tutta la giornata": the calendar follows from the live changes it watches */
    setWholeDay: build.mutation<DaySlotsResult, { doctorId: string; date: string; action: 'open' | 'close' }>({
      query: ({ doctorId, date, action }) => ({
        url: `/api/doctors/${encodeURIComponent(doctorId)}/availability/day`,
        method: 'POST',
        body: { date, action },
      }),
    }),

    /** the doctor's weekly schedule: null until one is saved */
    getWeeklySchedule: build.query<{ days: WeeklySchedule | null }, string>({
      query: (doctorId) => `/api/doctors/${encodeURIComponent(doctorId)}/weekly-schedule`,
    }),
    setWeeklySchedule: build.mutation<{ days: WeeklySchedule | null }, { doctorId: string; days: WeeklySchedule }>({
      query: ({ doctorId, days }) => ({ url: `/api/doctors/${encodeURIComponent(doctorId)}/weekly-schedule`, method: 'PUT', body: { days } }),
      async onQueryStarted({ doctorId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(availabilityApi.util.upsertQueryData('getWeeklySchedule', doctorId, data));
        } catch {
          /* the form shows the message */
        }
      },
    }),
    /** the schedule becomes the slots of [from, to]; the calendar follows from the live changes it watches */
    applyWeeklySchedule: build.mutation<DaySlotsResult, { doctorId: string; from: string; to: string }>({
      query: ({ doctorId, from, to }) => ({ url: `/api/doctors/${encodeURIComponent(doctorId)}/weekly-schedule/apply`, method: 'POST', body: { from, to } }),
    }),
    copyWeek: build.mutation<DaySlotsResult, { doctorId: string; from: string; weeks: number }>({
      query: ({ doctorId, from, weeks }) => ({
        url: `/api/doctors/${encodeURIComponent(doctorId)}/availability/copy-week`,
        method: 'POST',
        body: { from, weeks },
      }),
    }),
    addClosure: build.mutation<ClosureResult, { doctorId: string; from: string; to: string; reason: string }>({
      query: ({ doctorId, from, to, reason }) => ({ url: `/api/doctors/${encodeURIComponent(doctorId)}/closures`, method: 'POST', body: { from, to, reason } }),
    }),

    setWorkingHours: build.mutation<DoctorSummary, WorkingHoursArgs>({
      query: ({ doctorId, startHour, endHour }) => ({
        url: `/api/doctors/${encodeURIComponent(doctorId)}/working-hours`,
        method: 'PUT',
        body: { startHour, endHour },
      }),
      async onQueryStarted({ doctorId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            availabilityApi.util.updateQueryData('getDoctors', undefined, (doctors) => {
              const i = doctors.findIndex((d) => d.id === doctorId);
              if (i >= 0) doctors[i] = data;
              else doctors.push(data);
            }),
          );
        } catch {
          /* the form shows the message */
        }
      },
      // the slots of a day follow the working hours: reload the doctor's weeks
      invalidatesTags: (result, _error, { doctorId }) => (result ? [{ type: 'Availability', id: doctorId }] : []),
    }),
  }),
});

export const { useGetDoctorsQuery, useGetAvailabilityQuery, useToggleSlotMutation, useSetWorkingHoursMutation, useSetWholeDayMutation } = availabilityApi;
export const { useGetWeeklyScheduleQuery, useSetWeeklyScheduleMutation, useApplyWeeklyScheduleMutation, useCopyWeekMutation, useAddClosureMutation } =
  availabilityApi;
