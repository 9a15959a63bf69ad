import { z } from '../../platform/zod-it';

/** Events of the doctor-day stream `availability-<doctorId>-<yyyy-mm-dd>`: a slot opened, closed, held, given back, booked, freed, rebooked, busy in the doctor's external calendar (the weekly schedule's and closures' events: `../availability-tools.ts`). */

/** every event of the stream names its slot */
const slot = { doctorId: z.string(), slotId: z.string(), start: z.string(), end: z.string() };
export const SlotOpened = z.object(slot);
export const SlotClosed = z.object(slot);

/** why a hold ended: its time ran out, the patient let it go, or the patient held another slot */
export const HoldEndReason = z.enum(['expired', 'released', 'replaced']);
export type HoldEndReason = z.infer<typeof HoldEndReason>;
/** on the doctor-day stream: the slot is kept for one patient until `expiresAt` (a real instant) */
export const SlotHeld = z.object({
  ...slot,
  bookingId: z.string(),
  patientId: z.string(),
  expiresAt: z.string(),
  /** the pause the visit needs after it (its type's buffer): no other visit may start inside it; absent = none */
  bufferMinutes: z.number().int().min(0).optional(),
});
export const SlotHoldReleased = z.object({
  ...slot,
  bookingId: z.string(),
  reason: HoldEndReason,
});
/** on the doctor-day stream: a paid order turns the hold into a booking (red for good) */
export const SlotBooked = z.object({
  ...slot,
  bookingId: z.string(),
  patientId: z.string(),
  orderId: z.string(),
});

/** why a booked slot was given back: the booking was cancelled, or moved to another slot */
export const SlotFreeCause = z.enum(['cancelled', 'rescheduled']);
/** on the doctor-day stream: a booked slot is free again (the cancel and reschedule workflows' step) */
export const SlotFreed = z.object({
  ...slot,
  bookingId: z.string(),
  cause: SlotFreeCause,
});
/** on the doctor-day stream: a confirmed booking moved into this free slot (its payment carries over) */
export const SlotRebooked = z.object({
  ...slot,
  bookingId: z.string(),
  patientId: z.string(),
  orderId: z.string(),
  fromSlotId: z.string(),
});

/**
 * on the doctor-day stream: the doctor's external calendar (CalDAV) has something at this time, so the slot is closed
 * to patients until it goes; `previous` is what the slot goes back to then (open or closed by the doctor)
 */
export const SlotBusyExternally = z.object({ ...slot, previous: z.enum(['available', 'unavailable']) });
/** on the doctor-day stream: the external calendar no longer has anything at this time: the slot is as it was before */
export const SlotExternalBusyEnded = z.object({ ...slot, restored: z.enum(['available', 'unavailable']) });

/** this stream's events, for the catalogue (./index.ts) */
export const AvailabilityEventSchemas = {
  SlotOpened,
  SlotClosed,
  SlotHeld,
  SlotHoldReleased,
  SlotBooked,
  SlotFreed,
  SlotRebooked,
  SlotBusyExternally,
  SlotExternalBusyEnded,
} as const;
