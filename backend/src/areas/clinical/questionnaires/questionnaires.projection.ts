import { STREAM_PREFIX } from '@studio/contracts';
import type { Question, Sealed } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** one version of a questionnaire: answers point at it, so they read the questions they answered */
export interface QuestionnaireVersion {
  version: number;
  title: string;
  questions: Question[];
  at: string;
}

/** questionnaire definitions (not personal); a deleted one is removed */
export interface QuestionnaireDoc {
  id: string;
  doctorId: string;
  /** the current version's title and questions */
  title: string;
  questions: Question[];
  definedAt: string;
  /** absent in documents written before versions: 1, active, one version */
  version?: number;
  active?: boolean;
  versions?: QuestionnaireVersion[];
}

type QuestionnaireEvents = 'QuestionnaireDefined' | 'QuestionnaireRevised' | 'QuestionnaireActiveSet' | 'QuestionnaireDeleted';

export const questionnairesProjection: ProjectionDefinition<QuestionnaireDoc, QuestionnaireEvents> = {
  name: 'questionnaires',
  version: 2,
  streamPrefixes: [STREAM_PREFIX.questionnaire],
  eventTypes: ['QuestionnaireDefined', 'QuestionnaireRevised', 'QuestionnaireActiveSet', 'QuestionnaireDeleted'],
  documentId: (event) => event.data.questionnaireId,
  evolve(doc, event) {
    const at = event.metadata.at;
    switch (event.type) {
      case 'QuestionnaireDefined': {
        const d = event.data;
        return {
          id: d.questionnaireId,
          doctorId: d.doctorId,
          title: d.title,
          questions: d.questions,
          definedAt: at,
          version: 1,
          active: true,
          versions: [{ version: 1, title: d.title, questions: d.questions, at }],
        };
      }
      case 'QuestionnaireRevised': {
        if (!doc) return doc;
        const { version, title, questions } = event.data;
        return { ...doc, title, questions, version, versions: [...(doc.versions ?? []), { version, title, questions, at }] };
      }
      case 'QuestionnaireActiveSet':
        return doc ? { ...doc, active: event.data.active } : doc;
      case 'QuestionnaireDeleted':
        return null;
    }
  },
  indexes: {
    doctor_id: { type: 'text', value: (d) => d.doctorId },
  },
};

/** the title and questions of one version (the current one when that version is not kept) */
export function questionnaireVersion(doc: QuestionnaireDoc, version: number): QuestionnaireVersion {
  return doc.versions?.find((v) => v.version === version) ?? { version: doc.version ?? 1, title: doc.title, questions: doc.questions, at: doc.definedAt };
}

/** a patient's latest answers to one questionnaire; health data, so they stay sealed here too and are opened at read time */
export interface QuestionnaireAnswersDoc {
  id: string;
  patientId: string;
  questionnaireId: string;
  doctorId: string;
  answers: Sealed;
  answeredAt: string;
  /** the questionnaire's version answered (absent: 1) */
  version?: number;
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
