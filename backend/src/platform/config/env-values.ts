import { z } from 'zod';

/** an environment variable set to '' counts as unset (compose files and .env templates leave them empty) */
export const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

/** a comma-separated list of URLs as their origins ('' or unset: none) */
export const originList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => new URL(s).origin);
