import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { textEnabledBy } from './rules/enabler';

/** server-made ids (UUIDs): anything else in a path or body is refused before any lookup */
export const EntityId = z
  .string({ error: 'Identificativo mancante' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Identificativo non valido');

/** a questionnaire's title, as the patient reads it in the booking's emails and pages */
const title = storedText({ label: 'Titolo', kind: 'line', max: 200, tooLong: 'Titolo troppo lungo', missing: 'Titolo mancante' }).prefault('');

// `.prefault('')` on required texts: a missing one reads as empty, so the user gets the field's own message
export const QuestionOption = z.object({
  value: storedText({ label: 'Valore dell’opzione', kind: 'line', max: 100, tooLong: 'Valore troppo lungo', missing: 'Valore dell’opzione mancante' }).prefault(
    '',
  ),
  label: storedText({ label: 'Testo dell’opzione', kind: 'line', max: 200, tooLong: 'Testo troppo lungo', missing: 'Testo dell’opzione mancante' }).prefault(
    '',
  ),
  /** choosing it enables and requires the question's text input */
  enabler: z.boolean().optional(),
});
export type QuestionOption = z.infer<typeof QuestionOption>;

export const Question = z.object({
  id: z
    .string({ error: 'Identificativo della domanda mancante' })
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Identificativo della domanda non valido: lettere, cifre, - e _'),
  text: storedText({ label: 'Testo della domanda', kind: 'line', max: 500, tooLong: 'Domanda troppo lunga', missing: 'Testo della domanda mancante' }).prefault(
    '',
  ),
  kind: z.enum(['radio', 'checkbox'], { error: 'Tipo di domanda non valido: radio o checkbox' }),
  options: z.array(QuestionOption, { error: 'Opzioni mancanti' }).min(1, 'Ogni domanda deve avere almeno una opzione').max(30, 'Troppe opzioni'),
  /** radio only: the text input is enabled and required only when the last option is chosen */
  handleMore: z.boolean().optional(),
  textInput: z
    .object({
      label: storedText({
        label: 'Etichetta del campo di testo',
        kind: 'line',
        max: 200,
        tooLong: 'Etichetta troppo lunga',
        missing: 'Etichetta del campo di testo mancante',
      }),
    })
    .optional(),
});
export type Question = z.infer<typeof Question>;

/** the rules a definition must keep beyond its shape; null when it keeps them */
export function definitionProblem(questions: Question[]): string | null {
  if (questions.length === 0) return 'Aggiungi almeno una domanda';
  const ids = new Set<string>();
  for (const q of questions) {
    if (ids.has(q.id)) return `Due domande hanno lo stesso identificativo "${q.id}"`;
    ids.add(q.id);
    const values = new Set(q.options.map((o) => o.value));
    if (values.size !== q.options.length) return `La domanda "${q.text}" ha due opzioni con lo stesso valore`;
    const enablers = q.options.some((o) => o.enabler);
    if (q.handleMore && q.kind !== 'radio') return `La domanda "${q.text}": "altro" (handleMore) vale solo per le domande a scelta singola`;
    if (q.handleMore && enablers) return `La domanda "${q.text}": con "altro" (handleMore) è l’ultima opzione ad abilitare il testo, non le altre`;
    if ((q.handleMore || enablers) && !q.textInput) return `La domanda "${q.text}" abilita un testo ma non ha il campo di testo`;
    if (q.textInput && !q.handleMore && !enablers) return `La domanda "${q.text}" ha un campo di testo che nessuna opzione abilita`;
  }
  return null;
}

export const QuestionnaireRequest = z
  .object({
    /** the admin names the doctor; a doctor may omit it (themselves) */
    doctorId: EntityId.optional(),
    title,
    questions: z.array(Question, { error: 'Domande mancanti' }).min(1, 'Aggiungi almeno una domanda').max(100, 'Troppe domande'),
  })
  .superRefine(
    (q, ctx) => {
      const problem = definitionProblem(q.questions);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['questions'] });
    },
    { when: (payload) => payload.issues.length === 0 },
  ); // the rules read a definition of the right shape only
export type QuestionnaireRequest = z.infer<typeof QuestionnaireRequest>;

export const Answer = z.object({
  choices: z.array(z.string().max(100), { error: 'Scelte non valide' }).max(30, 'Troppe scelte').default([]),
  text: storedText({ label: 'Risposta', kind: 'lines', max: 2000, tooLong: 'Testo troppo lungo', notText: 'Testo non valido' }).optional(),
});
export type Answer = z.infer<typeof Answer>;
export type Answers = Record<string, Answer>;

export const AnswersRequest = z.object({
  answers: z.record(z.string(), Answer, { error: 'Risposte mancanti' }).refine((a) => Object.keys(a).length <= 100, { message: 'Troppe risposte' }),
});
export type AnswersRequest = z.infer<typeof AnswersRequest>;

/** GET /api/questionnaires?doctor= */
export const QuestionnaireListQuery = z.object({
  doctor: EntityId.optional(),
  /** a patient: only the questionnaires of this booking of theirs (its visit type's) */
  booking: EntityId.optional(),
});

/** POST /api/questionnaires answers 201 with the new id; POST …/answers with this */
export const AnswersRecorded = z.object({ questionnaireId: z.string(), answeredAt: z.string() });
export type AnswersRecorded = z.infer<typeof AnswersRecorded>;

export type AnswersCheck = { ok: true; answers: Answers } | { ok: false; code: string; message: string };

/**
 * The spec's enabler rules, on the server as in the form: a radio has exactly one choice, a
 * checkbox zero or more, all among the options. The text is kept only where the form enables it
 * (an enabler option chosen, or the last option of a handle-more radio) and is then required;
 * elsewhere it is dropped, as the disabled input would not have sent it.
 */
export function checkAnswers(questions: Question[], answers: Answers): AnswersCheck {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const unknown = Object.keys(answers).find((id) => !byId.has(id));
  if (unknown !== undefined) return { ok: false, code: 'domanda_sconosciuta', message: `Domanda sconosciuta: "${unknown}"` };
  const kept: Answers = {};
  for (const q of questions) {
    const choices = answers[q.id]?.choices ?? [];
    const chosen = choices.map((value) => q.options.find((o) => o.value === value));
    if (chosen.some((o) => !o) || new Set(choices).size !== choices.length) {
      return { ok: false, code: 'opzione_non_valida', message: `Opzione non valida nella domanda "${q.text}"` };
    }
    if (q.kind === 'radio' && choices.length !== 1) return { ok: false, code: 'risposta_mancante', message: `Scegli una risposta alla domanda "${q.text}"` };
    const textEnabled = textEnabledBy(q, choices);
    const text = answers[q.id]?.text?.trim() ?? '';
    if (textEnabled && !text) return { ok: false, code: 'testo_mancante', message: `Specifica la risposta alla domanda "${q.text}"` };
    kept[q.id] = textEnabled ? { choices, text } : { choices };
  }
  return { ok: true, answers: kept };
}

export const QuestionnaireView = z.object({
  id: z.string(),
  doctorId: z.string(),
  title: z.string(),
  questions: z.array(Question),
  definedAt: z.string(),
  /** 1 at definition, +1 at each edit; answers keep the version they answered */
  version: z.number().int(),
  /** switched off: no patient is given it, nobody can answer it */
  active: z.boolean(),
  /** staff only: whether any patient answered it (then it cannot be deleted) */
  answered: z.boolean().optional(),
});
export type QuestionnaireView = z.infer<typeof QuestionnaireView>;

/** GET /api/patients/:patientId/answers: the latest answers to each questionnaire, with its definition */
export interface PatientAnswersResponse {
  patientId: string;
  /** `questionnaire` is the version the patient answered (its title and questions as they were then) */
  questionnaires: { questionnaire: QuestionnaireView; answers: Answers; answeredAt: string }[];
}

// ---- edit, switch, delete ----------------------------------------------------------------------

/** PUT /api/questionnaires/:id: the whole new version */
export const QuestionnaireRevisionRequest = z
  .object({
    title,
    questions: z.array(Question, { error: 'Domande mancanti' }).min(1, 'Aggiungi almeno una domanda').max(100, 'Troppe domande'),
  })
  .superRefine(
    (q, ctx) => {
      const problem = definitionProblem(q.questions);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['questions'] });
    },
    { when: (payload) => payload.issues.length === 0 },
  );
export type QuestionnaireRevisionRequest = z.infer<typeof QuestionnaireRevisionRequest>;

/** PUT /api/questionnaires/:id/active */
export const QuestionnaireActiveRequest = z.object({ active: z.boolean({ error: 'Indica se il questionario è attivo (true o false)' }) });
export type QuestionnaireActiveRequest = z.infer<typeof QuestionnaireActiveRequest>;
