import { z } from '../../platform/zod-it';
import { STREAM_PREFIX } from '../../platform/streams';
import { Sealed } from '../../platform/sealed';

/** Events of `patient-<id>`: the patient's answers to questionnaires. */

/** on `patient-<id>`: answers are health data, sealed with the patient's key; a later one supersedes */
export const QuestionnaireAnswered = z.object({
  patientId: z.string(),
  questionnaireId: z.string(),
  doctorId: z.string(),
  answers: Sealed,
  /** the questionnaire's version answered (absent in answers recorded before versions: 1) */
  version: z.number().int().optional(),
});

export function patientStreamName(patientId: string): string {
  return `${STREAM_PREFIX.patient}${patientId}`;
}

/** this stream's events, for the catalogue (./index.ts) */
export const PatientEventSchemas = { QuestionnaireAnswered } as const;
