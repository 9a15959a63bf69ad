import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';

// Allergies and intolerances of the clinical record: the fourteen substances of Regulation (EU) No 1169/2011, Annex II
// (the allergens every Italian label must declare), lactose (the commonest intolerance, not an allergen of the Annex),
// and free text for anything else (nickel, kiwi…).

export const ALLERGENS = [
  { id: 'glutine', label: 'Cereali contenenti glutine' },
  { id: 'crostacei', label: 'Crostacei' },
  { id: 'uova', label: 'Uova' },
  { id: 'pesce', label: 'Pesce' },
  { id: 'arachidi', label: 'Arachidi' },
  { id: 'soia', label: 'Soia' },
  { id: 'latte', label: 'Latte (proteine del latte)' },
  { id: 'frutta_a_guscio', label: 'Frutta a guscio' },
  { id: 'sedano', label: 'Sedano' },
  { id: 'senape', label: 'Senape' },
  { id: 'sesamo', label: 'Semi di sesamo' },
  { id: 'solfiti', label: 'Anidride solforosa e solfiti' },
  { id: 'lupini', label: 'Lupini' },
  { id: 'molluschi', label: 'Molluschi' },
  { id: 'lattosio', label: 'Lattosio (intolleranza)' },
] as const;
export type AllergenId = (typeof ALLERGENS)[number]['id'];
export const ALLERGEN_IDS = ALLERGENS.map((a) => a.id) as [AllergenId, ...AllergenId[]];

/** what a food "contains" in the warning: "contiene lattosio", "contiene frutta a guscio" */
export const ALLERGEN_CONTAINS: Record<AllergenId, string> = {
  glutine: 'glutine',
  crostacei: 'crostacei',
  uova: 'uova',
  pesce: 'pesce',
  arachidi: 'arachidi',
  soia: 'soia',
  latte: 'latte',
  frutta_a_guscio: 'frutta a guscio',
  sedano: 'sedano',
  senape: 'senape',
  sesamo: 'sesamo',
  solfiti: 'solfiti',
  lupini: 'lupini',
  molluschi: 'molluschi',
  lattosio: 'lattosio',
};

export const AllergenIdSchema = z.enum(ALLERGEN_IDS, { error: 'Allergene sconosciuto' });

/** one allergy or intolerance: an allergen of the list, or words for anything else */
export const AllergyEntry = z.union(
  [
    z.object({ allergen: AllergenIdSchema }).strict(),
    z
      .object({
        text: storedText({ label: 'Allergia o intolleranza', kind: 'line', max: 120, tooLong: 'Allergia o intolleranza: al massimo 120 caratteri' }).min(
          1,
          'Allergia o intolleranza vuota',
        ),
      })
      .strict(),
  ],
  { error: 'Allergia o intolleranza non valida: un allergene dell’elenco o un testo' },
);
export type AllergyEntry = z.infer<typeof AllergyEntry>;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** words a patient or an older record uses for each allergen (folded: lower case, no accents) */
const ALLERGEN_WORDS: Record<AllergenId, readonly string[]> = {
  glutine: ['glutine', 'celiachia', 'frumento', 'grano', 'cereali contenenti glutine'],
  crostacei: ['crostacei', 'gamberi', 'gamberetti', 'scampi'],
  uova: ['uova', 'uovo'],
  pesce: ['pesce'],
  arachidi: ['arachidi', 'arachide', 'noccioline'],
  soia: ['soia'],
  latte: ['latte', 'proteine del latte', 'latte proteine del latte', 'latticini'],
  frutta_a_guscio: ['frutta a guscio', 'frutta secca', 'noci', 'nocciole', 'mandorle', 'pistacchi', 'anacardi'],
  sedano: ['sedano'],
  senape: ['senape'],
  sesamo: ['sesamo', 'semi di sesamo'],
  solfiti: ['solfiti', 'anidride solforosa', 'anidride solforosa e solfiti'],
  lupini: ['lupini', 'lupino'],
  molluschi: ['molluschi', 'cozze', 'vongole'],
  lattosio: ['lattosio', 'lattosio intolleranza', 'intolleranza al lattosio'],
};
const allergenByWord = new Map<string, AllergenId>(
  (Object.entries(ALLERGEN_WORDS) as [AllergenId, readonly string[]][]).flatMap(([id, words]) => words.map((w) => [w, id] as const)),
);

/** one word or phrase as an entry: a known allergen's name becomes that allergen, anything else stays words */
export function allergyFromText(text: string): AllergyEntry | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const id = allergenByWord.get(fold(trimmed)) ?? allergenByWord.get(fold(trimmed.replace(/^(allergia|intolleranza)\s+(a|al|alla|ai|alle|agli)\s+/i, '')));
  return id ? { allergen: id } : { text: trimmed };
}

/** a typed list ("Nichel e crostacei, lattosio") as entries, each once */
export function allergiesFromText(text: string): AllergyEntry[] {
  return uniqueAllergies(
    text
      .split(/[,;\n]|\s+e\s+|\s+ed\s+/i)
      .map(allergyFromText)
      .filter((e): e is AllergyEntry => e !== null),
  );
}

/** each allergen once, each text once (case aside), in the order given */
export function uniqueAllergies(entries: readonly AllergyEntry[]): AllergyEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = 'allergen' in e ? `a:${e.allergen}` : `t:${fold(e.text)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The record's list as stored, whatever its age: records written before the list was structured hold plain strings
 * ("lattosio", "nichel"), read as the allergen they name or as free text, so an old record keeps flagging foods.
 */
export function readAllergies(stored: readonly unknown[] | undefined): AllergyEntry[] {
  const entries = (stored ?? []).map((item) => (typeof item === 'string' ? allergyFromText(item) : (AllergyEntry.safeParse(item).data ?? null)));
  return uniqueAllergies(entries.filter((e): e is AllergyEntry => e !== null));
}

/** an entry in words, as the header and the lists show it */
export function allergyLabel(entry: AllergyEntry): string {
  return 'allergen' in entry ? ALLERGENS.find((a) => a.id === entry.allergen)!.label : entry.text;
}

/** the record's field: structured entries; a plain string (an older client) is read as readAllergies reads it */
export const AllergiesField = z
  .array(
    z.preprocess((v) => (typeof v === 'string' ? (allergyFromText(v) ?? v) : v), AllergyEntry),
    { error: 'Allergie e intolleranze: un elenco' },
  )
  .max(50, 'Al massimo 50 allergie o intolleranze')
  .transform(uniqueAllergies)
  .default([]);
