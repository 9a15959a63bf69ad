// Events of `room-<locationId>-<day>`: the rooms of one location taken by visits on one day.
import { z } from '../../platform/zod-it';

/**
 * on `room-<locationId>-<day>`: a room of the location taken for a booking's visit, from its start to its end; decided
 * with the stream's expected revision, so two visits at the same time never get the same room
 */
export const RoomTaken = z.object({ locationId: z.string(), roomId: z.string(), bookingId: z.string(), start: z.string(), end: z.string() });

/** the room given back: the hold ended (let go, run out, replaced), the visit was cancelled or moved */
export const RoomReleased = z.object({ locationId: z.string(), roomId: z.string(), bookingId: z.string(), reason: z.string() });

/** this stream's events, for the catalogue (./index.ts) */
export const RoomEventSchemas = { RoomTaken, RoomReleased } as const;
