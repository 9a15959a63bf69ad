import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';

/**
 * Events of `externalcalendar-<doctorId>`: the doctor's external calendar over CalDAV (its address, user and
 * application password sealed with the doctor's key, tried before it is kept) and the outcome of each sync.
 */
export const ExternalCalendarConnected = z.object({
  doctorId: z.string(),
  /** {url, username, password, calendarUrl}: where the calendar is and how to get in */
  connection: Sealed,
  connectedBy: z.string(),
});
export const ExternalCalendarDisconnected = z.object({ doctorId: z.string(), disconnectedBy: z.string() });
/** a slot the external calendar covers but a patient already has: never taken away, shown to the doctor */
const SyncConflict = z.object({ start: z.string(), end: z.string(), status: z.enum(['held', 'booked']) });
export const ExternalCalendarSynced = z.object({
  doctorId: z.string(),
  at: z.string(),
  /** the calendar's version when read (CTag), so an unchanged calendar is not read again */
  ctag: z.string().nullable(),
  /** how many of its events (recurrences expanded) fell inside the synced days */
  busyTimes: z.number().int().min(0),
  closed: z.number().int().min(0),
  reopened: z.number().int().min(0),
  conflicts: z.array(SyncConflict),
});
export const ExternalCalendarSyncFailed = z.object({ doctorId: z.string(), at: z.string(), reason: z.string() });

/** this stream's events, for the catalogue */
export const ExternalCalendarEventSchemas = {
  ExternalCalendarConnected,
  ExternalCalendarDisconnected,
  ExternalCalendarSynced,
  ExternalCalendarSyncFailed,
} as const;
