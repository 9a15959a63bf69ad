import { z } from '../platform/zod-it';
import { type PlainTextKind, storedText } from '../platform/rules/plain-text';
import { STREAM_PREFIX } from '../platform/streams';

/**
 * The practice's and each doctor's identity, as events: what the login page, the header, page titles, emails,
 * receipts, calendar files and the privacy notice show. Environment variables (PRACTICE_NAME…) give the values
 * before the first of these events, nothing more.
 */

/** `settings-practice`: the practice's details and logo */
export const PRACTICE_SETTINGS_STREAM = `${STREAM_PREFIX.settings}practice`;

/** `settings-doctorslugs`: the addresses of the doctors' public pages, one stream so that no two doctors share one */
export const DOCTOR_SLUGS_STREAM = `${STREAM_PREFIX.settings}doctorslugs`;

/** `doctorprofile-<doctorId>`: the doctor's public profile (title, specialty, register number, photo, bio) */
export function doctorProfileStreamName(doctorId: string): string {
  return `${STREAM_PREFIX.doctorProfile}${doctorId}`;
}

/** an image the app stores and serves from its own origin (the CSP allows no other host): its sha-256 and type */
export const StoredImage = z.object({ imageId: z.string().regex(/^[0-9a-f]{64}$/), contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']) });
export type StoredImage = z.infer<typeof StoredImage>;

/** the largest logo or photo accepted */
export const MAX_IMAGE_BYTES = 512 * 1024;
export const IMAGE_TYPES_LABEL = 'PNG, JPEG o WebP';

const text = (label: string, max: number, kind: PlainTextKind = 'line') =>
  storedText({ label, kind, max, tooLong: `${label}: al massimo ${max} caratteri`, missing: `${label}: campo obbligatorio` });
const optionalText = (label: string, max: number, kind: PlainTextKind = 'line') =>
  storedText({ label, kind, max, tooLong: `${label}: al massimo ${max} caratteri`, notText: `${label}: testo non valido` }).default('');

/** PUT /api/settings/practice (administrator) */
export const PracticeDetailsInput = z.object({
  name: text('Nome dello studio', 80, 'name'),
  address: optionalText('Indirizzo', 300),
  phone: z
    .string()
    .trim()
    .max(30, 'Telefono: al massimo 30 caratteri')
    .refine((v) => v === '' || /^\+?[0-9 ./-]{6,}$/.test(v), 'Telefono non valido: solo cifre, spazi e il + iniziale')
    .default(''),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Email dello studio non valida')
    .default(''),
  dataController: text('Titolare del trattamento dei dati', 200, 'name'),
});
export type PracticeDetailsInput = z.input<typeof PracticeDetailsInput>;
export type PracticeDetails = z.infer<typeof PracticeDetailsInput>;

export const DOCTOR_TITLES = ['Dott.', 'Dott.ssa', 'Prof.', 'Prof.ssa'] as const;

/** PUT /api/settings/doctors/:doctorId (the doctor their own, the administrator anyone's) */
export const DoctorProfileInput = z.object({
  title: z.enum(DOCTOR_TITLES, { error: 'Titolo: scegli Dott., Dott.ssa, Prof. o Prof.ssa' }),
  specialty: text('Specialità', 80),
  registerNumber: optionalText('Numero d’iscrizione all’albo', 60),
  bio: optionalText('Presentazione', 600, 'lines'),
});
export type DoctorProfileInput = z.input<typeof DoctorProfileInput>;
export type DoctorProfileFields = z.infer<typeof DoctorProfileInput>;
/**
 * PUT /api/settings/doctors/:doctorId by the doctor: specialty and presentation. Title and register number are the
 * administrator's: absent, they stay as stored; given, they must be the stored ones.
 */
export const OwnDoctorProfileInput = DoctorProfileInput.pick({ specialty: true, bio: true }).extend({
  title: DoctorProfileInput.shape.title.optional(),
  registerNumber: z.string().trim().optional(),
});
export type OwnDoctorProfileInput = z.input<typeof OwnDoctorProfileInput>;

/** GET /api/settings/practice: the details as stored (or the initial values), with the logo's URL */
export type PracticeSettingsView = PracticeDetails & { logoUrl: string; customLogo: boolean };

/** GET /api/settings/doctors[/:id] (public: the booking page shows them) */
export interface DoctorProfileView extends Omit<DoctorProfileFields, 'title'> {
  doctorId: string;
  /** '' until the doctor chooses one */
  title: string;
  /** null: no photo uploaded */
  photoUrl: string | null;
}

/** where a stored image is served */
export const imageUrl = (imageId: string): string => `/api/settings/images/${imageId}`;
