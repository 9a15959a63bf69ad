import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { STREAM_PREFIX } from '../platform/streams';
import { catalogueFoodId, parseCatalogueFoodId, type CatalogueFoodId } from './catalogue';

// ---- the patient's food diary and self-reported measures: stream `diary-<patientId>`, every health field sealed

export function diaryStreamName(patientId: string): string {
  return `${STREAM_PREFIX.diary}${patientId}`;
}

/** the five meals of a day, in their order */
export const DIARY_MEALS = ['colazione', 'spuntino', 'pranzo', 'merenda', 'cena'] as const;
export type DiaryMeal = (typeof DIARY_MEALS)[number];
export const DIARY_MEAL_LABELS: Record<DiaryMeal, string> = {
  colazione: 'Colazione',
  spuntino: 'Spuntino',
  pranzo: 'Pranzo',
  merenda: 'Merenda',
  cena: 'Cena',
};

/** a diary photo as it arrives (before resizing): at most 10 MB */
export const DIARY_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** the longest side of a stored photo, in pixels */
export const DIARY_PHOTO_MAX_SIDE = 1600;

const IsoDate = (what: string) =>
  z
    .string({ error: `${what}: data mancante` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}: data non valida (AAAA-MM-GG)`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), `${what}: data non valida`);
const Text = (what: string, max: number) => storedText({ label: what, kind: 'lines', max, tooLong: `${what}: al massimo ${max} caratteri` });
/** a 1–5 scale (1: per niente, 5: moltissimo) */
const Scale = (what: string) =>
  z
    .number({ error: `${what}: valore non numerico` })
    .int(`${what}: un numero intero da 1 a 5`)
    .min(1, `${what}: da 1 a 5`)
    .max(5, `${what}: da 1 a 5`);

const FoodRef = z
  .string({ error: 'Alimento: identificativo mancante' })
  .refine((id) => parseCatalogueFoodId(id) !== null, 'Alimento: identificativo non valido (fonte-codice)')
  .transform((id) => {
    const parsed = parseCatalogueFoodId(id)!;
    return catalogueFoodId(parsed.source, parsed.code);
  });

export const DiaryItem = z.object({
  foodId: FoodRef,
  grams: z.number({ error: 'Grammi mancanti o non numerici' }).positive('I grammi devono essere più di zero').max(5000, 'Al massimo 5000 g per alimento'),
});
export type DiaryItem = z.infer<typeof DiaryItem>;

/** what the patient writes for one meal (the date and the meal in clear on the event, everything else sealed) */
export const DiaryEntryRequest = z
  .object({
    date: IsoDate('Data del pasto'),
    meal: z.enum(DIARY_MEALS, { error: 'Pasto mancante o non valido: colazione, spuntino, pranzo, merenda o cena' }),
    time: z
      .string({ error: 'Ora non valida' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Ora non valida (HH:MM)')
      .optional(),
    text: Text('Che cosa hai mangiato', 2000).optional(),
    items: z.array(DiaryItem).max(40, 'Al massimo 40 alimenti per pasto').optional(),
    hunger: Scale('Fame').optional(),
    satiety: Scale('Sazietà').optional(),
    note: Text('Nota', 1000).optional(),
  })
  .refine((e) => !!e.text?.trim() || (e.items?.length ?? 0) > 0, { message: 'Scrivi che cosa hai mangiato o scegli almeno un alimento', path: ['text'] });
export type DiaryEntryRequest = z.infer<typeof DiaryEntryRequest>;
/** the sealed part of an entry */
export type DiaryEntryContent = Omit<DiaryEntryRequest, 'date' | 'meal'>;

export const DiaryRangeQuery = z
  .object({ from: IsoDate('Dal'), to: IsoDate('Al') })
  .refine((q) => q.from <= q.to, { message: 'La data iniziale viene dopo quella finale', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { message: 'Al massimo un anno alla volta', path: ['to'] });
export type DiaryRangeQuery = z.infer<typeof DiaryRangeQuery>;

/** the patient's search of the catalogue for a diary entry: names only (the values are the doctor's tools) */
export const DiaryFoodQuery = z.object({
  q: z
    .string({ error: 'Scrivi il nome di un alimento' })
    .trim()
    .min(2, 'Scrivi almeno 2 lettere del nome')
    .max(100, 'La ricerca può avere al massimo 100 caratteri'),
});
export interface DiaryFoodAnswer {
  items: { id: CatalogueFoodId; name: string }[];
}

export const DiaryCommentRequest = z.object({ text: Text('Commento', 2000).refine((t) => t.trim().length > 0, 'Commento: scrivi un testo') });
export type DiaryCommentRequest = z.infer<typeof DiaryCommentRequest>;

export interface DiaryCommentView {
  id: string;
  doctorId: string;
  doctorName: string;
  text: string;
  at: string;
}
export interface DiaryEntryView extends DiaryEntryRequest {
  id: string;
  /** the food names of items, by foodId, from the catalogue */
  itemNames: Record<string, string>;
  /** the cleaned photo, for the patient and the treating doctors; null without one */
  photoUrl: string | null;
  loggedAt: string;
  comments: DiaryCommentView[];
}
/** one week (Monday to Sunday) of the diary: meals logged of the plan's meals (of the five a day without a plan) */
export interface DiaryWeekAdherence {
  weekStart: string;
  mealsLogged: number;
  mealsExpected: number;
  /** 0–100, rounded */
  percent: number;
  /** the days of the week counted against the plan in force (the others against five meals) */
  daysWithPlan: number;
}
export interface DiaryView {
  patientId: string;
  from: string;
  to: string;
  entries: DiaryEntryView[];
  adherence: DiaryWeekAdherence[];
}

// ---- self-reported measures ----------------------------------------------------------------------

export const SelfMeasurementRequest = z.object({
  date: IsoDate('Data della misurazione'),
  weightKg: z
    .number({ error: 'Peso: valore non numerico' })
    .min(2, 'Peso: almeno 2 kg')
    .max(400, 'Peso: al massimo 400 kg')
    .transform((w) => Math.round(w * 10) / 10),
  waistCm: z
    .number({ error: 'Circonferenza vita: valore non numerico' })
    .min(30, 'Circonferenza vita: almeno 30 cm')
    .max(250, 'Circonferenza vita: al massimo 250 cm')
    .optional(),
});
export type SelfMeasurementRequest = z.infer<typeof SelfMeasurementRequest>;
export interface SelfMeasurementView extends SelfMeasurementRequest {
  id: string;
  selfReported: true;
  /** the clinical measurement the doctor made of it, when accepted */
  acceptedAs: string | null;
  loggedAt: string;
}
