// The catalogue's search: MiniSearch finds the foods whose names, synonyms or groups have the query's
// words (in Italian: see food-search-terms.ts), food-search-rank.ts orders them.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import type { CatalogueFood, FoodSource } from '@studio/contracts';
import { foodScore, isLongWord, queryVariants, rankedFood, type RankedFood } from './food-search-rank';
import { ITALIAN_STOP_WORDS, searchTerms, splitWords, stemItalian } from './food-search-terms';
import { expandQuery, type QueryTermGroup } from './food-synonyms';

export interface FoodSearchOptions {
  /** at most this many foods (20 when not given) */
  limit?: number;
  /** only the foods of this source */
  source?: FoodSource;
}

const DEFAULT_LIMIT = 20;
/** the words of a query searched, the first ones (a longer query names no food better, and costs more) */
const MAX_QUERY_WORDS = 8;
/** a word shorter than this is not searched as a prefix: "c" would be every word starting with c */
const PREFIX_MIN_LENGTH = 2;

interface IndexedFood {
  id: number;
  name: string;
  synonyms: string;
  group: string;
}

/**
 * An in-memory index of catalogue foods. Accents and case do not count, apostrophes and punctuation split
 * words, stop words are ignored, singular and plural are one word, any word order; each word is matched
 * also as a prefix and, from five letters on, with one typo; the query's words also search what the
 * synonym table says they mean. Every word of the query must match; only when no food matches them all
 * are the foods that match some of them given, those matching more first.
 */
export class FoodSearchIndex {
  private readonly foods: readonly CatalogueFood[];
  private readonly ranked: readonly RankedFood[];
  private readonly index: MiniSearch<IndexedFood>;
  /** every term the index holds: a typo is forgiven only in a word that is not one of them */
  private readonly vocabulary = new Set<string>();

  constructor(foods: readonly CatalogueFood[]) {
    this.foods = foods;
    this.ranked = foods.map(rankedFood);
    this.index = new MiniSearch<IndexedFood>({
      fields: ['name', 'synonyms', 'group'],
      tokenize: splitWords,
      processTerm: (word) => (ITALIAN_STOP_WORDS.has(word) ? null : stemItalian(word)),
      searchOptions: {
        // the query's terms arrive already split, normalized and stemmed (see search)
        tokenize: (term) => [term],
        processTerm: (term) => term,
        // MiniSearch's own score is the ranking's tie-break: the same field weights and food boosts
        boost: { name: 3, synonyms: 2, group: 1 },
        boostDocument: (id: number) => this.ranked[id].boost,
      },
    });
    const indexed = foods.map((food, id) => indexedFood(food, id));
    for (const food of indexed) for (const term of searchTerms(`${food.name} ${food.synonyms} ${food.group}`)) this.vocabulary.add(term);
    this.index.addAll(indexed);
  }

  /** the foods that match the query, best first; an empty query finds nothing */
  search(query: string, options: FoodSearchOptions = {}): CatalogueFood[] {
    const limit = Math.max(0, Math.floor(options.limit ?? DEFAULT_LIMIT));
    const words = splitWords(query)
      .filter((word) => !ITALIAN_STOP_WORDS.has(word))
      .slice(0, MAX_QUERY_WORDS);
    if (words.length === 0 || limit === 0) return [];
    const terms = words.map(stemItalian);
    // "fiocchi" is a word of the catalogue: it is not a typo of "finocchi"
    const fuzzy = words.map((word, i) => isLongWord(word) && !this.vocabulary.has(terms[i]));
    // a word repeated is searched once, after the synonym table has seen the query ("cous cous" is one phrase)
    const groups = expandQuery(terms, fuzzy).filter((group, i, all) => all.findIndex((other) => other.terms.join(' ') === group.terms.join(' ')) === i);
    const source = options.source;
    const filter = source ? (result: SearchResult) => this.foods[result.id as number].source === source : undefined;

    let results = this.index.search(combined(groups, 'AND'), { filter });
    if (results.length === 0 && groups.length > 1) results = this.index.search(combined(groups, 'OR'), { filter });
    return this.rank(results, groups)
      .slice(0, limit)
      .map((id) => this.foods[id]);
  }

  /** by the ranking's score, then MiniSearch's, then the shorter name */
  private rank(results: SearchResult[], groups: readonly QueryTermGroup[]): number[] {
    const variants = queryVariants(groups);
    const scored = results.map((result) => {
      const id = result.id as number;
      return { id, score: foodScore(this.ranked[id], groups, variants), miniSearch: result.score, nameLength: this.foods[id].name.length };
    });
    scored.sort((a, b) => b.score - a.score || b.miniSearch - a.miniSearch || a.nameLength - b.nameLength || a.id - b.id);
    return scored.map((s) => s.id);
  }
}

/**
 * A food as the index holds it. A word of the synonyms already in the name, or of the group already in
 * either, is left out: it adds nothing to find the food.
 */
function indexedFood(food: CatalogueFood, id: number): IndexedFood {
  const seen = new Set(searchTerms(food.name));
  const newWords = (text: string) =>
    splitWords(text)
      .filter((word) => !ITALIAN_STOP_WORDS.has(word) && !seen.has(stemItalian(word)))
      .join(' ');
  const synonyms = food.synonyms.map(newWords).join(' ');
  for (const term of searchTerms(synonyms)) seen.add(term);
  return { id, name: food.name, synonyms, group: newWords(food.group) };
}

/** a group: its own terms (each also as a prefix, with a typo when long) OR each alternative's terms */
function groupQuery(group: QueryTermGroup): Query {
  const typed: Query = {
    combineWith: 'AND',
    queries: group.terms.map((term, i) => ({ queries: [term], prefix: term.length >= PREFIX_MIN_LENGTH, fuzzy: group.fuzzy[i] ? 1 : false })),
  };
  if (group.alternatives.length === 0) return typed;
  const alternatives = group.alternatives.map(({ terms }) => ({ combineWith: 'AND' as const, queries: [...terms], prefix: false, fuzzy: false }));
  return { combineWith: 'OR', queries: [typed, ...alternatives] };
}

function combined(groups: readonly QueryTermGroup[], combineWith: 'AND' | 'OR'): Query {
  return { combineWith, queries: groups.map(groupQuery) };
}
