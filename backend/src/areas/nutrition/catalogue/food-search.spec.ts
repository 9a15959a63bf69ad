import { catalogueFoodId, type CatalogueFood, type FoodSource } from '@studio/contracts';
import { FoodSearchIndex } from './food-search';
import { withinOneEdit } from './food-search-rank';
import { searchTerms, stemItalian } from './food-search-terms';
import { expandQuery } from './food-synonyms';

let nextCode = 1;
function food(name: string, changes: Partial<CatalogueFood> = {}): CatalogueFood {
  const source: FoodSource = changes.source ?? 'ciqual';
  const code = changes.code ?? String(nextCode++);
  return {
    id: catalogueFoodId(source, code),
    name,
    synonyms: [],
    source,
    code,
    group: 'Varie',
    per: '100g',
    density: null,
    version: '2025',
    baseWeight: 100,
    basic: true,
    nutrients: {},
    ...changes,
  };
}

const foods = [
  food('Zucchine, crude', { group: 'Verdure' }),
  food('Zucchine ripiene, cotte al forno', { basic: false, group: 'Piatti pronti' }),
  food('Parmigiano Reggiano', { group: 'Formaggi' }),
  food('Grana Padano', { group: 'Formaggi' }),
  food('Grano duro, chicco', { group: 'Cereali' }),
  food('Olio extravergine di oliva', { group: 'Grassi e oli' }),
  food('Olio di semi di girasole', { group: 'Grassi e oli' }),
  food('Würstel di suino', { group: 'Salumi' }),
  food('Baccalà, ammollato', { synonyms: ['merluzzo salato'], group: 'Pesce' }),
  food('Merluzzo, filetto, crudo', { group: 'Pesce' }),
  food('Pomodoro ciliegino, crudo', { group: 'Verdure' }),
  food('Pomodoro, crudo', { group: 'Verdure' }),
  food("Albume dell'uovo, crudo", { group: 'Uova' }),
  food('Uovo intero, crudo', { group: 'Uova' }),
  food('Pasta integrale, cruda', { group: 'Cereali' }),
  food('Pasta di semola, cruda', { group: 'Cereali' }),
  food('Pane integrale', { group: 'Cereali' }),
  food('Pollo, petto, senza pelle, crudo', { group: 'Carne' }),
  food('Mela cotta', { basic: false, group: 'Frutta' }),
  food('Mela, cruda, con la buccia', { group: 'Frutta' }),
  food('Noce, sgusciata', { group: 'Frutta secca' }),
  food('Banana, essiccata', { group: 'Frutta' }),
  food('Banana', { group: 'Frutta' }),
  food('Riso basmati, crudo', { group: 'Cereali' }),
  food("Fiocchi d'avena", { group: 'Cereali' }),
  food('Finocchi, crudi', { group: 'Verdure' }),
  food('Rhum', { synonyms: ['rum', 'acquavite di canna'], group: 'Bevande alcoliche' }),
  food('Ricotta di vacca', { source: 'svizzera', code: '500', group: 'Formaggi' }),
  food('Ricotta di vacca', { group: 'Formaggi' }),
  // the same name in both tables, the prepared one first in the list: only "basic" can put the other first
  food('Hummus', { basic: false, group: 'Creme spalmabili' }),
  food('Hummus', { source: 'svizzera', code: '14055', group: 'Salse' }),
];
const index = new FoodSearchIndex(foods);
const names = (query: string, options?: Parameters<FoodSearchIndex['search']>[1]) => index.search(query, options).map((f) => f.name);
const first = (query: string) => names(query)[0];

describe('the Italian terms of the search', () => {
  it('folds singular and plural of both genders onto one stem, and leaves short and consonant-ending words', () => {
    expect(['mela', 'mele'].map(stemItalian)).toEqual(['mel', 'mel']);
    expect(['albicocca', 'albicocche'].map(stemItalian)).toEqual(['albicocc', 'albicocc']);
    expect(['finocchio', 'finocchi'].map(stemItalian)).toEqual(['finocc', 'finocc']);
    expect(['arancia', 'arance', 'funghi', 'fungo'].map(stemItalian)).toEqual(['aranc', 'aranc', 'fung', 'fung']);
    expect(['olio', 'oli', 'kefir', 'zucch'].map(stemItalian)).toEqual(['oli', 'oli', 'kefir', 'zucch']);
    // the peach is not the fish, the cheese is not the wheat
    expect(['pesca', 'pesche', 'pesce', 'pesci'].map(stemItalian)).toEqual(['pesca', 'pesca', 'pesce', 'pesce']);
    expect(['grana', 'grano', 'grani'].map(stemItalian)).toEqual(['grana', 'grano', 'grano']);
    expect(['polpo', 'polpi', 'polpa', 'polpe'].map(stemItalian)).toEqual(['polpo', 'polpo', 'polpa', 'polpa']);
  });

  it('drops accents, case, apostrophes and stop words', () => {
    expect(searchTerms("Albume DELL'Uovo")).toEqual(['album', 'uov']);
    expect(searchTerms('Baccalà con Würstel')).toEqual(['baccal', 'wurstel']);
  });
});

describe('the query-side synonym table', () => {
  const groupsOf = (query: string) => {
    const terms = searchTerms(query);
    return expandQuery(
      terms,
      terms.map(() => false),
    ).map((g) => ({ terms: g.terms.join(' '), alternatives: g.alternatives.map((a) => a.terms.join(' ')) }));
  };

  it('takes the longest run of words it knows, and what it also means', () => {
    expect(groupsOf('olio evo')).toEqual([
      { terms: 'oli', alternatives: [] },
      { terms: 'evo', alternatives: ['extravergin', 'extr vergin'] },
    ]);
    expect(groupsOf('latte di soia bio')).toEqual([
      { terms: 'latt soi', alternatives: ['bevand soi'] },
      { terms: 'bio', alternatives: [] },
    ]);
  });
});

describe('one edit away', () => {
  it('is one letter changed, added or removed, not two', () => {
    expect(['zuchin', 'zucchinn', 'zucchon', 'zucchin'].map((w) => withinOneEdit(w, 'zucchin'))).toEqual([true, true, true, true]);
    expect(['zuchinn', 'zucc', 'zicchon'].map((w) => withinOneEdit(w, 'zucchin'))).toEqual([false, false, false]);
  });
});

describe('FoodSearchIndex', () => {
  it('ignores accents and case, both ways', () => {
    expect(first('BACCALÀ')).toBe('Baccalà, ammollato');
    expect(first('baccala')).toBe('Baccalà, ammollato');
    expect(first('wurstel')).toBe('Würstel di suino');
  });

  it('splits words at apostrophes and ignores stop words ("dell\'uovo", "petto di pollo")', () => {
    expect(names("albume dell'uovo")).toEqual(["Albume dell'uovo, crudo"]);
    expect(first('petto di pollo')).toBe('Pollo, petto, senza pelle, crudo');
    expect(names('di')).toEqual([]);
    expect(names('   ')).toEqual([]);
  });

  it('finds the words in any order, each also as a prefix, singular or plural', () => {
    expect(first('integrale pasta')).toBe('Pasta integrale, cruda');
    expect(first('pasta integrale')).toBe('Pasta integrale, cruda');
    expect(first('zucch')).toBe('Zucchine, crude');
    expect(first('zu')).toBe('Zucchine, crude');
    // one letter is not a prefix: it would be every word starting with it
    expect(names('z')).toEqual([]);
    expect(first('noci')).toBe('Noce, sgusciata');
    expect(first('uova')).toBe('Uovo intero, crudo');
  });

  it('forgives one typo in a word of five letters or more, none in a shorter one', () => {
    expect(first('zuchine')).toBe('Zucchine, crude');
    expect(first('parmiggiano')).toBe('Parmigiano Reggiano');
    expect(names('mwla')).toEqual([]);
    expect(names('rizo')).toEqual([]);
    expect(names('zuchhhine')).toEqual([]);
    // a word the catalogue has is not a typo of another one
    expect(names('fiocchi')).toEqual(["Fiocchi d'avena"]);
    expect(names('finocchi')).toEqual(['Finocchi, crudi']);
    expect(names('fiochi')).toEqual(["Fiocchi d'avena"]);
  });

  it("searches the foods' own synonyms and what the query's words also mean", () => {
    expect(first('rum')).toBe('Rhum');
    expect(first('olio evo')).toBe('Olio extravergine di oliva');
    expect(names('pomodorini')).toEqual(['Pomodoro ciliegino, crudo']);
    expect(first('grana')).toBe('Grana Padano');
    expect(names('grana')).toContain('Parmigiano Reggiano');
    expect(names('merluzzo')).toContain('Baccalà, ammollato');
    expect(first('merluzzo')).toBe('Merluzzo, filetto, crudo');
  });

  it('ranks raw and basic foods before prepared dishes, and the shorter name first at equal score', () => {
    // "Mela cotta" is shorter, so it would come first on the text alone
    expect(names('mela')).toEqual(['Mela, cruda, con la buccia', 'Mela cotta']);
    expect(names('zucchine')).toEqual(['Zucchine, crude', 'Zucchine ripiene, cotte al forno']);
    expect(names('banana')).toEqual(['Banana', 'Banana, essiccata']);
    expect(index.search('hummus').map((f) => f.id)).toEqual(['svizzera-14055', expect.stringMatching(/^ciqual-/)]);
  });

  it('keeps to one source when asked, and to the limit (20 when not given)', () => {
    expect(index.search('ricotta', { source: 'svizzera' }).map((f) => f.id)).toEqual(['svizzera-500']);
    expect(
      index
        .search('ricotta')
        .map((f) => f.source)
        .sort(),
    ).toEqual(['ciqual', 'svizzera']);
    expect(names('crudo', { limit: 3 })).toHaveLength(3);
    const many = new FoodSearchIndex(Array.from({ length: 30 }, (_, i) => food(`Formaggio numero ${i}`)));
    expect(many.search('formaggio')).toHaveLength(20);
    expect(many.search('formaggio', { limit: 25 })).toHaveLength(25);
  });

  it('drops a word that matches nothing only when no food matches them all', () => {
    expect(first('riso basmati')).toBe('Riso basmati, crudo');
    expect(first('riso xyzzy')).toBe('Riso basmati, crudo');
  });
});
