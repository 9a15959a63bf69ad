import { z } from '../platform/zod-it';
import { STREAM_PREFIX } from '../platform/streams';

/**
 * The auditor's history. Categories are data-driven by stream kind (the stream name up to its
 * first '-'), so a new kind of stream (diet-, food-) is browsable as soon as it has events.
 */
export const AUDIT_CATEGORIES = {
  availability: ['availability'],
  booking: ['booking'],
  order: ['order'],
  coupon: ['coupon'],
  product: ['product'],
  diet: ['diet', 'food', 'recipe', 'foodtable', 'foodsourcepreference', 'diettemplate', 'equivalencelist'],
  patient: ['patient', 'user', 'email', 'access'],
  questionnaire: ['questionnaire'],
  fiscal: ['receipts', 'fiscal'],
  clinical: ['clinical'],
} as const satisfies Record<string, readonly string[]>;
export type AuditCategory = keyof typeof AUDIT_CATEGORIES;
export const AuditCategory = z.enum(Object.keys(AUDIT_CATEGORIES) as [AuditCategory, ...AuditCategory[]], { error: 'Categoria sconosciuta' });

/** 'availability-d1-2030-03-04' → 'availability' */
export const streamKind = (stream: string): string => stream.split('-', 1)[0];

export function accessStreamName(subjectId: string): string {
  return `${STREAM_PREFIX.access}${subjectId}`;
}

const isoInstant = z.string().refine((s) => !Number.isNaN(Date.parse(s)), { message: 'Istante non valido: usa un formato ISO 8601' });
const position = z.coerce.number({ error: 'Posizione non valida' }).int('Posizione non valida').positive('Posizione non valida');
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const AuditEventsQuery = z.object({
  stream: optional(z.string().max(200)),
  category: optional(AuditCategory),
  type: optional(z.string().max(100)),
  doctor: optional(z.string().max(100)),
  patient: optional(z.string().max(100)),
  from: optional(isoInstant),
  to: optional(isoInstant),
  correlation: optional(z.string().max(100)),
  /** the last position of the previous page: the next page holds older events */
  after: optional(position),
  limit: optional(z.coerce.number().int().min(1).max(200)),
});
export type AuditEventsQuery = z.infer<typeof AuditEventsQuery>;

export interface AuditEventRow {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  category: string;
  at: string;
  recordedAt: string;
  userId: string;
  role: string;
  correlationId: string;
  causationId: string;
  /** a read of personal data (PersonalDataAccessed): what was read, so /storico groups repeated reads as /home does */
  what?: string;
}

export interface AuditEventsPage {
  events: AuditEventRow[];
  /** pass as `after` for the next (older) page; null at the end */
  next: number | null;
}

/** what personal fields read as when the viewer may not see them, and once the person is erased */
export const ENCRYPTED_PLACEHOLDER = 'dato personale cifrato';
export const ERASED_PLACEHOLDER = 'interessato cancellato';

export interface AuditEventDetail extends AuditEventRow {
  data: unknown;
  metadata: Record<string, unknown>;
  /** whether personal fields were shown decrypted (and the read recorded) */
  decrypted: boolean;
}

export interface ChainBrokenLink {
  stream: string;
  revision: number;
  position: number;
  eventId: string;
  type: string;
  /** signature_mismatch: the hashes follow but the chain key's signature does not (recomputed by someone without the key); unsigned: no signature where one must be */
  reason: 'hash_mismatch' | 'revision_gap' | 'signature_mismatch' | 'unsigned';
  expectedHash: string;
  storedHash: string;
}

export interface ChainVerification {
  scope: string;
  checked: number;
  ok: boolean;
  firstBroken: ChainBrokenLink | null;
}

export const AsOfAvailabilityQuery = z.object({
  for: z.string({ error: 'Medico mancante' }).min(1, 'Medico mancante'),
  start: isoInstant,
  end: isoInstant,
  at: isoInstant,
});

export const AsOfQuery = z.object({ at: isoInstant });

export interface AsOfPatientRecord {
  patientId: string;
  at: string;
  name: string;
  bookings: { id: string; doctorId: string; start: string; end: string; status: string }[];
  orders: { id: string; bookingId: string; productName: string; amountCents: number; status: string }[];
}

export interface AccessLogEntry {
  position: number;
  at: string;
  viewerId: string;
  viewerRole: string;
  /** as the reader was at the read (staff), or as the reader is now (a patient, or a read recorded before names were kept) */
  viewerName: string;
  /** a doctor's register number at the read ('' when none was set or recorded) */
  viewerRegisterNumber: string;
  what: string;
  /** reads by this reader, of this kind, in this hour, grouped into this entry; `at` is the newest */
  count: number;
  /** the oldest of the grouped reads */
  firstAt: string;
}

export const RebuildRequest = z.object({ projection: z.string({ error: 'Proiezione mancante' }).min(1, 'Proiezione mancante') });
export const AUDIT_REBUILD_PROGRESS = 'audit:rebuild-progress';
export const AUDIT_REBUILD_WATCH = 'audit:rebuild-watch';
export interface RebuildProgressMessage {
  projection: string;
  done: number;
  total: number;
  eventsPerSecond: number;
  finished: boolean;
  error?: string;
}
