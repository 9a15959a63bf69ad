import { z } from './zod-it';

/** how long after recording it an outcome ("Svolta", "Assente") can be undone */
export const OUTCOME_UNDO_HOURS = 24;

/** on `booking-<id>`: the recorded outcome is withdrawn (within OUTCOME_UNDO_HOURS); the booking is confirmed again */
export const BookingOutcomeUndone = z.object({
  bookingId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  /** the outcome withdrawn */
  outcome: z.enum(['completed', 'no_show']),
  at: z.string(),
});
