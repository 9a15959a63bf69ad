// Events of `visittypes-<doctorId>`: a doctor's visit types.
import { z } from '../../platform/zod-it';
import { VisitMode } from '../visit-types';

// ---- events (registered in EventSchemas), on `visittypes-<doctorId>` ---------------------------

const visitTypeFields = {
  visitTypeId: z.string(),
  doctorId: z.string(),
  /** the catalogue's product that prices it */
  productId: z.string(),
  name: z.string(),
  minutes: z.number().int(),
  priceCents: z.number().int().positive(),
  mode: VisitMode,
  /** bookable only by a patient with no completed visit with this doctor */
  firstVisitOnly: z.boolean(),
  /** bookable only by a patient with an earlier visit with this doctor, paid or done (absent on types saved before: false) */
  followUpOnly: z.boolean().optional(),
  bufferMinutes: z.number().int().min(0),
  noticeMinutes: z.number().int().min(0),
  horizonDays: z.number().int().positive(),
  /** the questionnaires a patient of this visit type answers (none: the doctor's active ones) */
  questionnaireIds: z.array(z.string()).optional(),
  /** the practice's location where it happens (absent: wherever the doctor receives, or online) */
  locationId: z.string().optional(),
};
export const VisitTypeCreated = z.object(visitTypeFields);
/** the whole visit type as it is now */
export const VisitTypeUpdated = z.object(visitTypeFields);
export const VisitTypeArchived = z.object({ visitTypeId: z.string(), doctorId: z.string() });
