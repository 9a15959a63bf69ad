import { z } from './zod-it';
import { SlotStatus } from '../scheduling/availability';

// the event names are in socket-names.ts (no zod: the browser's first page uses them)

/** `since`: the last position the client saw; the server replays every later change of that doctor */
export const AvailabilityWatch = z.object({ doctorId: z.string().min(1), since: z.number().int().nonnegative().optional() });
export type AvailabilityWatch = z.infer<typeof AvailabilityWatch>;

export type AvailabilityWatchAck = { ok: true; position: number } | { ok: false; error: string };

export const AvailabilityChanged = z.object({
  doctorId: z.string(),
  slot: z.object({
    id: z.string(),
    start: z.string(),
    end: z.string(),
    status: SlotStatus,
    color: z.string(),
    textColor: z.string(),
    url: z.string().optional(),
  }),
  position: z.number(),
});
export type AvailabilityChanged = z.infer<typeof AvailabilityChanged>;

export type MyBookingsWatchAck = { ok: true } | { ok: false; error: string };
export const MyBookingsChanged = z.object({ bookingId: z.string(), status: z.string(), position: z.number() });
export type MyBookingsChanged = z.infer<typeof MyBookingsChanged>;

/** /agenda: staff follow a doctor's appointments (the doctor only their own); a change says "read it again" */
export const AGENDA_WATCH = 'agenda:watch';
export const AGENDA_CHANGED = 'agenda:changed';
export const AgendaWatch = z.object({ doctorId: z.string().min(1) });
export type AgendaWatchAck = { ok: true } | { ok: false; error: string };
export const AgendaChanged = z.object({ doctorId: z.string(), bookingId: z.string(), position: z.number() });
export type AgendaChanged = z.infer<typeof AgendaChanged>;
