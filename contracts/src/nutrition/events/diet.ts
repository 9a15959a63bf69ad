import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';

/** Events of `diet-<patientId>`: the patient's diet and its sending (the food catalogue's events: `../diet.ts`). */

/** on `diet-<patientId>`: the patient's current diet, whole (DietContent); health data, sealed with the patient's key */
export const DietSaved = z.object({ patientId: z.string(), doctorId: z.string(), content: Sealed });
/**
 * on `diet-<patientId>`: the treating doctor sent the saved diet (revision) to the patient; the outbox
 * mails a notice with a link to /home, never the diet. No health data here: ids, the revision and the instant.
 */
export const DietSentToPatient = z.object({
  patientId: z.string(),
  doctorId: z.string(),
  sendId: z.string(),
  revision: z.number().int().min(0),
  at: z.string(),
});

/** this stream's events, for the catalogue (./index.ts) */
export const DietEventSchemas = { DietSaved, DietSentToPatient } as const;
