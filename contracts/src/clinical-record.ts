import { z } from './zod-it';
import { STREAM_PREFIX } from './streams';
import { Sealed } from './sealed';
import { BMR_EQUATIONS, PAL_MAX, PAL_MIN, type BmrEquation } from './rules/energy';
import type { BmiClass } from './rules/anthropometry';

// ---- the clinical record of a patient: stream `clinical-<patientId>`; every health field sealed with the patient's key

export function clinicalStreamName(patientId: string): string {
  return `${STREAM_PREFIX.clinical}${patientId}`;
}

const IsoDate = (what: string) =>
  z
    .string({ error: `${what}: data mancante` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}: data non valida (AAAA-MM-GG)`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), `${what}: data non valida`);
const Text = (what: string, max = 4000) =>
  z
    .string({ error: `${what}: testo non valido` })
    .trim()
    .max(max, `${what}: al massimo ${max} caratteri`);

export const ClinicalRecordRequest = z.object({
  sex: z.enum(['F', 'M'], { error: 'Sesso mancante o non valido: F o M' }),
  birthDate: IsoDate('Data di nascita').refine((d) => d >= '1900-01-01', 'Data di nascita non plausibile'),
  anamnesis: z
    .object({
      physiological: Text('Anamnesi fisiologica').optional(),
      pathological: Text('Anamnesi patologica').optional(),
      family: Text('Anamnesi familiare').optional(),
      drugs: Text('Farmaci').optional(),
      dietHistory: Text('Anamnesi alimentare').optional(),
      lifestyle: z
        .object({
          smoking: z.enum(['mai', 'ex', 'sì'], { error: 'Fumo: mai, ex o sì' }).optional(),
          activity: z.enum(['sedentario', 'leggero', 'moderato', 'intenso'], { error: 'Attività fisica non valida' }).optional(),
          notes: Text('Stile di vita').optional(),
        })
        .optional(),
    })
    .default({}),
  allergies: z
    .array(Text('Allergia o intolleranza', 120).min(1, 'Allergia o intolleranza vuota'), { error: 'Allergie e intolleranze: un elenco' })
    .max(50, 'Al massimo 50 allergie o intolleranze')
    .default([]),
  diagnosis: z
    .object({
      kind: z.enum(['diagnosi', 'prescrizione'], { error: 'Diagnosi o prescrizione?' }),
      text: Text('Diagnosi').min(1, 'Testo della diagnosi mancante'),
      date: IsoDate('Data della diagnosi'),
      author: Text('Autore della diagnosi', 200).min(1, 'Autore della diagnosi mancante'),
    })
    .nullable()
    .default(null),
  consents: z
    .object({
      healthData: z.boolean({ error: 'Consenso al trattamento dei dati sanitari mancante' }),
      sharing: z.boolean().default(false),
    })
    .default({ healthData: false, sharing: false }),
});
export type ClinicalRecordRequest = z.infer<typeof ClinicalRecordRequest>;
export type ClinicalRecordContent = ClinicalRecordRequest;

const mm = (what: string) =>
  z
    .number({ error: `${what}: millimetri non numerici` })
    .min(1, `${what}: almeno 1 mm`)
    .max(80, `${what}: al massimo 80 mm`);
const positive = (what: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${what}: valore non numerico` })
    .min(min, `${what}: almeno ${min} ${unit}`)
    .max(max, `${what}: al massimo ${max} ${unit}`);

export const MeasurementRequest = z.object({
  date: IsoDate('Data della misurazione'),
  weightKg: positive('Peso', 2, 400, 'kg').transform((w) => Math.round(w * 10) / 10),
  heightCm: positive('Altezza', 40, 250, 'cm'),
  waistCm: positive('Circonferenza vita', 30, 250, 'cm').optional(),
  hipCm: positive('Circonferenza fianchi', 30, 250, 'cm').optional(),
  skinfoldsMm: z
    .object({
      biceps: mm('Plica bicipitale').optional(),
      triceps: mm('Plica tricipitale').optional(),
      subscapular: mm('Plica sottoscapolare').optional(),
      suprailiac: mm('Plica soprailiaca').optional(),
      chest: mm('Plica pettorale').optional(),
      abdomen: mm('Plica addominale').optional(),
      thigh: mm('Plica della coscia').optional(),
    })
    .optional(),
  bia: z
    .object({
      resistanceOhm: positive('Resistenza', 100, 1500, 'Ω').optional(),
      reactanceOhm: positive('Reattanza', 1, 200, 'Ω').optional(),
      phaseAngleDeg: positive('Angolo di fase', 1, 20, '°').optional(),
      fatMassKg: positive('Massa grassa', 0.5, 300, 'kg').optional(),
      fatFreeMassKg: positive('Massa magra', 5, 200, 'kg').optional(),
      totalWaterL: positive('Acqua totale', 5, 150, 'L').optional(),
      extracellularWaterL: positive('Acqua extracellulare', 2, 80, 'L').optional(),
    })
    .optional(),
});
export type MeasurementRequest = z.infer<typeof MeasurementRequest>;

export interface MeasurementView extends MeasurementRequest {
  id: string;
  bmi: number;
  bmiClass: BmiClass;
  waistHipRatio: number | null;
  /** Durnin–Womersley + Siri, from the four skinfolds; null without them or without sex and birth date */
  bodyFatPercent: number | null;
  /** Jackson–Pollock 3-site + Siri; null without its three sites */
  bodyFatJacksonPollockPercent: number | null;
}

export const VisitNoteRequest = z.object({
  visitDate: IsoDate('Data della visita'),
  text: Text('Nota').min(1, 'Testo della nota mancante'),
  /** the note this one corrects (a signed note never changes) */
  corrects: z.string().uuid('Nota da correggere non valida').optional(),
});
export type VisitNoteRequest = z.infer<typeof VisitNoteRequest>;
export interface VisitNoteView {
  id: string;
  visitDate: string;
  text: string;
  authorId: string;
  authorName: string;
  signedAt: string;
  corrects: string | null;
  correctedBy: string[];
}

export const LabResultRequest = z.object({
  date: IsoDate('Data del referto'),
  analyte: Text('Analita', 120).min(1, 'Analita mancante'),
  value: z.number({ error: 'Valore non numerico' }).finite('Valore non valido'),
  unit: Text('Unità di misura', 30).min(1, 'Unità di misura mancante'),
});
export type LabResultRequest = z.infer<typeof LabResultRequest>;
export interface LabResultView extends LabResultRequest {
  id: string;
}

export const EnergyQuery = z.object({
  equation: z.enum(BMR_EQUATIONS, { error: 'Equazione non valida: mifflin, harris-benedict o larn' }).default('mifflin'),
  pal: z.coerce
    .number({ error: 'Livello di attività fisica non numerico' })
    .min(PAL_MIN, `Livello di attività fisica: almeno ${PAL_MIN}`)
    .max(PAL_MAX, `Livello di attività fisica: al massimo ${PAL_MAX}`)
    .default(1.45),
});
export interface EnergyView {
  equation: BmrEquation;
  pal: number;
  bmrKcal: number;
  tdeeKcal: number;
  /** what it was computed from */
  measurementDate: string;
  age: number;
}

const Percent = (what: string) =>
  z
    .number({ error: `${what}: percentuale non numerica` })
    .min(0, `${what}: almeno 0`)
    .max(100, `${what}: al massimo 100`);
const Range = (what: string) => z.object({ min: Percent(what), max: Percent(what) }).refine((r) => r.min <= r.max, `${what}: il minimo supera il massimo`);
export const DietTargetsRequest = z.object({
  energyKcal: z
    .number({ error: 'Energia non numerica' })
    .int('Energia: kcal intere')
    .min(800, 'Energia: almeno 800 kcal')
    .max(6000, 'Energia: al massimo 6000 kcal'),
  protein: z.discriminatedUnion('unit', [
    z.object({ unit: z.literal('g/kg'), value: z.number().min(0.3, 'Proteine: almeno 0,3 g/kg').max(3, 'Proteine: al massimo 3 g/kg') }),
    z.object({ unit: z.literal('%E'), value: Percent('Proteine') }),
  ]),
  carbohydratePercentE: Range('Carboidrati'),
  sugarsMaxPercentE: Percent('Zuccheri'),
  fatPercentE: Range('Grassi'),
  saturatedMaxPercentE: Percent('Grassi saturi'),
  fibreGPer1000Kcal: z
    .object({ min: z.number().min(0).max(60), max: z.number().min(0).max(60) })
    .refine((r) => r.min <= r.max, 'Fibra: il minimo supera il massimo'),
});
export type DietTargetsRequest = z.infer<typeof DietTargetsRequest>;

/** attachments: PDF, JPEG, PNG up to 10 MB, the type decided by the content's first bytes, never by the name */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** the media type the content's magic bytes say (PDF "%PDF-", JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A), or null */
export function attachmentTypeOf(bytes: Uint8Array): AttachmentType | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return null;
}
export const AttachmentName = z
  .string({ error: 'Nome del file mancante' })
  .trim()
  .min(1, 'Nome del file mancante')
  .max(200, 'Nome del file troppo lungo (al massimo 200 caratteri)');
export interface AttachmentView {
  id: string;
  name: string;
  mediaType: AttachmentType;
  sizeBytes: number;
  addedAt: string;
}

export const CareShareRequest = z.object({ doctorId: z.string({ error: 'Medico mancante' }).min(1, 'Medico mancante') });

export interface ClinicalRecordView {
  patientId: string;
  record: ClinicalRecordContent | null;
  updatedAt: string | null;
  measurements: MeasurementView[];
  notes: VisitNoteView[];
  labs: LabResultView[];
  attachments: AttachmentView[];
  targets: DietTargetsRequest | null;
  sharedWith: string[];
}
/** what the segreteria sees: that a record exists, not its content */
export interface ClinicalRecordPresence {
  patientId: string;
  exists: boolean;
}

// ---- events (in EventSchemas) --------------------------------------------------------------

export const ClinicalRecordSet = z.object({ patientId: z.string(), authorId: z.string(), content: Sealed });
export const MeasurementRecorded = z.object({ patientId: z.string(), measurementId: z.string(), authorId: z.string(), content: Sealed });
export const VisitNoteSigned = z.object({
  patientId: z.string(),
  noteId: z.string(),
  authorId: z.string(),
  corrects: z.string().nullable(),
  content: Sealed,
});
export const LabResultRecorded = z.object({ patientId: z.string(), labId: z.string(), authorId: z.string(), content: Sealed });
/** the file's bytes (base64) and name, sealed; type and size in clear for the auditor's metadata */
export const AttachmentAdded = z.object({
  patientId: z.string(),
  attachmentId: z.string(),
  authorId: z.string(),
  mediaType: z.enum(ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
  name: Sealed,
  content: Sealed,
});
export const DietTargetsSet = z.object({ patientId: z.string(), authorId: z.string(), content: Sealed });
/** the patient lets a doctor read and write their record (who treats them is otherwise decided by their bookings) */
export const CareShared = z.object({ patientId: z.string(), doctorId: z.string() });
export const CareShareRevoked = z.object({ patientId: z.string(), doctorId: z.string() });

export const ClinicalEventSchemas = {
  ClinicalRecordSet,
  MeasurementRecorded,
  VisitNoteSigned,
  LabResultRecorded,
  AttachmentAdded,
  DietTargetsSet,
  CareShared,
  CareShareRevoked,
} as const;
