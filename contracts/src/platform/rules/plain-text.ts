import { z } from '../zod-it';

/**
 * What a stored name or text may hold. Every name and text the app keeps is printed later: on receipts and PDFs, in
 * email headers, in calendar files and CSVs. A control character there ends a header or a line; an invisible or
 * direction-changing one makes a name read as something else, or as nothing.
 *
 * - `name`: one line with at least one letter (a person's, a practice's, a product's name)
 * - `line`: one line with at least one letter or digit (an address, a title, a register number)
 * - `lines`: free text over several lines (a presentation, a description): line breaks and tabs allowed
 */
export type PlainTextKind = 'name' | 'line' | 'lines';

/**
 * invisible format characters (zero-width space, word joiner, BOM, the bidi embeddings, overrides and isolates…):
 * Unicode's Cf, less the two joiners that some scripts and emoji sequences need between visible letters
 */
const INVISIBLE = /(?![\u200c\u200d])\p{Cf}/u;
/** controls (NUL, ESC, DEL, C1…), the line and paragraph separators, and halves of a surrogate pair left alone */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u;
const CONTROL_EXCEPT_LINE_BREAK = /(?![\n\t])[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u;
/** U+FFFE, U+FFFF and the other noncharacters: never text */
const NONCHARACTER = /[\ufdd0-\ufdef\ufffe\uffff]/u;

export const TEXT_CONTROL_MESSAGE = 'contiene caratteri non ammessi (a capo, caratteri di controllo o invisibili)';

/** why `value` may not be stored as a text of this kind, in Italian after the field's label; null when it may */
export function plainTextProblem(value: string, kind: PlainTextKind): string | null {
  const controls = kind === 'lines' ? CONTROL_EXCEPT_LINE_BREAK : CONTROL;
  if (controls.test(value) || INVISIBLE.test(value) || NONCHARACTER.test(value)) return TEXT_CONTROL_MESSAGE;
  if (value === '') return null;
  if (kind === 'name' && !/\p{L}/u.test(value)) return 'deve contenere almeno una lettera';
  if (kind === 'line' && !/[\p{L}\p{N}]/u.test(value)) return 'deve contenere almeno una lettera o una cifra';
  return null;
}

/**
 * The one schema for a stored name or text: trimmed, required unless `missing` is left out, at most `max` characters
 * (with the field's own messages), and free of what {@link plainTextProblem} refuses, said after `label`.
 */
export function storedText(options: { label: string; kind: PlainTextKind; max: number; tooLong: string; missing?: string; notText?: string }) {
  const { label, kind, max, tooLong, missing } = options;
  const base = z
    .string({ error: options.notText ?? missing ?? `${label}: testo non valido` })
    .trim()
    .min(missing === undefined ? 0 : 1, missing)
    .max(max, tooLong);
  return base.superRefine((value, ctx) => {
    const problem = plainTextProblem(value, kind);
    if (problem) ctx.addIssue({ code: 'custom', message: `${label}: ${problem}` });
  });
}
