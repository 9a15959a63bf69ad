import { STREAM_PREFIX } from '../platform/streams';
import { z } from '../platform/zod-it';

/** a series of follow-ups ("N visite ogni K settimane"): its own stream, `series-<id>` */
export function followUpSeriesStreamName(seriesId: string): string {
  return `${STREAM_PREFIX.series}${seriesId}`;
}

export const SERIES_MAX_VISITS = 10;
export const SERIES_MAX_EVERY_WEEKS = 8;
export const DeskMethod = z.enum(['cash', 'card', 'transfer'], { error: 'Metodo di pagamento non valido: contanti, carta o bonifico' });

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
