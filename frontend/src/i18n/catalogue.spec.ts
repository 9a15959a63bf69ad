import { it as catalogue, plural } from './it';

/**
 * The copy of every screen, read as a whole: every string of the catalogue and what every message
 * function says for sample arguments (1 and 2, so both plural forms are seen).
 */
type Text = { path: string; text: string };

/** texts the product specification quotes with a straight apostrophe: kept exactly as it writes them */
const SPEC_TEXTS = new Set(["Seleziona prima un giorno e un'ora per procedere", "Devi specificare sia il codice fiscale che l'indirizzo di fatturazione"]);

/** English words or technical names that must never reach a screen (or a screen reader) */
const FORBIDDEN_WORDS = [
  'booking',
  'bookings',
  'slot',
  'order',
  'cancelled',
  'completed',
  'no_show',
  'pending',
  'confirmed',
  'refunded',
  'held',
  'loading',
  'error',
  'submit',
  'undefined',
  'null',
  'NaN',
  'true',
  'false',
  'TODO',
  'Invalid Date',
];

/** nouns that follow a count; after "1 " only the singular may appear */
const PLURAL_NOUNS = [
  'visite',
  'eventi',
  'alimenti',
  'ore',
  'minuti',
  'righe',
  'volte',
  'assenze',
  'giorni',
  'ricevute',
  'pazienti',
  'messaggi',
  'prenotazioni',
  'settimane',
];

function sampleArgs(fn: (...args: never[]) => unknown, n: number): unknown[][] {
  const arity = Math.max(fn.length, 1);
  return [Array(arity).fill(n), Array(arity).fill(`Voce ${n}`)];
}

function collect(value: unknown, path: string, out: Text[], n: number): void {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (typeof value === 'function') {
    for (const args of sampleArgs(value as (...args: never[]) => unknown, n)) {
      try {
        const result = (value as (...args: unknown[]) => unknown)(...args);
        if (typeof result === 'string') out.push({ path: `${path}(${args.join(', ')})`, text: result });
      } catch {
        // a message that needs a richer argument (an object, a date) is read by its own screen's test
      }
    }
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) collect(child, `${path}.${key}`, out, n);
  }
}

const texts = (n: number) => {
  const out: Text[] = [];
  collect(catalogue, 'it', out, n);
  return out;
};

describe('the Italian text catalogue', () => {
  test('is read whole: hundreds of texts, functions included', () => {
    expect(texts(2).length).toBeGreaterThan(800);
    expect(texts(2).some((t) => t.path.endsWith('.pageOf(2, 2, 2)'))).toBe(true);
  });

  test('one apostrophe everywhere (’), except the texts the product specification quotes', () => {
    const straight = texts(2).filter((t) => /\p{L}'\p{L}/u.test(t.text) && !SPEC_TEXTS.has(t.text));
    expect(straight.map((t) => `${t.path}: ${t.text}`)).toEqual([]);
  });

  test('no English word or technical name in any text', () => {
    const pattern = new RegExp(`(^|[^\\p{L}_])(${FORBIDDEN_WORDS.join('|')})(?=$|[^\\p{L}_])`, 'iu');
    const english = [...texts(1), ...texts(2)].filter((t) => pattern.test(t.text));
    expect(english.map((t) => `${t.path}: ${t.text}`)).toEqual([]);
  });

  test('a count of one takes the singular noun (Intl.PluralRules)', () => {
    // numbers only: "Voce 1" is a name, not a count; "eventi/s" is a unit of measure
    const pattern = new RegExp(`(^|[^\\d\\p{L}] ?)1 (${PLURAL_NOUNS.join('|')})(?![\\p{L}/])`, 'u');
    const wrong = texts(1).filter((t) => !t.text.includes('Voce') && pattern.test(t.text));
    expect(wrong.map((t) => `${t.path}: ${t.text}`)).toEqual([]);
  });

  test('no text assumes the reader’s gender ("Ciao, Giulia", not "Benvenuto"; no "rimasto/a" or "nato/a")', () => {
    const gendered = /\b(benvenut[oa]|bentornat[oa]|sei stat[oa]|esserti \p{L}+t[oa]|rimast[oa]|\p{L}+[oi]\/[ae])\b/iu;
    const wrong = texts(2).filter((t) => gendered.test(t.text));
    expect(wrong.map((t) => `${t.path}: ${t.text}`)).toEqual([]);
    expect(catalogue.home.title('Giulia Rossi')).toBe('Ciao, Giulia');
  });

  test('plural() follows Italian rules: 0 and 2 plural, 1 singular', () => {
    expect(plural(1, 'visita', 'visite')).toBe('1 visita');
    expect(plural(0, 'visita', 'visite')).toBe('0 visite');
    expect(plural(2, 'visita', 'visite')).toBe('2 visite');
  });
});
