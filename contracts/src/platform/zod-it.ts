import { z } from 'zod';

const TYPE_WORDS: Record<string, string> = {
  number: 'un numero',
  string: 'un testo',
  array: 'un elenco',
  object: 'un oggetto',
  boolean: 'vero o falso',
  bigint: 'un intero',
  date: 'una data',
  undefined: 'nessun valore',
  file: 'un file',
  set: 'un insieme',
  map: 'una mappa',
  nan: 'NaN',
};
const TYPE_WORD = new RegExp(`\\b(${Object.keys(TYPE_WORDS).join('|')})\\b`, 'g');
const italian = z.locales.it().localeError;

/**
 * zod's own messages (where a schema gives none) in Italian: zod 4's Italian locale, with the type
 * names it leaves in English ("number", "string") said in Italian too.
 */
export const italianZodError: z.core.$ZodErrorMap = (issue) => {
  const result = italian(issue);
  const message = typeof result === 'string' ? result : result?.message;
  return message?.replace(TYPE_WORD, (w) => TYPE_WORDS[w]);
};

z.config({ localeError: italianZodError });

/**
 * zod, configured: every schema of the contracts takes `z` from here, so wherever a schema is, the Italian messages
 * are too. The browser's build leaves out the contracts' modules no code uses ("sideEffects" in package.json), and
 * with them a bare `import './zod-it'`; this import it cannot leave out.
 */
export { z };
