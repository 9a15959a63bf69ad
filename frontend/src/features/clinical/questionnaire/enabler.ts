/**
 * The questionnaire's enabler rules, as pure functions of a question and
 * its current choices:
 * - a chosen option with the enabler flag (radio or checkbox) enables the question's text input
 *   and makes it required;
 * - a radio question with handle-more enables and requires the text only while its last option
 *   is chosen, otherwise it disables it;
 * - any other radio choice disables the text input and makes it not required;
 * - a checkbox question with no enabler option checked keeps the text disabled and not required.
 * The rule itself is contracts' `textEnabledBy`, the one the server applies in checkAnswers.
 */
import { textEnabledBy, type Answer, type Answers, type Question } from '@studio/contracts';

export type TextInputState = { enabled: boolean; required: boolean };

const OFF: TextInputState = { enabled: false, required: false };
const ON: TextInputState = { enabled: true, required: true };

/** one question's answer while the form is filled in */
export type Draft = { choices: string[]; text: string };
export const EMPTY_DRAFT: Draft = { choices: [], text: '' };

/** the last option's value: the one a handle-more radio enables the text with */
export function lastOptionValue(question: Question): string | undefined {
  return question.options[question.options.length - 1]?.value;
}

export function textInputState(question: Question, choices: readonly string[]): TextInputState {
  if (!question.textInput) return OFF;
  return textEnabledBy(question, choices) ? ON : OFF;
}

/** the choices after an input changed: a radio replaces, a checkbox adds or removes (options' order kept) */
export function nextChoices(question: Question, choices: readonly string[], value: string, checked: boolean): string[] {
  if (!question.options.some((o) => o.value === value)) return [...choices];
  if (question.kind === 'radio') return checked ? [value] : choices.filter((c) => c !== value);
  const set = new Set(choices);
  if (checked) set.add(value);
  else set.delete(value);
  return question.options.map((o) => o.value).filter((v) => set.has(v));
}

/** the payload of POST /api/questionnaires/:id/answers: the text only where enabled and not blank */
export function buildAnswers(questions: readonly Question[], drafts: Readonly<Record<string, Draft>>): Answers {
  const answers: Answers = {};
  for (const q of questions) {
    const draft = drafts[q.id] ?? EMPTY_DRAFT;
    const answer: Answer = { choices: [...draft.choices] };
    const text = draft.text.trim();
    if (textInputState(q, draft.choices).enabled && text) answer.text = text;
    answers[q.id] = answer;
  }
  return answers;
}
