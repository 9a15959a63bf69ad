// Events of `clinical-<patientId>`: the clinical record, every health field sealed with the patient's key.
import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';
import { ATTACHMENT_TYPES } from '../clinical-record';

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
