// Events of `series-<id>`: a series of follow-up visits.
import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';
import { DeskMethod } from '../series';

// ---- events (registered in EventSchemas), on `series-<id>` ---------------------------------

/** the series as asked: the visit it follows, how many, every how many weeks, the starts and how they are paid */
export const FollowUpSeriesStarted = z.object({
  seriesId: z.string(),
  sourceBookingId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  everyWeeks: z.number().int(),
  starts: z.array(z.string()),
  method: DeskMethod,
  amountCents: z.number().int(),
  by: z.string(),
  /** the tax code the desk asked the receipts to name (sealed with the patient's key), so a resumed series names it too */
  taxcode: Sealed.optional(),
});
/** one visit of the series is an ordinary booking (confirmed, paid at the desk), cancellable on its own */
export const FollowUpSeriesVisitBooked = z.object({ seriesId: z.string(), index: z.number().int(), start: z.string(), bookingId: z.string() });
/** one visit could not be booked (the slot is taken or closed…): the reason, in Italian; the others go on */
export const FollowUpSeriesVisitSkipped = z.object({ seriesId: z.string(), index: z.number().int(), start: z.string(), reason: z.string() });
