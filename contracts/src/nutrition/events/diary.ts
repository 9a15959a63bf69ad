// Events of `diary-<patientId>`: the patient's food diary, its photos and comments, and the measures they report.
import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';
import { DIARY_MEALS } from '../diary';

const Meal = z.enum(DIARY_MEALS);
/**
 * the patient logged a meal: the day and the meal in clear (the adherence figure counts them), what was eaten, the
 * time, hunger, satiety and the note sealed with the patient's key
 */
export const DiaryEntryLogged = z.object({ patientId: z.string(), entryId: z.string(), date: z.string(), meal: Meal, content: Sealed });
export const DiaryEntryEdited = z.object({ patientId: z.string(), entryId: z.string(), date: z.string(), meal: Meal, content: Sealed });
export const DiaryEntryDeleted = z.object({ patientId: z.string(), entryId: z.string() });
/** the cleaned photo's bytes (base64) sealed; its type and size in clear for the auditor's metadata */
export const DiaryPhotoAttached = z.object({
  patientId: z.string(),
  entryId: z.string(),
  photoId: z.string(),
  mediaType: z.enum(['image/webp', 'image/jpeg']),
  sizeBytes: z.number().int(),
  content: Sealed,
});
/** a treating doctor commented an entry: who, when and on what in clear (for the push "comment on the diary"), the text sealed */
export const DiaryEntryCommented = z.object({
  patientId: z.string(),
  entryId: z.string(),
  commentId: z.string(),
  doctorId: z.string(),
  at: z.string(),
  content: Sealed,
});
/** weight (and waist) the patient measured at home, sealed; never a clinical value until a doctor accepts it */
export const SelfMeasurementReported = z.object({ patientId: z.string(), measurementId: z.string(), content: Sealed });
/** a treating doctor took a self-reported measure into the record as the clinical measurement `clinicalMeasurementId` */
export const SelfMeasurementAccepted = z.object({
  patientId: z.string(),
  measurementId: z.string(),
  doctorId: z.string(),
  clinicalMeasurementId: z.string(),
});

/** this stream's events, for the catalogue */
export const DiaryEventSchemas = {
  DiaryEntryLogged,
  DiaryEntryEdited,
  DiaryEntryDeleted,
  DiaryPhotoAttached,
  DiaryEntryCommented,
  SelfMeasurementReported,
  SelfMeasurementAccepted,
} as const;
