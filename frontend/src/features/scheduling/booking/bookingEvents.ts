/** Events of the booking page raised by the live updates (the api dispatches them, the slice reacts). */
import { createAction } from '@reduxjs/toolkit';
import type { DayTarget } from './liveLists';

/**
 * a free hour of a shown day went: `closed` by the doctor, or `taken` (held or booked by another patient);
 * if it was the chosen one, it is unchosen and the page says which of the two happened
 */
export const slotVanished = createAction<DayTarget & { slotId: string; hour: string; reason?: 'taken' | 'closed' | 'unknown' }>('booking/slotVanished');
/** the last free hour of a shown day went */
export const dayEmptied = createAction<DayTarget>('booking/dayEmptied');
/** the server acknowledged the watch of a doctor: changes of that doctor now arrive live */
export const liveWatchStarted = createAction<{ doctorId: string }>('booking/liveWatchStarted');
