import { checkAnswers, definitionProblem, type Answers, type EventData, type Question, type Sealed } from '@studio/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';

const sentence = (message: string) => (message.endsWith('.') ? message : `${message}.`);

// ---- `questionnaire-<id>`: the definition, its versions, on/off and deletion ---------------------

export type QuestionnaireEvent =
  | { type: 'QuestionnaireDefined'; data: EventData<'QuestionnaireDefined'> }
  | { type: 'QuestionnaireRevised'; data: EventData<'QuestionnaireRevised'> }
  | { type: 'QuestionnaireActiveSet'; data: EventData<'QuestionnaireActiveSet'> }
  | { type: 'QuestionnaireDeleted'; data: EventData<'QuestionnaireDeleted'> };

export type QuestionnaireState =
  { status: 'none' } | { status: 'defined'; doctorId: string; version: number; active: boolean } | { status: 'deleted'; doctorId: string };

export type QuestionnaireCommand =
  | { type: 'DefineQuestionnaire'; questionnaireId: string; doctorId: string; title: string; questions: Question[] }
  | { type: 'ReviseQuestionnaire'; questionnaireId: string; title: string; questions: Question[] }
  | { type: 'SetQuestionnaireActive'; questionnaireId: string; active: boolean }
  /** `answered`: whether any patient answered it, as the caller read it (answers live on the patients' streams) */
  | { type: 'DeleteQuestionnaire'; questionnaireId: string; answered: boolean };

export const QUESTIONNAIRE_NOT_FOUND = 'Questionario non trovato.';
export const QUESTIONNAIRE_ANSWERED =
  'Questo questionario ha già delle risposte: non si può eliminare. Puoi disattivarlo, così nessun paziente lo riceverà più.';

function checkedDefinition(title: string, questions: Question[]): string {
  const trimmed = title.trim();
  if (!trimmed) throw new ValidationError('Titolo mancante.', 'questionario_non_valido');
  const problem = definitionProblem(questions);
  if (problem) throw new ValidationError(sentence(problem), 'questionario_non_valido');
  return trimmed;
}

export const questionnaireDecider = {
  initialState: (): QuestionnaireState => ({ status: 'none' }),
  evolve: (state: QuestionnaireState, event: QuestionnaireEvent): QuestionnaireState => {
    switch (event.type) {
      case 'QuestionnaireDefined':
        return { status: 'defined', doctorId: event.data.doctorId, version: 1, active: true };
      case 'QuestionnaireRevised':
        return state.status === 'defined' ? { ...state, version: event.data.version } : state;
      case 'QuestionnaireActiveSet':
        return state.status === 'defined' ? { ...state, active: event.data.active } : state;
      case 'QuestionnaireDeleted':
        return { status: 'deleted', doctorId: event.data.doctorId };
    }
  },
  decide(command: QuestionnaireCommand, state: QuestionnaireState): QuestionnaireEvent[] {
    if (command.type === 'DefineQuestionnaire') {
      if (state.status !== 'none') throw new ConflictError('Questo questionario esiste già.', 'questionario_esistente');
      const title = checkedDefinition(command.title, command.questions);
      const { questionnaireId, doctorId, questions } = command;
      return [{ type: 'QuestionnaireDefined', data: { questionnaireId, doctorId, title, questions } }];
    }
    if (state.status !== 'defined') throw new NotFoundError(QUESTIONNAIRE_NOT_FOUND, 'questionario_non_trovato');
    const { questionnaireId } = command;
    const { doctorId } = state;
    switch (command.type) {
      case 'ReviseQuestionnaire': {
        const title = checkedDefinition(command.title, command.questions);
        return [{ type: 'QuestionnaireRevised', data: { questionnaireId, doctorId, version: state.version + 1, title, questions: command.questions } }];
      }
      case 'SetQuestionnaireActive':
        // already so: nothing to record (a repeated click is not an error)
        if (state.active === command.active) return [];
        return [{ type: 'QuestionnaireActiveSet', data: { questionnaireId, doctorId, active: command.active } }];
      case 'DeleteQuestionnaire':
        if (command.answered) throw new ConflictError(QUESTIONNAIRE_ANSWERED, 'questionario_con_risposte');
        return [{ type: 'QuestionnaireDeleted', data: { questionnaireId, doctorId } }];
    }
  },
};

// ---- `patient-<id>`: the patient's answers ----------------------------------------------------

export type PatientEvent = { type: 'QuestionnaireAnswered'; data: EventData<'QuestionnaireAnswered'> };

/** nothing in a patient's past changes the rules for a new answer: a later one supersedes */
export type PatientState = { status: 'any' };

export type PatientCommand = {
  type: 'AnswerQuestionnaire';
  patientId: string;
  /** as the caller read it; `active: false` is refused (a questionnaire switched off cannot be answered) */
  questionnaire: { id: string; doctorId: string; questions: Question[]; version: number; active: boolean };
  /** in clear, to check the rules; only `sealed` goes into the event */
  answers: Answers;
  /**
   * `answers` sealed with the patient's key. Sealing needs the key table (I/O), so the caller seals
   * what checkAnswers kept and this decider checks those same answers.
   */
  sealed: Sealed;
};

export const patientDecider = {
  initialState: (): PatientState => ({ status: 'any' }),
  evolve: (state: PatientState): PatientState => state,
  decide(command: PatientCommand, _state: PatientState): PatientEvent[] {
    if (!command.questionnaire.active)
      throw new ConflictError('Questo questionario è stato disattivato dal medico: non serve più compilarlo.', 'questionario_disattivato');
    const check = checkAnswers(command.questionnaire.questions, command.answers);
    if (!check.ok) throw new ValidationError(sentence(check.message), check.code);
    const { patientId, questionnaire, sealed } = command;
    return [
      {
        type: 'QuestionnaireAnswered',
        data: { patientId, questionnaireId: questionnaire.id, doctorId: questionnaire.doctorId, answers: sealed, version: questionnaire.version },
      },
    ];
  },
};
