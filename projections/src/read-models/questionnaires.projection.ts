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

export const questionnairesProjection: ProjectionDefinition<QuestionnaireDoc> = {
  name: 'questionnaires',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.questionnaire],
  eventTypes: ['QuestionnaireDefined'],
  documentId: (event) => (event.data as { questionnaireId?: string }).questionnaireId ?? null,
  evolve(doc, event) {
    if (event.type !== 'QuestionnaireDefined') return doc;
    const d = event.data as { questionnaireId: string; doctorId: string; title: string; questions: Question[] };
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

export const questionnaireAnswersProjection: ProjectionDefinition<QuestionnaireAnswersDoc> = {
  name: 'questionnaire_answers',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.patient],
  eventTypes: ['QuestionnaireAnswered'],
  documentId: (event) => {
    const d = event.data as { patientId?: string; questionnaireId?: string };
    return event.type === 'QuestionnaireAnswered' && d.patientId && d.questionnaireId ? questionnaireAnswersId(d.patientId, d.questionnaireId) : null;
  },
  evolve(doc, event) {
    if (event.type !== 'QuestionnaireAnswered') return doc;
    const d = event.data as { patientId: string; questionnaireId: string; doctorId: string; answers: Sealed };
    // one document per patient and questionnaire: a later answer replaces the earlier one
    return { id: questionnaireAnswersId(d.patientId, d.questionnaireId), ...d, answeredAt: event.metadata.at };
  },
  indexes: {
    patient_id: { type: 'text', value: (d) => d.patientId },
    doctor_id: { type: 'text', value: (d) => d.doctorId },
  },
};
