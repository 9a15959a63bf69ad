import type { Answers, Question } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { DEMO_QUESTIONNAIRE } from './demo-questionnaire';
import { patientDecider, questionnaireDecider, type PatientCommand, type PatientEvent, type QuestionnaireCommand } from './questionnaire.decider';

const { title, questions } = DEMO_QUESTIONNAIRE;
const byId = (id: string) => questions.find((q) => q.id === id)!;

describe('questionnaire decider (questionnaire-<id>)', () => {
  const given = deciderSpec(questionnaireDecider);
  const define = (qs: Question[] = questions, t = title): QuestionnaireCommand => ({
    type: 'DefineQuestionnaire',
    questionnaireId: 'q1',
    doctorId: 'd1',
    title: t,
    questions: qs,
  });
  const defined = { type: 'QuestionnaireDefined' as const, data: { questionnaireId: 'q1', doctorId: 'd1', title, questions } };

  it('defines a questionnaire once', () => {
    given([]).when(define()).then([defined]);
    given([defined]).when(define()).thenThrows('questionario_esistente');
  });

  describe('edit, switch on/off, delete', () => {
    const revise = (qs: Question[] = questions.slice(0, 2), t = 'Anamnesi breve'): QuestionnaireCommand => ({
      type: 'ReviseQuestionnaire',
      questionnaireId: 'q1',
      title: t,
      questions: qs,
    });
    const revised = (version: number) => ({
      type: 'QuestionnaireRevised' as const,
      data: { questionnaireId: 'q1', doctorId: 'd1', version, title: 'Anamnesi breve', questions: questions.slice(0, 2) },
    });
    const setActive = (active: boolean): QuestionnaireCommand => ({ type: 'SetQuestionnaireActive', questionnaireId: 'q1', active });
    const activeSet = (active: boolean) => ({ type: 'QuestionnaireActiveSet' as const, data: { questionnaireId: 'q1', doctorId: 'd1', active } });
    const del = (answered: boolean): QuestionnaireCommand => ({ type: 'DeleteQuestionnaire', questionnaireId: 'q1', answered });
    const deleted = { type: 'QuestionnaireDeleted' as const, data: { questionnaireId: 'q1', doctorId: 'd1' } };

    it('given a defined questionnaire, when it is edited, then a new version is recorded (2, then 3)', () => {
      given([defined])
        .when(revise())
        .then([revised(2)]);
      given([defined, revised(2)])
        .when(revise())
        .then([revised(3)]);
    });

    it('given a questionnaire, when an edit breaks the rules, then it is refused like a definition', () => {
      given([defined]).when(revise([])).thenThrows('questionario_non_valido');
      given([defined]).when(revise(questions, ' ')).thenThrows('questionario_non_valido');
      given([defined])
        .when(revise([questions[0], questions[0]]))
        .thenThrows('questionario_non_valido');
    });

    it('given nothing or a deleted questionnaire, when edited, switched or deleted, then 404 questionario_non_trovato', () => {
      for (const history of [[], [defined, deleted]]) {
        given(history).when(revise()).thenThrows('questionario_non_trovato');
        given(history).when(setActive(false)).thenThrows('questionario_non_trovato');
        given(history).when(del(false)).thenThrows('questionario_non_trovato');
      }
      given([defined, deleted]).when(define()).thenThrows('questionario_esistente');
    });

    it('given an active questionnaire, when switched off and on, then each change is an event and a repeat is nothing', () => {
      given([defined])
        .when(setActive(false))
        .then([activeSet(false)]);
      given([defined]).when(setActive(true)).then([]);
      given([defined, activeSet(false)])
        .when(setActive(false))
        .then([]);
      given([defined, activeSet(false)])
        .when(setActive(true))
        .then([activeSet(true)]);
    });

    it('given a questionnaire nobody answered, when deleted, then it is deleted; once answered, then 409 with the way out', () => {
      given([defined, revised(2), activeSet(false)])
        .when(del(false))
        .then([deleted]);
      given([defined]).when(del(true)).thenThrows('questionario_con_risposte');
      expect(() => questionnaireDecider.decide(del(true), questionnaireDecider.evolve(questionnaireDecider.initialState(), defined))).toThrow(
        /Puoi disattivarlo/,
      );
    });
  });

  it('refuses a definition that breaks the rules', () => {
    const radio = byId('allergie');
    const refused = (qs: Question[], t = title) => given([]).when(define(qs, t)).thenThrows('questionario_non_valido');
    refused([]);
    refused(questions, '  ');
    refused([radio, radio]); // the same question id twice
    refused([{ ...radio, options: [radio.options[0], radio.options[0]] }]); // the same option value twice
    refused([{ ...byId('attivita'), handleMore: true }]); // handle-more on a checkbox
    refused([{ ...radio, handleMore: true }]); // handle-more next to an enabler option
    refused([{ ...radio, textInput: undefined }]); // an enabler with no text input
    refused([{ ...byId('alimentazione'), textInput: undefined }]); // handle-more with no text input
    refused([{ ...byId('frequenza'), textInput: { label: 'Note' } }]); // a text input nothing enables
  });
});

describe('patient decider (patient-<id>): questionnaire answers', () => {
  const given = deciderSpec(patientDecider);
  const sealed = { keyId: 'p1', iv: 'iv', tag: 'tag', data: 'cifrato' };
  const required: Answers = {
    allergie: { choices: ['no'] },
    alimentazione: { choices: ['onnivora'] },
    frequenza: { choices: ['1-2'] },
    pasti: { choices: ['3'] },
    patologie: { choices: ['no'] },
    farmaci: { choices: ['no'] },
  };
  const answer = (changes: Answers = {}): PatientCommand => ({
    type: 'AnswerQuestionnaire',
    patientId: 'p1',
    questionnaire: { id: 'q1', doctorId: 'd1', questions, version: 2, active: true },
    answers: { ...required, ...changes },
    sealed,
  });
  const answered: PatientEvent = {
    type: 'QuestionnaireAnswered',
    data: { patientId: 'p1', questionnaireId: 'q1', doctorId: 'd1', answers: sealed, version: 2 },
  };
  const refused = (changes: Answers, code: string) => given([]).when(answer(changes)).thenThrows(code);

  it('given a questionnaire switched off, when a patient answers it, then 409 questionario_disattivato', () => {
    given([])
      .when({ ...answer(), questionnaire: { id: 'q1', doctorId: 'd1', questions, version: 2, active: false } })
      .thenThrows('questionario_disattivato');
  });

  it('records the answers sealed with the version answered, and a later answer as well (it supersedes)', () => {
    given([]).when(answer()).then([answered]);
    given([answered])
      .when(answer({ allergie: { choices: ['si'], text: 'Arachidi' } }))
      .then([answered]);
  });

  it('accepts zero or more checkbox choices and text where an option enables it', () => {
    given([])
      .when(answer({ attivita: { choices: [] }, obiettivi: { choices: ['peso', 'salute'] } }))
      .then([answered]);
    given([])
      .when(answer({ attivita: { choices: ['corsa', 'altro'], text: 'Arrampicata' } }))
      .then([answered]);
    given([])
      .when(answer({ alimentazione: { choices: ['altro'], text: 'Chetogenica' } }))
      .then([answered]);
    // text sent where the form disables it is ignored, not refused
    given([])
      .when(answer({ alimentazione: { choices: ['vegana'], text: 'ignorato' }, frequenza: { choices: ['0'], text: 'ignorato' } }))
      .then([answered]);
  });

  it('wants exactly one choice for a radio', () => {
    refused({ allergie: { choices: [] } }, 'risposta_mancante');
    refused({ allergie: { choices: ['no', 'si'], text: 'x' } }, 'risposta_mancante');
    const { pasti: _omitted, ...withoutPasti } = required;
    given([])
      .when({ ...answer(), answers: withoutPasti })
      .thenThrows('risposta_mancante');
  });

  it('refuses unknown questions and options', () => {
    refused({ peso: { choices: ['80'] } }, 'domanda_sconosciuta');
    refused({ allergie: { choices: ['forse'] } }, 'opzione_non_valida');
    refused({ attivita: { choices: ['corsa', 'corsa'] } }, 'opzione_non_valida');
    refused({ obiettivi: { choices: ['volare'] } }, 'opzione_non_valida');
  });

  it('requires the text an enabler or the last handle-more option enables', () => {
    refused({ allergie: { choices: ['si'] } }, 'testo_mancante');
    refused({ allergie: { choices: ['si'], text: '   ' } }, 'testo_mancante');
    refused({ attivita: { choices: ['nuoto', 'altro'] } }, 'testo_mancante');
    refused({ alimentazione: { choices: ['altro'] } }, 'testo_mancante');
  });
});
