import { z } from '../zod-it';
import { Question } from '../questionnaire';
import { STREAM_PREFIX } from '../streams';

/** Events of `questionnaire-<id>`: the definition (its revisions, activation and deletion: `../questionnaire.ts`). */

/** on `questionnaire-<id>`; a definition holds no personal data */
export const QuestionnaireDefined = z.object({ questionnaireId: z.string(), doctorId: z.string(), title: z.string(), questions: z.array(Question) });

export function questionnaireStreamName(questionnaireId: string): string {
  return `${STREAM_PREFIX.questionnaire}${questionnaireId}`;
}

/** this stream's events, for the catalogue (./index.ts) */
export const QuestionnaireDefinitionEventSchemas = { QuestionnaireDefined } as const;
