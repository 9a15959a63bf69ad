import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { STREAM_PREFIX } from '../platform/streams';

/** the visit lengths a doctor may offer: whole 30-minute slots */
export const VISIT_TYPE_MINUTES = [30, 60, 90] as const;
export const VisitMode = z.enum(['studio', 'online'], { error: 'Modalità non valida: in studio o online' });
export type VisitMode = z.infer<typeof VisitMode>;

export const DEFAULT_NOTICE_MINUTES = 120;
export const DEFAULT_HORIZON_DAYS = 60;
export const MAX_BUFFER_MINUTES = 30;

/** what a booking records of its visit type when held: name, length, mode and price stay as booked */
export const BookedVisit = z.object({
  visitTypeId: z.string(),
  name: z.string(),
  minutes: z.number().int(),
  mode: VisitMode,
  productId: z.string(),
  priceCents: z.number().int(),
  /** the pause after the visit, as booked: the next visit may not start inside it (absent on older events: none) */
  bufferMinutes: z.number().int().min(0).optional(),
});
export type BookedVisit = z.infer<typeof BookedVisit>;

export function visitTypesStreamName(doctorId: string): string {
  return `${STREAM_PREFIX.visitTypes}${doctorId}`;
}

// ---- HTTP ----------------------------------------------------------------------------------

const name = storedText({ label: 'Nome', kind: 'name', max: 80, tooLong: 'Nome troppo lungo (al massimo 80 caratteri)', missing: 'Nome mancante' });
const minutes = z
  .number({ error: 'Durata mancante: 30, 60 o 90 minuti' })
  .refine((m) => (VISIT_TYPE_MINUTES as readonly number[]).includes(m), { message: 'Durata non valida: 30, 60 o 90 minuti' });
const priceCents = z
  .number({ error: 'Prezzo mancante: indicalo in centesimi di euro' })
  .int('Il prezzo va indicato in centesimi di euro (numero intero)')
  .positive('Il prezzo deve essere maggiore di zero')
  .max(100_000_000, 'Prezzo troppo alto');
const bufferMinutes = z
  .number({ error: 'Pausa dopo la visita non valida' })
  .int('La pausa va indicata in minuti interi')
  .min(0, 'La pausa non può essere negativa')
  .max(MAX_BUFFER_MINUTES, `La pausa dopo la visita è al massimo di ${MAX_BUFFER_MINUTES} minuti`);
const noticeMinutes = z
  .number({ error: 'Preavviso minimo non valido' })
  .int('Il preavviso va indicato in minuti interi')
  .min(0, 'Il preavviso non può essere negativo')
  .max(30 * 24 * 60, 'Preavviso troppo lungo (al massimo 30 giorni)');
const horizonDays = z
  .number({ error: 'Orizzonte di prenotazione non valido' })
  .int('L’orizzonte va indicato in giorni interi')
  .min(1, 'L’orizzonte è di almeno un giorno')
  .max(365, 'L’orizzonte è al massimo di 365 giorni');
const questionnaireIds = z.array(z.string().min(1), { error: 'Questionari non validi' }).max(20, 'Al massimo 20 questionari');
/** one of the practice's locations; '' for none (wherever the doctor receives, or online) */
const locationId = z.string({ error: 'Sede non valida' }).max(64, 'Sede non valida');

/** POST /api/doctors/:id/visit-types */
export const VisitTypeRequest = z.object({
  name,
  minutes,
  priceCents,
  mode: VisitMode,
  firstVisitOnly: z.boolean({ error: 'Indica se è solo per la prima visita' }).default(false),
  followUpOnly: z.boolean({ error: 'Indica se è solo per le visite di controllo' }).default(false),
  bufferMinutes: bufferMinutes.default(0),
  noticeMinutes: noticeMinutes.default(DEFAULT_NOTICE_MINUTES),
  horizonDays: horizonDays.default(DEFAULT_HORIZON_DAYS),
  questionnaireIds: questionnaireIds.optional(),
  locationId: locationId.optional(),
});
export type VisitTypeRequest = z.input<typeof VisitTypeRequest>;

/** PUT /api/doctors/:id/visit-types/:typeId: the fields that change */
export const VisitTypeUpdateRequest = z
  .object({
    name,
    minutes,
    priceCents,
    mode: VisitMode,
    firstVisitOnly: z.boolean({ error: 'Indica se è solo per la prima visita' }),
    followUpOnly: z.boolean({ error: 'Indica se è solo per le visite di controllo' }),
    bufferMinutes,
    noticeMinutes,
    horizonDays,
    questionnaireIds,
    locationId,
  })
  .partial();
export type VisitTypeUpdateRequest = z.input<typeof VisitTypeUpdateRequest>;

export const VisitTypeView = z.object({
  id: z.string(),
  doctorId: z.string(),
  productId: z.string(),
  name: z.string(),
  minutes: z.number(),
  priceCents: z.number(),
  mode: VisitMode,
  firstVisitOnly: z.boolean(),
  followUpOnly: z.boolean(),
  bufferMinutes: z.number(),
  noticeMinutes: z.number(),
  horizonDays: z.number(),
  questionnaireIds: z.array(z.string()),
  /** where it happens; null: wherever the doctor receives (or online) */
  locationId: z.string().nullable(),
  archived: z.boolean(),
});
export type VisitTypeView = z.infer<typeof VisitTypeView>;

/** a room per booking on the configured Jitsi-compatible base; opens 15 minutes before the start */
export const VIDEO_LINK_OPENS_MINUTES_BEFORE = 15;
export function videoRoomUrl(baseUrl: string, bookingId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/studio-${bookingId}`;
}
