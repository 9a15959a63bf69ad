import type { Question } from '../questionnaire';

/**
 * SPEC "Questionnaire", the enabler rule, on the server (checkAnswers) as in the form: the text of a
 * question is enabled, and then required, while an enabler option is chosen, or, for a handle-more
 * radio, while its last option is chosen. Otherwise it is disabled and its text is not sent.
 */
export function textEnabledBy(question: Pick<Question, 'options' | 'handleMore'>, choices: readonly string[]): boolean {
  if (question.options.some((o) => o.enabler === true && choices.includes(o.value))) return true;
  const last = question.options[question.options.length - 1]?.value;
  return question.handleMore === true && last !== undefined && choices.includes(last);
}
