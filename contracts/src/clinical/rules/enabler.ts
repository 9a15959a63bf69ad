/** what the rule reads of a question (contracts/src/clinical/questionnaire.ts, Question): written here, so the rule imports nothing back */
export interface EnablerQuestion {
  options: readonly { value: string; enabler?: boolean }[];
  handleMore?: boolean;
}

/**
 * The questionnaire's enabler rule, on the server (checkAnswers) as in the form: the text of a
 * question is enabled, and then required, while an enabler option is chosen, or, for a handle-more
 * radio, while its last option is chosen. Otherwise it is disabled and its text is not sent.
 */
export function textEnabledBy(question: EnablerQuestion, choices: readonly string[]): boolean {
  if (question.options.some((o) => o.enabler === true && choices.includes(o.value))) return true;
  const last = question.options[question.options.length - 1]?.value;
  return question.handleMore === true && last !== undefined && choices.includes(last);
}
