import { z } from 'zod';
import { STREAM_PREFIX } from './streams';

/** 'YYYY-MM-DD', a real calendar day */
export const isoDay = z
  .string({ error: 'Data mancante' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Data non valida: usa il formato AAAA-MM-GG' })
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
  }, { message: 'Data non valida' });

/** GET /disponibilita/query?for=&date= */
export const FreeSlotsQuery = z.object({
  for: z.string({ error: 'Medico mancante' }).min(1, 'Medico mancante'),
  date: isoDay,
});

/** a free slot of one day: `id` goes into the booking form as availability_id */
export const FreeSlot = z.object({ id: z.string(), hour: z.string() });
export type FreeSlot = z.infer<typeof FreeSlot>;

export const MAX_FREE_DAYS_RANGE = 62;

/** GET /api/doctors/:id/days?from=&to= (both days included) */
export const FreeDaysQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.to >= q.from, { message: "La data finale deve seguire quella iniziale", path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_FREE_DAYS_RANGE, {
    message: `Intervallo troppo ampio: al massimo ${MAX_FREE_DAYS_RANGE} giorni`,
    path: ['to'],
  });

export const FreeDay = z.object({ date: z.string(), free: z.number().int() });
export type FreeDay = z.infer<typeof FreeDay>;

/** the spec's booking form; availability_id 0 means "nothing chosen yet" */
export const HoldRequest = z.object({
  doctor_id: z.string({ error: 'Medico mancante' }).min(1, 'Medico mancante'),
  availability_id: z
    .union([z.string(), z.number()], { error: 'Scegli prima un giorno e un orario' })
    .transform(String)
    .refine((v) => v !== '' && v !== '0', { message: 'Scegli prima un giorno e un orario' }),
});
export type HoldRequest = z.input<typeof HoldRequest>;

export const HoldResponse = z.object({ id: z.string(), expiresAt: z.string() });
export type HoldResponse = z.infer<typeof HoldResponse>;

export const BookingStatus = z.enum(['held', 'expired', 'released', 'replaced', 'confirmed']);
export type BookingStatus = z.infer<typeof BookingStatus>;

/** GET /prenotazioni/:id and each item of GET /api/me/bookings */
export const BookingView = z.object({
  id: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  status: BookingStatus,
  expiresAt: z.string(),
});
export type BookingView = z.infer<typeof BookingView>;

export function bookingStreamName(bookingId: string): string {
  return `${STREAM_PREFIX.booking}${bookingId}`;
}
