/**
 * A rough test of an error message's language: not empty, none of the English words that zod,
 * express, body-parser or Nest put in their default messages.
 */
const ENGLISH =
  /\b(invalid|expected|required|too (small|big|large|many)|must|unexpected|cannot|error|not found|bad request|payload|received|string|number|object|array|undefined|forbidden|unauthorized|internal|request)\b/i;

export function looksItalian(message: string): boolean {
  return message.trim().length > 0 && !ENGLISH.test(message);
}
