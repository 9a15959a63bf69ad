import { checkAnswers, definitionProblem, type Answers, type EventData, type Question, type Sealed } from '@studio/contracts';
import { ConflictError, ValidationError } from '../common/errors';

const sentence = (message: string) => (message.endsWith('.') ? message : `${message}.`);

// ---- `questionnaire-<id>`: the definition, written once -------------------------------------

export type QuestionnaireEvent = { type: 'QuestionnaireDefined'; data: EventData<'QuestionnaireDefined'> };

export type QuestionnaireState = { status: 'none' } | { status: 'defined'; doctorId: string };

export type QuestionnaireCommand = { type: 'DefineQuestionnaire'; questionnaireId: string; doctorId: string; title: string; questions: Question[] };

export const questionnaireDecider = {
  initialState: (): QuestionnaireState => ({ status: 'none' }),
  evolve: (_state: QuestionnaireState, event: QuestionnaireEvent): QuestionnaireState => ({ status: 'defined', doctorId: event.data.doctorId }),
  decide(command: QuestionnaireCommand, state: QuestionnaireState): QuestionnaireEvent[] {
    if (state.status === 'defined') throw new ConflictError('Questo questionario esiste già.', 'questionario_esistente');
    const title = command.title.trim();
    if (!title) throw new ValidationError('Titolo mancante.', 'questionario_non_valido');
    const problem = definitionProblem(command.questions);
    if (problem) throw new ValidationError(sentence(problem), 'questionario_non_valido');
    const { questionnaireId, doctorId, questions } = command;
    return [{ type: 'QuestionnaireDefined', data: { questionnaireId, doctorId, title, questions } }];
  },
};

// ---- `patient-<id>`: the patient's answers ----------------------------------------------------

export type PatientEvent = { type: 'QuestionnaireAnswered'; data: EventData<'QuestionnaireAnswered'> };

/** nothing in a patient's past changes the rules for a new answer: a later one supersedes */
export type PatientState = { status: 'any' };

export type PatientCommand = {
  type: 'AnswerQuestionnaire';
  patientId: string;
  questionnaire: { id: string; doctorId: string; questions: Question[] };
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
    const check = checkAnswers(command.questionnaire.questions, command.answers);
    if (!check.ok) throw new ValidationError(sentence(check.message), check.code);
    const { patientId, questionnaire, sealed } = command;
    return [{ type: 'QuestionnaireAnswered', data: { patientId, questionnaireId: questionnaire.id, doctorId: questionnaire.doctorId, answers: sealed } }];
  },
};
