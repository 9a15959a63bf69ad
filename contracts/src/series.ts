import { Sealed } from './sealed';
import { STREAM_PREFIX } from './streams';
import { z } from './zod-it';

/** a series of follow-ups ("N visite ogni K settimane"): its own stream, `series-<id>` */
export function followUpSeriesStreamName(seriesId: string): string {
  return `${STREAM_PREFIX.series}${seriesId}`;
}

export const SERIES_MAX_VISITS = 10;
export const SERIES_MAX_EVERY_WEEKS = 8;
export const DeskMethod = z.enum(['cash', 'card', 'transfer'], { error: 'Metodo di pagamento non valido: contanti, carta o bonifico' });

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

// ---- HTTP ----------------------------------------------------------------------------------

/** POST /api/bookings/:id/series */
export const FollowUpSeriesRequest = z.object({
  count: z
    .number({ error: 'Numero di visite mancante' })
    .int('Numero di visite non valido')
    .min(2, 'Una serie ha almeno 2 visite')
    .max(SERIES_MAX_VISITS, `Al massimo ${SERIES_MAX_VISITS} visite`),
  everyWeeks: z
    .number({ error: 'Intervallo mancante: ogni quante settimane' })
    .int('Intervallo non valido')
    .min(1, 'Almeno ogni settimana')
    .max(SERIES_MAX_EVERY_WEEKS, `Al massimo ogni ${SERIES_MAX_EVERY_WEEKS} settimane`),
  method: DeskMethod,
  taxcode: z.string().trim().max(16).optional(),
});
export type FollowUpSeriesRequest = z.infer<typeof FollowUpSeriesRequest>;

export const FollowUpSeriesView = z.object({
  seriesId: z.string(),
  visits: z.array(z.object({ index: z.number(), start: z.string(), bookingId: z.string().optional(), skipped: z.string().optional() })),
});
export type FollowUpSeriesView = z.infer<typeof FollowUpSeriesView>;
