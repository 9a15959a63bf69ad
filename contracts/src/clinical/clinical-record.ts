import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { STREAM_PREFIX } from '../platform/streams';
import { BMR_EQUATIONS, PAL_MAX, PAL_MIN, type BmrEquation } from './rules/energy';
import type { BmiClass } from './rules/anthropometry';
import { AllergiesField, type AllergyEntry } from './allergens';

// ---- the clinical record of a patient: stream `clinical-<patientId>`; every health field sealed with the patient's key

export function clinicalStreamName(patientId: string): string {
  return `${STREAM_PREFIX.clinical}${patientId}`;
}

const IsoDate = (what: string) =>
  z
    .string({ error: `${what}: data mancante` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}: data non valida (AAAA-MM-GG)`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), `${what}: data non valida`);
const Text = (what: string, max = 4000) => storedText({ label: what, kind: 'lines', max, tooLong: `${what}: al massimo ${max} caratteri` });

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
  allergies: AllergiesField,
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

export const LabResultRequest = z
  .object({
    date: IsoDate('Data del referto'),
    analyte: Text('Analita', 120).min(1, 'Analita mancante'),
    value: z.number({ error: 'Valore non numerico' }).finite('Valore non valido'),
    unit: Text('Unità di misura', 30).min(1, 'Unità di misura mancante'),
    /** the reference range printed on the lab's report (each laboratory has its own), either end optional */
    referenceLow: z.number({ error: 'Minimo di riferimento non numerico' }).finite('Minimo di riferimento non valido').optional(),
    referenceHigh: z.number({ error: 'Massimo di riferimento non numerico' }).finite('Massimo di riferimento non valido').optional(),
  })
  .refine((l) => l.referenceLow === undefined || l.referenceHigh === undefined || l.referenceLow < l.referenceHigh, {
    message: 'Il minimo di riferimento deve essere minore del massimo',
    path: ['referenceHigh'],
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

/** GET /api/patients/:id/diet-targets: the targets (set, or the defaults), and who they are for */
export interface DietTargetsAnswer {
  targets: DietTargetsRequest;
  isDefault: boolean;
  weightKg: number | null;
  allergies: AllergyEntry[];
  /** sex and age today, from the record (null without one): the LARN reference intakes depend on them */
  person: { sex: 'F' | 'M'; ageYears: number } | null;
}

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

/** the extensions a file of each type may be saved with; the first when it has none of them */
const ATTACHMENT_EXTENSIONS: Record<AttachmentType, readonly string[]> = { 'application/pdf': ['pdf'], 'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'] };

/**
 * An attachment's name with the extension of the type its content was sniffed as: a PDF named "poly.html" is saved as
 * "poly.pdf", so that a file saved to disk opens as what it was served as, never as a page. An extension of another
 * type (letters in it) is replaced; anything else after a dot ("esami 12.03.2026") is kept and the extension added.
 */
export function attachmentFileName(name: string, mediaType: AttachmentType): string {
  const allowed = ATTACHMENT_EXTENSIONS[mediaType];
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  if (allowed.includes(extension.toLowerCase())) return name;
  const stem = /^(?=.*\p{L})[\p{L}\p{N}]{1,8}$/u.test(extension) ? name.slice(0, dot) : name;
  return `${stem}.${allowed[0]}`;
}
export const AttachmentName = storedText({
  label: 'Nome del file',
  kind: 'line',
  max: 200,
  tooLong: 'Nome del file troppo lungo (al massimo 200 caratteri)',
  missing: 'Nome del file mancante',
});
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
