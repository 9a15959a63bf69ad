import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { isoDay } from './booking';
import { STREAM_PREFIX } from '../platform/streams';

/** 'HH:MM' on the hour or the half hour */
const halfHour = z.string({ error: 'Orario mancante' }).regex(/^([01]\d|2[0-4]):(00|30)$/, { message: 'Orario non valido: usa HH:MM all’ora o alla mezz’ora' });

export const TimeRange = z
  .object({
    from: halfHour,
    to: halfHour,
    /** the practice's location where the doctor receives in this block (absent: the practice's one address) */
    locationId: z.string({ error: 'Sede non valida' }).min(1, 'Sede non valida').max(64, 'Sede non valida').optional(),
  })
  .refine((r) => r.from < r.to, { message: 'L’orario di fine deve seguire quello di inizio', path: ['to'] });
export type TimeRange = z.infer<typeof TimeRange>;

/** seven days, Monday first; each day several ranges (none: closed) */
export const WeeklySchedule = z
  .array(z.array(TimeRange).max(6, 'Al massimo 6 fasce orarie al giorno'), { error: 'Orario settimanale non valido' })
  .length(7, 'Servono i sette giorni della settimana, dal lunedì alla domenica')
  .refine(
    (days) =>
      days.every((ranges) => {
        const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
        return sorted.every((r, i) => i === 0 || sorted[i - 1].to <= r.from);
      }),
    { message: 'Le fasce orarie di uno stesso giorno non devono sovrapporsi' },
  );
export type WeeklySchedule = z.infer<typeof WeeklySchedule>;

/** the location of the block of the weekly schedule holding the slot that starts at `hour` of `date`; null when none says */
export function scheduleLocationAt(days: readonly (readonly TimeRange[])[], date: string, hour: string): string | null {
  const ranges = days[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] ?? [];
  return ranges.find((r) => r.from <= hour && hour < r.to)?.locationId ?? null;
}

export function scheduleStreamName(doctorId: string): string {
  return `${STREAM_PREFIX.schedule}${doctorId}`;
}

// ---- HTTP ----------------------------------------------------------------------------------

/** PUT /api/doctors/:id/weekly-schedule */
export const WeeklyScheduleRequest = z.object({ days: WeeklySchedule });

export const MAX_APPLY_DAYS = 120;

const dayRange = z
  .object({ from: isoDay, to: isoDay })
  .refine((r) => r.to >= r.from, { message: 'La data finale deve seguire quella iniziale', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_APPLY_DAYS, {
    message: `Intervallo troppo ampio: al massimo ${MAX_APPLY_DAYS} giorni`,
    path: ['to'],
  });

/** POST /api/doctors/:id/weekly-schedule/apply: the schedule becomes the slots of these days */
export const ApplyScheduleRequest = dayRange;

/** POST /api/doctors/:id/availability/day: "apri tutta la giornata" / "chiudi tutta la giornata" */
export const WholeDayRequest = z.object({
  date: isoDay,
  action: z.enum(['open', 'close'], { error: "Azione non valida: 'open' o 'close'" }),
});

/** POST /api/doctors/:id/availability/copy-week: the week starting on `from` (a Monday) onto the next `weeks` */
export const CopyWeekRequest = z.object({
  from: isoDay.refine((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1, { message: 'La settimana da copiare deve iniziare di lunedì' }),
  weeks: z
    .number({ error: 'Numero di settimane mancante' })
    .int('Numero di settimane non valido')
    .min(1, 'Almeno una settimana')
    .max(12, 'Al massimo 12 settimane'),
});

/** POST /api/doctors/:id/closures */
export const ClosureRequest = z
  .object({
    from: isoDay,
    to: isoDay,
    reason: storedText({
      label: 'Motivo',
      kind: 'lines',
      max: 200,
      tooLong: 'Motivo troppo lungo (al massimo 200 caratteri)',
      notText: 'Motivo non valido',
    }).default(''),
  })
  .refine((r) => r.to >= r.from, { message: 'La data finale deve seguire quella iniziale', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_APPLY_DAYS, {
    message: `Intervallo troppo ampio: al massimo ${MAX_APPLY_DAYS} giorni`,
    path: ['to'],
  });

/** what a tool changed: slots opened and closed, per day appended once */
export const DaySlotsResult = z.object({ opened: z.number(), closed: z.number(), days: z.number() });
export type DaySlotsResult = z.infer<typeof DaySlotsResult>;

/** a closure's answer: what it closed and the bookings inside it, which stay (the practice moves or cancels them) */
export const ClosureResult = DaySlotsResult.extend({
  closureId: z.string(),
  bookings: z.array(z.object({ id: z.string(), start: z.string(), end: z.string(), status: z.string() })),
});
export type ClosureResult = z.infer<typeof ClosureResult>;
