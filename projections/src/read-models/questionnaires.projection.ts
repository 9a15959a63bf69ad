import { STREAM_PREFIX } from '@studio/contracts';
import type { Question, Sealed } from '@studio/contracts';
import type { ProjectionDefinition } from '../projection';

/** questionnaire definitions (not personal) */
export interface QuestionnaireDoc {
  id: string;
  doctorId: string;
  title: string;
  questions: Question[];
  definedAt: string;
}

export const questionnairesProjection: ProjectionDefinition<QuestionnaireDoc, 'QuestionnaireDefined'> = {
  name: 'questionnaires',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.questionnaire],
  eventTypes: ['QuestionnaireDefined'],
  documentId: (event) => event.data.questionnaireId,
  evolve(doc, event) {
    if (event.type !== 'QuestionnaireDefined') return doc;
    const d = event.data;
    return { id: d.questionnaireId, doctorId: d.doctorId, title: d.title, questions: d.questions, definedAt: event.metadata.at };
  },
  indexes: {
    doctor_id: { type: 'text', value: (d) => d.doctorId },
  },
};

/** a patient's latest answers to one questionnaire; health data, so they stay sealed here too and are opened at read time */
export interface QuestionnaireAnswersDoc {
  id: string;
  patientId: string;
  questionnaireId: string;
  doctorId: string;
  answers: Sealed;
  answeredAt: string;
}

export const questionnaireAnswersId = (patientId: string, questionnaireId: string) => `${patientId}:${questionnaireId}`;

export const questionnaireAnswersProjection: ProjectionDefinition<QuestionnaireAnswersDoc, 'QuestionnaireAnswered'> = {
  name: 'questionnaire_answers',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.patient],
  eventTypes: ['QuestionnaireAnswered'],
  documentId: (event) => (event.type === 'QuestionnaireAnswered' ? questionnaireAnswersId(event.data.patientId, event.data.questionnaireId) : null),
  evolve(doc, event) {
    if (event.type !== 'QuestionnaireAnswered') return doc;
    const d = event.data;
    // one document per patient and questionnaire: a later answer replaces the earlier one
    return { id: questionnaireAnswersId(d.patientId, d.questionnaireId), ...d, answeredAt: event.metadata.at };
  },
  indexes: {
    patient_id: { type: 'text', value: (d) => d.patientId },
    doctor_id: { type: 'text', value: (d) => d.doctorId },
  },
};
