import type { z } from 'zod';
import { ValidationError } from '../common/errors';

/** validates input at the boundary; the first issue's Italian message becomes a 400 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  // zod's own words for a wrong type are English: say it in Italian
  const message =
    issue.code !== 'invalid_type'
      ? issue.message
      : valueAt(value, issue.path) === undefined
        ? `Campo obbligatorio mancante: ${field}.`
        : `Valore non valido per il campo ${field}.`;
  throw new ValidationError(message.endsWith('.') || message.endsWith('!') ? message : `${message}.`);
}

/** zod 4 leaves the input out of its issues: look the field up ourselves */
function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
