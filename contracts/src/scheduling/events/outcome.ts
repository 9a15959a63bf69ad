// An event of `booking-<id>`: an outcome withdrawn.
import { z } from '../../platform/zod-it';

/** on `booking-<id>`: the recorded outcome is withdrawn (within OUTCOME_UNDO_HOURS); the booking is confirmed again */
export const BookingOutcomeUndone = z.object({
  bookingId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  /** the outcome withdrawn */
  outcome: z.enum(['completed', 'no_show']),
  at: z.string(),
});
