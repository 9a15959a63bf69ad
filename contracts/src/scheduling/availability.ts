import { z } from '../platform/zod-it';
import { STREAM_PREFIX } from '../platform/streams';

export const SLOT_MINUTES = 30;

/** 'YYYY-MM-DDTHH:mm:ssZ' or with milliseconds; slots are practice wall-clock times written as UTC */
export const utcInstant = z
  .string({ error: 'Data mancante' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|\+00:00)$/, {
    message: 'Data non valida: usa il formato UTC AAAA-MM-GGTHH:MM:SSZ',
  })
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'Data non valida' });

/** busy: the doctor's external calendar has something then (red for the doctor, simply not free for patients) */
export const SlotStatus = z.enum(['available', 'unavailable', 'held', 'booked', 'busy']);
export type SlotStatus = z.infer<typeof SlotStatus>;

export const SLOT_COLORS: Record<SlotStatus, { color: string; textColor: string }> = {
  available: { color: '#198754', textColor: '#ffffff' },
  unavailable: { color: '#e9ecef', textColor: '#212529' },
  held: { color: '#dc3545', textColor: '#ffffff' },
  booked: { color: '#dc3545', textColor: '#ffffff' },
  busy: { color: '#dc3545', textColor: '#ffffff' },
};

export const SLOT_TITLES: Record<SlotStatus, string> = {
  available: 'Disponibile',
  unavailable: 'Non disponibile',
  held: 'In attesa di pagamento',
  booked: 'Prenotato',
  busy: 'Occupato (calendario esterno)',
};

/** one FullCalendar event per 30-minute slot (GET /disponibilita/json) */
export const AvailabilityEvent = z.object({
  id: z.string(),
  title: z.string(),
  color: z.string(),
  textColor: z.string(),
  url: z.string().optional(),
  start: z.string(),
  end: z.string(),
  status: SlotStatus,
});
export type AvailabilityEvent = z.infer<typeof AvailabilityEvent>;

export const AvailabilityRangeQuery = z.object({
  for: z.string({ error: 'Medico mancante' }).min(1, 'Medico mancante'),
  start: utcInstant,
  end: utcInstant,
});

export const ToggleRequest = z.object({
  for: z.string({ error: 'Medico mancante' }).min(1, 'Medico mancante'),
  start: utcInstant,
  end: utcInstant,
  /** the status the caller saw (optional): the toggle is refused (409) when the slot has changed since */
  seen: z.enum(['available', 'unavailable'], { error: 'Stato visto non valido' }).optional(),
});
export type ToggleRequest = z.infer<typeof ToggleRequest>;

export const ToggleResponse = z.object({ id: z.string(), color: z.string(), textColor: z.string(), status: SlotStatus });
export type ToggleResponse = z.infer<typeof ToggleResponse>;

/**
 * an hour of the day: a whole number, or its digits as a form posts them; never null, '', [], true
 * (which z.coerce would have turned into 0 or 1)
 */
const hour = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${label}: indica un’ora intera` })
      .int(`${label}: indica un’ora intera`)
      .min(min, `${label}: ora non valida (da ${min} a ${max})`)
      .max(max, `${label}: ora non valida (da ${min} a ${max})`),
  );

export const WorkingHours = z
  .object({
    startHour: hour('Ora di inizio (startHour)', 0, 23),
    endHour: hour('Ora di fine (endHour)', 1, 24),
  })
  .refine((w) => w.endHour > w.startHour, { message: 'L’ora di fine deve seguire l’ora di inizio', path: ['endHour'] });
export type WorkingHours = z.infer<typeof WorkingHours>;

export const DEFAULT_WORKING_HOURS: WorkingHours = { startHour: 8, endHour: 19 };

/** canonical form of a slot start: 'YYYY-MM-DDTHH:mm:00Z' */
export function canonicalSlotStart(iso: string): string {
  return new Date(iso).toISOString().slice(0, 16) + ':00Z';
}

/** deterministic id of a doctor's slot: stable across open/close, usable in forms */
export function slotId(doctorId: string, start: string): string {
  const c = canonicalSlotStart(start);
  return `${doctorId}~${c.slice(0, 10).replace(/-/g, '')}${c.slice(11, 13)}${c.slice(14, 16)}`;
}

export function parseSlotId(id: string): { doctorId: string; start: string } | null {
  const m = /^(.+)~(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(id);
  if (!m) return null;
  return { doctorId: m[1], start: `${m[2]}-${m[3]}-${m[4]}T${m[5]}:${m[6]}:00Z` };
}

export function availabilityStreamName(doctorId: string, day: string): string {
  return `${STREAM_PREFIX.availability}${doctorId}-${day}`;
}
