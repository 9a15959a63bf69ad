import { z } from '../../platform/zod-it';
import { Question } from '../questionnaire';
import { STREAM_PREFIX } from '../../platform/streams';

/** Events of `questionnaire-<id>`: the definition (its revisions, activation and deletion: `../questionnaire.ts`). */

/** on `questionnaire-<id>`; a definition holds no personal data */
export const QuestionnaireDefined = z.object({ questionnaireId: z.string(), doctorId: z.string(), title: z.string(), questions: z.array(Question) });

export function questionnaireStreamName(questionnaireId: string): string {
  return `${STREAM_PREFIX.questionnaire}${questionnaireId}`;
}

/** this stream's events, for the catalogue (./index.ts) */
export const QuestionnaireDefinitionEventSchemas = { QuestionnaireDefined } as const;

/** on `questionnaire-<id>`: a new version of the title and questions; earlier answers keep their version */
export const QuestionnaireRevised = z.object({
  questionnaireId: z.string(),
  doctorId: z.string(),
  version: z.number().int().min(2),
  title: z.string(),
  questions: z.array(Question),
});
/** on `questionnaire-<id>`: switched on or off */
export const QuestionnaireActiveSet = z.object({ questionnaireId: z.string(), doctorId: z.string(), active: z.boolean() });
/** on `questionnaire-<id>`: deleted, allowed only while nobody has answered it */
export const QuestionnaireDeleted = z.object({ questionnaireId: z.string(), doctorId: z.string() });
