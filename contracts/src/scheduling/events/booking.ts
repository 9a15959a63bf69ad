import { z } from '../../platform/zod-it';
import { BookedVisit } from '../visit-types';
import { HoldEndReason } from './availability';
import { Sealed } from '../../platform/sealed';

/** Events of `booking-<id>`: a booking from its hold to its outcome (the undone outcome: `../outcome.ts`). */

/** whose booking, with which doctor */
const booking = { bookingId: z.string(), patientId: z.string(), doctorId: z.string() };
/** a move from one slot to another of the same doctor */
const move = {
  fromSlotId: z.string(),
  fromStart: z.string(),
  fromEnd: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  /** the new time's location (null: none), which emails, texts and receipts give; absent in moves recorded before it was */
  locationId: z.string().nullable().optional(),
};

/** on `booking-<id>` */
export const BookingHeld = z.object({
  ...booking,
  slotId: z.string(),
  start: z.string(),
  /** the end of the whole visit (a 60-minute visit holds two slots) */
  end: z.string(),
  expiresAt: z.string(),
  /** the visit type booked, as it was when held (absent: a 30-minute booking of no type) */
  visit: BookedVisit.optional(),
  /** the practice's location of the visit, as the weekly schedule said when held (absent: the practice's one address) */
  locationId: z.string().optional(),
});
export const BookingHoldEnded = z.object({ bookingId: z.string(), reason: HoldEndReason });
/** on `booking-<id>`: paid by the order `orderId` (the PayPal order id) */
export const BookingConfirmed = z.object({ bookingId: z.string(), orderId: z.string() });
/** on `booking-<id>`: PayPal holds this booking's capture for review (PENDING): the hold does not run out meanwhile */
export const BookingPaymentInReview = z.object({ bookingId: z.string(), orderId: z.string() });

/** who acted on a booking */
export const BookingActor = z.enum(['patient', 'doctor', 'admin']);
export type BookingActor = z.infer<typeof BookingActor>;
/**
 * on `booking-<id>`: the visit will not take place. `refund` says whether the payment is refunded in full
 * (before the cut-off, or cancelled by the practice) or not at all; `reason` may speak of the patient, so it is
 * sealed with the patient's key. (Shared by the agenda, notifications and receipts: keep the shape stable.)
 */
export const BookingCancelled = z.object({
  ...booking,
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  by: BookingActor,
  reason: Sealed.nullable(),
  refund: z.enum(['full', 'none']),
  at: z.string(),
});
/** on `booking-<id>`: moved to another slot of the same doctor; `sequence` counts the moves (1 for the first: the .ics SEQUENCE) */
export const BookingRescheduled = z.object({
  ...booking,
  ...move,
  sequence: z.number().int().positive(),
  by: BookingActor,
  at: z.string(),
});
/** on `booking-<id>`: what happened once the visit's time had come */
export const BookingOutcome = z.enum(['completed', 'no_show']);
export const BookingOutcomeRecorded = z.object({ ...booking, outcome: BookingOutcome, at: z.string() });
/** on `booking-<id>`: the reschedule workflow's intent, recorded before any other stream is touched */
export const BookingRescheduleRequested = z.object({
  ...booking,
  requestId: z.string(),
  orderId: z.string(),
  ...move,
  by: BookingActor,
  at: z.string(),
});
/** on `booking-<id>`: the new slot was refused (taken meanwhile); the booking stays where it was */
export const BookingRescheduleAbandoned = z.object({ bookingId: z.string(), requestId: z.string(), reason: z.string() });
/** on `booking-<id>`: the cancel workflow's last step: slot freed and, when due, the payment refunded */
export const BookingCancellationSettled = z.object({ bookingId: z.string(), refundId: z.string().nullable() });

/** this stream's events, for the catalogue (./index.ts) */
export const BookingEventSchemas = {
  BookingHeld,
  BookingHoldEnded,
  BookingConfirmed,
  BookingPaymentInReview,
  BookingCancelled,
  BookingRescheduled,
  BookingOutcomeRecorded,
  BookingRescheduleRequested,
  BookingRescheduleAbandoned,
  BookingCancellationSettled,
} as const;
