// What a food contains of the patient's allergies and intolerances: the allergen tags of the food (declared on the
// practice's own foods, derived from name and group for the publishers' tables, here and nowhere else) and, where the
// table measured it, its composition (lactose).
import { ALLERGEN_CONTAINS, type AllergenId, type AllergyEntry } from '../../clinical/allergens';
import type { NutrientProfile } from '../catalogue';

/**
 * Lactose above which a food is not "senza lattosio": 0.1 g per 100 g, the threshold of the Italian Ministry of Health
 * (circolare 2016 on "senza lattosio" labelling; the same figure EFSA's opinion on lactose intolerance uses for lactose-free
 * milk, EFSA Journal 2010;8(9):1777). Aged cheeses such as Parmigiano Reggiano stay below it.
 */
export const LACTOSE_FREE_MAX_G_PER_100G = 0.1;

/** the part of a food the check reads: a catalogue food, the values a plan kept, or a practice's food */
export interface AllergenSubject {
  name: string;
  group?: string;
  /** tags the practice declared on its own food; when present they are the food's, nothing is derived */
  allergens?: readonly AllergenId[];
  nutrients?: NutrientProfile;
}

const fold = (s: string) =>
  ` ${s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/** words (folded, matched at a word's start; a trailing space: the whole word) that mark an allergen in a food's name or group */
const NAME_WORDS: Record<Exclude<AllergenId, 'lattosio'>, readonly string[]> = {
  glutine: [
    'frumento',
    'grano ',
    'farina di frumento',
    'pane ',
    'panin',
    'panettone',
    'pandoro',
    'pancarr',
    'pasta',
    'orzo',
    'segale',
    'farro',
    'avena',
    'couscous',
    'cuscus',
    'seitan',
    'biscott',
    'fette biscottate',
    'cracker',
    'pizza',
    'grissin',
    'bulgur',
    'kamut',
    'spelta',
    'semola',
    'pangrattato',
    'piadin',
    'brioche',
    'cornetto',
    'croissant',
    'torta',
    'crostat',
    'ravioli',
    'tortellin',
    'gnocchi',
    'lasagn',
    'birra',
  ],
  crostacei: ['crostace', 'gamber', 'scampi', 'aragost', 'astice', 'granchi', 'mazzancoll'],
  uova: ['uovo', 'uova', 'frittat', 'maionese', 'meringh', 'ovoprodott'],
  pesce: [
    'pesce',
    'tonno',
    'salmone',
    'merluzz',
    'acciug',
    'alici',
    'sardin',
    'sgombr',
    'trota',
    'branzin',
    'spigola',
    'orata',
    'baccala',
    'stoccafisso',
    'sogliol',
    'nasello',
    'pesce spada',
    'aringa',
    'halibut',
    'platessa',
    'dentice',
  ],
  arachidi: ['arachid', 'noccioline'],
  soia: ['soia', 'tofu', 'edamame', 'tempeh', 'miso '],
  latte: [
    'latte',
    'latticin',
    'formagg',
    'yogurt',
    'ricotta',
    'mozzarell',
    'burro',
    'panna',
    'parmigian',
    'grana ',
    'besciamell',
    'gelato',
    'kefir',
    'mascarpone',
    'stracchino',
    'crescenza',
    'provol',
    'pecorino',
    'caciott',
    'fontina',
    'gorgonzola',
    'emmental',
    'feta ',
    'scamorza',
    'brie ',
    'camembert',
    'burrata',
  ],
  frutta_a_guscio: ['frutta a guscio', 'mandorl', 'nocciol', 'noci ', 'noce ', 'pistacchi', 'anacardi', 'macadamia', 'pecan', 'pinoli'],
  sedano: ['sedano'],
  senape: ['senape', 'mostarda'],
  sesamo: ['sesamo', 'tahin'],
  solfiti: ['vino', 'vini ', 'spumante', 'prosecco', 'champagne', 'aceto di vino', 'aceto balsamico'],
  lupini: ['lupin'],
  molluschi: ['mollusc', 'cozz', 'vongol', 'calamar', 'seppi', 'polpo', 'totan', 'ostric', 'lumach', 'capesant', 'moscardin'],
};
/** words of the publishers' groups (their Italian names) that tag every food of the group */
const GROUP_WORDS: Partial<Record<AllergenId, readonly string[]>> = {
  latte: ['latte', 'latticini', 'formaggi', 'panna', 'burro', 'gelati'],
  uova: ['uova'],
  pesce: ['pesce'],
};
/** words of a name that undo a match: plant drinks are not milk, cocoa butter and nutmeg are neither milk nor nuts, rice pasta has no gluten */
const NOT: Partial<Record<AllergenId, readonly string[]>> = {
  latte: [
    'latte di soia',
    'latte di mandorl',
    'latte di riso',
    'latte di cocco',
    'latte d avena',
    'latte di avena',
    'bevanda',
    'soia',
    'alternativ',
    'burro di cacao',
    'burro di arachid',
    'burro di karit',
    'vegetal',
    'senza latte',
  ],
  frutta_a_guscio: ['noce di cocco', 'noce moscata', 'cocco'],
  glutine: [
    'senza glutine',
    'pasta di riso',
    'pane di riso',
    'pasta di mais',
    'pasta di legumi',
    'pasta di mandorl',
    'pasta di nocciol',
    'pasta d acciug',
    'pasta di sesamo',
    'pasta di arachid',
  ],
};

const has = (text: string, word: string) => text.includes(` ${word}`);

/** the allergen tags of a food: its declared ones, or those its name and group say */
export function allergenTagsOf(food: AllergenSubject): AllergenId[] {
  if (food.allergens) return [...food.allergens];
  const name = fold(food.name);
  const group = fold(food.group ?? '');
  const tags = (Object.entries(NAME_WORDS) as [AllergenId, readonly string[]][]).filter(
    ([id, words]) => (words.some((w) => has(name, w)) || (GROUP_WORDS[id] ?? []).some((w) => has(group, w))) && !(NOT[id] ?? []).some((w) => has(name, w)),
  );
  const ids = tags.map(([id]) => id);
  // milk carries lactose unless the table measured it below the threshold (see lactoseOf)
  if (ids.includes('latte')) ids.push('lattosio');
  return ids;
}

/** grams of lactose per 100 g as the table measured it (traces count as none), or null where it has no figure */
export function lactoseOf(nutrients: NutrientProfile | undefined): number | null {
  const v = nutrients?.LACS;
  if (!v || v.value === null) return null;
  return v.flag === 'traces' ? 0 : v.value;
}

/** does the food contain this allergen: lactose by composition where measured, everything else by tags */
export function foodContains(food: AllergenSubject, allergen: AllergenId): boolean {
  if (allergen === 'lattosio') {
    const lactose = food.allergens ? null : lactoseOf(food.nutrients);
    if (lactose !== null) return lactose > LACTOSE_FREE_MAX_G_PER_100G;
  }
  return allergenTagsOf(food).includes(allergen);
}

/**
 * The patient's allergies and intolerances a food conflicts with, in the words of the warning ("lattosio", "frutta a
 * guscio"); free text is matched against the food's name (case and accents aside).
 */
export function allergyConflicts(food: AllergenSubject, allergies: readonly AllergyEntry[]): string[] {
  const name = fold(food.name);
  return allergies.flatMap((entry) => {
    if ('allergen' in entry) return foodContains(food, entry.allergen) ? [ALLERGEN_CONTAINS[entry.allergen]] : [];
    const words = fold(entry.text).trim();
    return words && name.includes(` ${words}`) ? [entry.text] : [];
  });
}
