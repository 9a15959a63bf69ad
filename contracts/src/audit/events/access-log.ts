// Events of `access-<patientId>` (who read a person's data) and the erasure recorded on `user-<id>`.
import { z } from '../../platform/zod-it';

/** on `access-<patientId>`: someone read that person's personal or health data */
export const PersonalDataAccessed = z.object({
  subjectId: z.string(),
  viewerId: z.string(),
  viewerRole: z.string(),
  /** what was read, e.g. 'questionnaire_answers', 'personal_data', 'audit_event', 'diet' */
  what: z.string(),
  /** an id that narrows it down (questionnaire, event, diet id); optional */
  detail: z.string().optional(),
  /**
   * a member of staff as they were at the read (name, and a doctor's register number when set): the log says who read,
   * whatever is renamed later. A patient reader is not frozen here (their name is personal data that erasure destroys).
   */
  viewerName: z.string().optional(),
  viewerRegisterNumber: z.string().optional(),
});
export type PersonalDataAccessed = z.infer<typeof PersonalDataAccessed>;
/** on `user-<id>`: the right to erasure was exercised; the key is destroyed right after */
export const PersonalDataErased = z.object({ userId: z.string(), erasedBy: z.string(), erasedByRole: z.string() });
