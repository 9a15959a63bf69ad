import { z } from '../platform/zod-it';
import { isoDay } from '../scheduling/booking';

const isoMonth = z.string({ error: 'Mese mancante' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Mese non valido: usa il formato AAAA-MM' });

/** GET /api/statistics?from=&to=&doctorId=&compareAt=: months by the visit's day, both ends included */
export const StatisticsQuery = z
  .object({
    from: isoMonth,
    to: isoMonth,
    /** the administrator may ask for one doctor; a doctor sees only their own */
    doctorId: z.string({ error: 'Medico non valido' }).min(1, 'Medico non valido').max(64, 'Medico non valido').optional(),
    /** the day the practice compares before and after (for instance when the reminders started) */
    compareAt: isoDay.optional(),
  })
  .refine((q) => q.to >= q.from, { message: 'Il mese finale deve seguire quello iniziale', path: ['to'] });
export type StatisticsQuery = z.infer<typeof StatisticsQuery>;

/** the channel of a visit's last reminder (push is a side note beside them, not counted), or none */
export type ReminderChannelFigure = 'whatsapp' | 'sms' | 'email' | 'none';

export interface VisitCounts {
  /** visits booked and paid (cancelled ones included) */
  visits: number;
  confirmedByReply: number;
  cancelledByReply: number;
  /** every cancellation, by reply or not */
  cancelled: number;
  noShows: number;
  /** no-shows out of the visits not cancelled, 0 to 1 (null without such visits) */
  noShowRate: number | null;
}

export interface StatisticsRow extends VisitCounts {
  month: string;
  channel: ReminderChannelFigure;
}

export interface VisitStatistics {
  rows: StatisticsRow[];
  totals: VisitCounts;
  /** the visits before the chosen day and from it on, in the months asked */
  comparison: { at: string; before: VisitCounts; after: VisitCounts } | null;
}
