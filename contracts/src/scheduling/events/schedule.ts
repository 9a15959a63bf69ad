// Events of `schedule-<doctorId>`: the weekly schedule and the closures.
import { z } from '../../platform/zod-it';

// ---- events (registered in EventSchemas), on `schedule-<doctorId>` -------------------------

/** each block may say at which of the practice's locations the doctor receives (absent on older events: none) */
export const WeeklyScheduleSet = z.object({
  doctorId: z.string(),
  days: z.array(z.array(z.object({ from: z.string(), to: z.string(), locationId: z.string().optional() }))),
});
/** a holiday or an absence: its days stay closed (the rolling schedule skips them); bookings in it are listed, not cancelled */
export const AvailabilityClosureAdded = z.object({ doctorId: z.string(), closureId: z.string(), from: z.string(), to: z.string(), reason: z.string() });
