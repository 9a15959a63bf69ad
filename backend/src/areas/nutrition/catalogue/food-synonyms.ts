// The words a nutritionist types that the tables' names do not use: abbreviations ("evo"), trade and
// everyday names ("grana", "wurstel"), plural diminutives ("pomodorini"), the other name of the same food
// ("anguria"/"cocomero"). Only the query is expanded: a food is found by its own name, its synonyms, or
// by what a word of the query also means here.
import { searchTerms } from './food-search-terms';

/** names of the same food: a query with any of them also searches the others */
const SAME_FOOD: readonly (readonly string[])[] = [
  ['extravergine', 'evo', 'extra vergine'],
  ['wurstel', 'wuerstel', 'würstel', 'salsiccia di francoforte', 'frankfurter'],
  ['anguria', 'cocomero'],
  ['rucola', 'rughetta'],
  ['valeriana', 'songino', 'dolcetta'],
  ['branzino', 'spigola'],
  ['acciuga', 'alice'],
  ['polpo', 'piovra'],
  ['cozza', 'mitilo'],
  ['gambero', 'gamberetto'],
  ['arachide', 'nocciolina americana', 'nocciolina'],
  ['yogurt', 'yoghurt', 'iogurt', 'yaourt'],
  ['muesli', 'musli', 'müsli', 'müesli'],
  ['couscous', 'cous cous', 'cuscus'],
  ['emmental', 'emmentaler'],
  ['gruviera', 'groviera', 'gruyere'],
  ['manzo', 'bovino', 'vitellone'],
  ['maiale', 'suino'],
  ['pancarre', 'pan carre', 'pane in cassetta', 'pane a cassetta'],
  ['grano saraceno', 'saraceno'],
  ['fagiolino', 'fagiolo verde', 'cornetto verde'],
  ['albume', "chiara d'uovo", "bianco d'uovo"],
  ['tuorlo', "rosso d'uovo"],
  ['spelta', 'farro'],
  ['mais', 'granturco', 'granoturco'],
  ['cracker', 'crackers'],
  ['cioccolato fondente', 'cioccolato amaro', 'cioccolato nero'],
  ['panna acida', 'sour cream'],
  ['soia', 'soya', 'soja'],
  ['te', 'the', 'tè'],
  ['cornetto', 'croissant'],
  ['clementina', 'mandarancio'],
  ['pompelmo', 'grapefruit'],
  ['cachi', 'kaki', 'loto'],
  ['melanzana', 'aubergine'],
  ['barbabietola', 'rapa rossa'],
  ['sedano rapa', 'sedano di verona'],
  ['platessa', 'passera di mare'],
  ['nasello', 'merluzzetto', 'merlu'],
  ['sgombro', 'maccarello', 'scombro'],
  ['pesce spada', 'spada'],
  ['latticello', 'buttermilk'],
  ['skyr', 'yogurt islandese'],
  ['quark', 'formaggio fresco magro', 'blanc battu'],
  ['fiocchi di latte', 'cottage cheese', 'formaggio fresco granulato'],
];

/** a word → what it also means (one way: "grana" means Grana Padano and Parmigiano, not the reverse) */
const ALSO_MEANS: Readonly<Record<string, readonly string[]>> = {
  grana: ['grana padano', 'parmigiano'],
  // not "grana": its stem is the one of "grano" (wheat)
  parmigiano: ['parmigiano reggiano', 'parmesan'],
  parmesan: ['parmigiano'],
  baccala: ['merluzzo salato', 'merluzzo sotto sale'],
  stoccafisso: ['merluzzo essiccato', 'merluzzo secco'],
  pomodorini: ['pomodoro ciliegino', 'pomodoro ciliegia', 'pomodoro cherry'],
  ciliegini: ['pomodoro ciliegino', 'pomodoro ciliegia', 'pomodoro cherry'],
  pelati: ['pomodoro pelato'],
  passata: ['passata di pomodoro', 'pomodoro passato', 'salsa di pomodoro'],
  spaghetti: ['pasta'],
  penne: ['pasta'],
  fusilli: ['pasta'],
  rigatoni: ['pasta'],
  maccheroni: ['pasta'],
  linguine: ['pasta'],
  farfalle: ['pasta'],
  tagliatelle: ["pasta all'uovo"],
  fettuccine: ["pasta all'uovo"],
  lasagne: ["pasta all'uovo"],
  philadelphia: ['formaggio fresco spalmabile', 'formaggio spalmabile'],
  sottilette: ['formaggio fuso a fette'],
  scatola: ['conserva', 'barattolo', 'scatolame'],
  scatolame: ['scatola'],
  'latte di soia': ['bevanda alla soia', 'bevanda di soia'],
  'latte di riso': ['bevanda al riso', 'bevanda di riso'],
  "latte d'avena": ["bevanda all'avena", "bevanda d'avena"],
  'latte di mandorla': ['bevanda alla mandorla', 'bevanda di mandorla'],
  'latte ps': ['latte parzialmente scremato'],
  'latte p.s.': ['latte parzialmente scremato'],
  semiscremato: ['parzialmente scremato'],
  'parzialmente scremato': ['semiscremato'],
  petto: ['filetto', 'fesa'],
  macinato: ['carne tritata', 'carne macinata', 'trita'],
  hamburger: ['carne tritata', 'polpetta'],
  bistecca: ['manzo', 'bovino'],
  fesa: ['petto', 'filetto'],
  cotto: ['bollito', 'lesso'],
  lesso: ['bollito', 'cotto'],
  bollito: ['lesso', 'cotto'],
  lessato: ['bollito', 'lesso'],
  // the tables say "alla griglia", "arrosto"
  grigliato: ['griglia', 'piastra'],
  arrostito: ['arrosto'],
  'pesce azzurro': ['sgombro', 'sardina', 'acciuga', 'alice', 'aringa'],
  gallette: ['galletta di riso', 'galletta di mais'],
  patatine: ['patate fritte', 'chips'],
  chips: ['patatine'],
  cola: ['coca cola', 'bevanda a base di cola'],
  'coca cola': ['bevanda gassata a base di cola'],
  'frutta secca': ['noci', 'mandorle', 'nocciole', 'frutta a guscio'],
  legumi: ['lenticchie', 'fagioli', 'ceci', 'piselli'],
  verdura: ['ortaggi'],
  ortaggi: ['verdura'],
  avena: ['fiocchi di avena'],
  orzo: ['orzo perlato'],
  merluzzo: ['merluzzo bianco'],
  edamame: ['fagiolo di soia', 'soia verde'],
  brioche: ['cornetto', 'croissant'],
  mandarino: ['clementina', 'mandarancio'],
  catalogna: ['cicoria'],
  scamorza: ['provola'],
  // the tables have no stracchino: the nearest is a fresh cheese
  stracchino: ['formaggio fresco', 'robiola'],
  crescenza: ['formaggio fresco', 'robiola'],
  // an espresso is a coffee, not the other way round
  caffe: ['espresso'],
  // canned tuna "al naturale" is the Swiss table's "in salamoia"
  naturale: ['salamoia'],
};

/** what a run of query words also means: its terms as the index holds them, and how much a match counts */
export interface Alternative {
  terms: readonly string[];
  /** another name of the same food counts almost as the word typed, a broader or narrower meaning less */
  weight: number;
}
const SAME_FOOD_WEIGHT = 0.9;
const ALSO_MEANS_WEIGHT = 0.6;

function termsKey(text: string): string {
  return searchTerms(text).join(' ');
}

function buildTable(): Map<string, Alternative[]> {
  const table = new Map<string, Alternative[]>();
  const add = (key: string, alternative: string, weight: number) => {
    const k = termsKey(key);
    const terms = searchTerms(alternative);
    if (!k || terms.length === 0 || terms.join(' ') === k) return;
    const list = table.get(k) ?? [];
    if (!list.some((a) => a.terms.join(' ') === terms.join(' '))) list.push({ terms, weight });
    table.set(k, list);
  };
  for (const names of SAME_FOOD) for (const name of names) for (const other of names) add(name, other, SAME_FOOD_WEIGHT);
  for (const [word, meanings] of Object.entries(ALSO_MEANS)) for (const meaning of meanings) add(word, meaning, ALSO_MEANS_WEIGHT);
  return table;
}

const table = buildTable();
const longestKey = Math.max(...[...table.keys()].map((k) => k.split(' ').length));

/** a run of query terms and what else it means; every search of a group is combined with OR */
export interface QueryTermGroup {
  /** the terms as typed (normalized and stemmed) */
  terms: string[];
  /** whether a typo is forgiven in each term (a long word the catalogue does not have as it is) */
  fuzzy: boolean[];
  alternatives: Alternative[];
}

/**
 * Splits a query into groups: the longest runs of its terms the synonym table knows, each with what
 * it also means, and the other terms alone.
 */
export function expandQuery(terms: readonly string[], fuzzy: readonly boolean[]): QueryTermGroup[] {
  const groups: QueryTermGroup[] = [];
  let i = 0;
  while (i < terms.length) {
    let matched = false;
    for (let length = Math.min(longestKey, terms.length - i); length >= 1 && !matched; length--) {
      const alternatives = table.get(terms.slice(i, i + length).join(' '));
      if (alternatives) {
        groups.push({ terms: terms.slice(i, i + length), fuzzy: fuzzy.slice(i, i + length), alternatives });
        i += length;
        matched = true;
      }
    }
    if (!matched) {
      groups.push({ terms: [terms[i]], fuzzy: [fuzzy[i]], alternatives: [] });
      i++;
    }
  }
  return groups;
}
