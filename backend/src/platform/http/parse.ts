import { italianZodError } from '@studio/contracts';
import type { z } from 'zod';
import { ValidationError } from '../common/errors';

/**
 * validates input at the boundary; the first issue becomes a 400 in Italian. A schema's own message
 * names its field already ("Inserisci il nome"); zod's generic ones get the field added.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new ValidationError(messageOf(result.error.issues[0], value));
}

function messageOf(issue: z.core.$ZodIssue, value: unknown): string {
  const field = issue.path.map(String).join('.');
  let message: string;
  if (issue.code === 'invalid_type') {
    // zod 4 leaves the input out of its issues: look the field up ourselves
    message =
      valueAt(value, issue.path) === undefined
        ? `Campo obbligatorio mancante: ${field || 'corpo della richiesta'}`
        : `Valore non valido per il campo ${field || 'corpo della richiesta'}`;
  } else if (isGeneric(issue)) {
    message = field ? `Campo ${field}: ${lowerFirst(issue.message)}` : issue.message;
  } else {
    message = issue.message;
  }
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/** the message is zod's default (from the locale), not one the schema wrote */
function isGeneric(issue: z.core.$ZodIssue): boolean {
  const withoutInput = { ...issue, input: undefined } as unknown as Parameters<typeof italianZodError>[0];
  const result = italianZodError(withoutInput);
  const generic = typeof result === 'string' ? result : result?.message;
  return generic === issue.message;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
