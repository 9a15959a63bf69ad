import { createAction } from '@reduxjs/toolkit';

export type LiveStatus = 'connecting' | 'online' | 'offline';

/** UI event: the live connection of the availability calendar changed */
export const liveConnectionChanged = createAction<LiveStatus>('availability/liveConnectionChanged');

/**
 * The app's availability watcher: loaded, with socket.io-client and the check of pushed changes, when a calendar or
 * booking list has its data, so none of them is in the first download of a page.
 */
export const availabilityWatcher = () => import('./liveUpdates').then((live) => live.sharedAvailabilityWatcher());
