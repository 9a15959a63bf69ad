import type { z } from 'zod';
import { ValidationError } from '../common/errors';

/** validates input at the boundary; the first issue's Italian message becomes a 400 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  const message = issue.code === 'invalid_type' && issue.input === undefined ? `Campo obbligatorio mancante: ${field}.` : issue.message;
  throw new ValidationError(message.endsWith('.') || message.endsWith('!') ? message : `${message}.`);
}
