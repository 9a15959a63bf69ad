// No zod here: the browser's first page reads error answers and loads before zod (see frontend/vite.config.ts).

/** Every error answer: `{ error: { code, message } }`, message in Italian. */
export type ErrorBody = { error: { code: string; message: string } };

/**
 * The answer as an error body when it is one, else undefined. A plain check, not a zod schema: the browser reads
 * error answers on its first page, which loads without zod (the server writes every error body itself).
 */
export function errorBodyOf(value: unknown): ErrorBody | undefined {
  if (typeof value !== 'object' || value === null || !('error' in value)) return undefined;
  const { error } = value;
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return undefined;
  return typeof error.code === 'string' && typeof error.message === 'string' ? { error: { code: error.code, message: error.message } } : undefined;
}
