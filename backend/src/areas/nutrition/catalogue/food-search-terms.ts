// How the catalogue's search reads Italian words, the same way for the foods' names and for a query:
// accents and case do not count, apostrophes and punctuation split words, stop words are dropped and a
// light stemmer folds singular and plural ("noce"/"noci", "albicocca"/"albicocche") onto one term.

/** articles, prepositions (simple and articulated, also elided: "dell'", "all'") and conjunctions */
export const ITALIAN_STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'il lo la i gli le l un uno una un',
    'di del dello della dei degli delle dell d',
    'a al allo alla ai agli alle all ad',
    'da dal dallo dalla dai dagli dalle dall',
    'in nel nello nella nei negli nelle nell',
    'con col coi',
    'su sul sullo sulla sui sugli sulle sull',
    'per tra fra e ed o od',
  ]
    .join(' ')
    .split(' '),
);

/** lowercase, without diacritics ("Würstel" → "wurstel", "baccalà" → "baccala", "œ" → "oe") */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss');
}

/** the words of a text, normalized; every character that is not a letter or a digit separates words */
export function splitWords(text: string): string[] {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * Foods whose singular and plural the stemmer would fold onto another food's: the peach is not the fish
 * ("pesca"/"pesche", "pesce"/"pesci"), the cheese is not the wheat ("grana", "grano"/"grani"), the
 * octopus is not a fruit's pulp ("polpo"/"polpi", "polpa"/"polpe").
 */
const STEM_EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ['pesca', 'pesca'],
  ['pesche', 'pesca'],
  ['pesce', 'pesce'],
  ['pesci', 'pesce'],
  ['grana', 'grana'],
  ['grano', 'grano'],
  ['grani', 'grano'],
  ['polpo', 'polpo'],
  ['polpi', 'polpo'],
  ['polpa', 'polpa'],
  ['polpe', 'polpa'],
]);

/**
 * A light Italian stemmer, for the inflections a food name has (gender and number): the final vowel
 * goes ("mela"/"mele" → "mel"), then an "i" left by "-io" ("finocchio"/"finocchi" → "finocch",
 * "arancia"/"arance" → "aranc") and the "h" of "-che"/"-ghi" ("albicocche" → "albicocc", "funghi" →
 * "fung"). Words shorter than four letters, and words not ending in a vowel ("kefir", a word typed
 * halfway), stay as they are, so a prefix of a word still finds it.
 */
export function stemItalian(word: string): string {
  const exception = STEM_EXCEPTIONS.get(word);
  if (exception) return exception;
  if (word.length < 4 || !/[aeiou]$/.test(word) || /\d/.test(word)) return word;
  let stem = word.slice(0, -1);
  if (stem.length >= 4 && stem.endsWith('i')) stem = stem.slice(0, -1);
  if (/[cg]h$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

/** the terms a text contributes to the index, or a query searches: words without stop words, stemmed */
export function searchTerms(text: string): string[] {
  return splitWords(text)
    .filter((word) => !ITALIAN_STOP_WORDS.has(word))
    .map(stemItalian);
}
