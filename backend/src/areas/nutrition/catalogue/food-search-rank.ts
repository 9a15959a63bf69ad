// How the search orders the foods MiniSearch finds. MiniSearch's own score adds up every field and every
// prefix or typo expansion a term matches, so a food with many synonyms ("Patata dolce", synonym
// "batata", one typo from "patat") outranked the plain one; here each query word counts once, by its best
// match, and the ranking says what a nutritionist expects first: the raw, basic, generic food whose name is
// just the query.
import type { CatalogueFood } from '@studio/contracts';
import { searchTerms } from './food-search-terms';
import type { QueryTermGroup } from './food-synonyms';

/** a typo (one letter wrong, missing or extra) is forgiven only in a word this long or longer */
export const FUZZY_MIN_WORD_LENGTH = 5;
export const isLongWord = (word: string) => word.length >= FUZZY_MIN_WORD_LENGTH;

/** where a word matched: the name counts most, then the synonyms, the group least */
const FIELD_WEIGHTS = { name: 1, synonyms: 0.7, group: 0.3 };
/** how it matched: the whole word, a prefix of it (more the longer the prefix), one typo away */
const EXACT = 1;
const PREFIX_MIN = 0.5;
const FUZZY = 0.6;
/** raw and basic foods before prepared dishes at similar relevance */
const BASIC_BOOST = 1.3;
/** the raw food before its cooked, dried or preserved forms ("Mela, cruda" before "Mela, secca") */
const RAW_BOOST = 1.3;
/** the table's generic entry ("Pomodoro, crudo (alimento medio)") before a variety */
const GENERIC_BOOST = 1.1;
/** a name that is just the query, all of it: "Vino rosso" for "vino rosso" before "Vino rosso, 12 vol%" */
const NAME_IS_QUERY_BOOST = 2;
/** a name whose head (before the first comma) is just the query: "Patata, cruda" for "patate" */
const HEAD_IS_QUERY_BOOST = 1.6;
/** a name that starts with the query's first word ("Patata dolce") before one that has it later */
const STARTS_WITH_BOOST = 1.2;
/**
 * A food one of whose synonyms is just the query: the names file marks so the usual food for a word
 * ("cioccolato fondente" on "Cioccolato fondente circa 50% di cacao, tavoletta"). When that synonym is only
 * the head of the name in another number ("spinacio" on "Spinaci, cotti") it says much less.
 */
const SYNONYM_IS_QUERY_BOOST = 1.4;
const SYNONYM_IS_HEAD_BOOST = 1.1;
/** each word of the name beyond the query's costs this much: the shorter, closer name first */
const EXTRA_WORD_COST = 0.03;

const RAW_TERM = 'crud';
const GENERIC_NAME = /\((alimento medio|in media)\)/i;

/** a word of the query, stemmed, and whether a typo is forgiven in it */
export interface TypedTerm {
  term: string;
  fuzzy: boolean;
}

/** the terms of a food the ranking looks at, computed once when the index is built */
export interface RankedFood {
  name: string[];
  head: string[];
  synonyms: string[][];
  synonymTerms: string[];
  group: string[];
  /** basic, raw and generic boosts together */
  boost: number;
}

export function rankedFood(food: CatalogueFood): RankedFood {
  const name = searchTerms(food.name);
  const synonyms = food.synonyms.map(searchTerms);
  const boost = (food.basic ? BASIC_BOOST : 1) * (name.includes(RAW_TERM) ? RAW_BOOST : 1) * (GENERIC_NAME.test(food.name) ? GENERIC_BOOST : 1);
  return {
    name,
    head: searchTerms(food.name.split(/[,(]/)[0]),
    synonyms,
    synonymTerms: synonyms.flat(),
    group: searchTerms(food.group),
    boost,
  };
}

/** Levenshtein distance at most 1 (one letter changed, added or removed) */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** how well a typed term matches a term of a food, as the index matches them (0: not at all) */
function termMatch(typed: TypedTerm, term: string): number {
  if (term === typed.term) return EXACT;
  if (term.startsWith(typed.term)) return PREFIX_MIN + (EXACT - PREFIX_MIN) * (typed.term.length / term.length) * 0.8;
  return typed.fuzzy && withinOneEdit(typed.term, term) ? FUZZY : 0;
}

function bestIn(terms: readonly string[], typed: TypedTerm): number {
  let best = 0;
  for (const term of terms) best = Math.max(best, termMatch(typed, term));
  return best;
}

/** a typed term's best match in a food, weighted by the field it is in */
function typedMatch(food: RankedFood, typed: TypedTerm): number {
  return Math.max(
    bestIn(food.name, typed) * FIELD_WEIGHTS.name,
    bestIn(food.synonymTerms, typed) * FIELD_WEIGHTS.synonyms,
    bestIn(food.group, typed) * FIELD_WEIGHTS.group,
  );
}

/** a group of the query: its typed words (the weakest counts) or the best of what it also means */
function groupMatch(food: RankedFood, group: QueryTermGroup): number {
  let typed = Infinity;
  group.terms.forEach((term, i) => (typed = Math.min(typed, typedMatch(food, { term, fuzzy: group.fuzzy[i] }))));
  let alternative = 0;
  for (const { terms, weight } of group.alternatives) {
    let match = Infinity;
    for (const term of terms) match = Math.min(match, typedMatch(food, { term, fuzzy: false }));
    alternative = Math.max(alternative, match * weight);
  }
  return Math.max(typed, alternative);
}

/** typo-forgiving only for a stem of five letters or more: "miele" is not "mela" */
const SAME_WORD_FUZZY_MIN = 5;
/**
 * The same word, or a long one with a letter wrong or missing ("zuchine"); a prefix is not ("gran" is not
 * "granchio"), nor a shorter word ("zucch" is on its way to "zucchine", not a typo of "zucca").
 */
const sameWord = (typed: TypedTerm, term: string) =>
  term === typed.term || (typed.fuzzy && typed.term.length >= SAME_WORD_FUZZY_MIN && term.length >= typed.term.length && withinOneEdit(typed.term, term));

/** every term is a typed one and every typed one is a term */
function sameTerms(terms: readonly string[], typed: readonly TypedTerm[]): boolean {
  return terms.length > 0 && terms.every((term) => typed.some((t) => sameWord(t, term))) && typed.every((t) => terms.some((term) => sameWord(t, term)));
}

/** how close the food's name is to what was typed */
function closeness(food: RankedFood, typed: readonly TypedTerm[]): number {
  const matching = food.synonyms.filter((terms) => sameTerms(terms, typed));
  const headLike = (terms: string[]) => terms.length === food.head.length && terms.every((term, i) => term === food.head[i]);
  const synonym = matching.length === 0 ? 1 : matching.every(headLike) ? SYNONYM_IS_HEAD_BOOST : SYNONYM_IS_QUERY_BOOST;
  if (sameTerms(food.name, typed)) return NAME_IS_QUERY_BOOST * synonym;
  if (sameTerms(food.head, typed)) return HEAD_IS_QUERY_BOOST * synonym;
  const first = food.name[0];
  return (first !== undefined && sameWord(typed[0], first) ? STARTS_WITH_BOOST : 1) * synonym;
}

/**
 * The query as typed, and with each run of words the synonym table knows replaced by each of its
 * alternatives ("cous cous" → "cuscus"): the name is close to the query if it is close to any of them.
 */
export function queryVariants(groups: readonly QueryTermGroup[]): QueryVariant[] {
  const typedOf = (group: QueryTermGroup) => group.terms.map((term, i) => ({ term, fuzzy: group.fuzzy[i] }));
  const variants = [{ typed: groups.flatMap(typedOf), weight: 1 }];
  groups.forEach((group, g) => {
    for (const { terms, weight } of group.alternatives) {
      const alternative = terms.map((term) => ({ term, fuzzy: false }));
      variants.push({ typed: groups.flatMap((other, o) => (o === g ? alternative : typedOf(other))), weight });
    }
  });
  return variants;
}

/** the query as typed (weight 1), or through an alternative: closeness to it counts as much as the alternative */
export interface QueryVariant {
  typed: TypedTerm[];
  weight: number;
}

/** the food's score for the query: its words' matches, the food's boosts, its closeness and brevity */
export function foodScore(food: RankedFood, groups: readonly QueryTermGroup[], variants: readonly QueryVariant[]): number {
  let text = 0;
  for (const group of groups) text += groupMatch(food, group);
  text /= groups.length;
  const typed = variants[0].typed;
  const extraWords = Math.max(0, food.name.length - typed.length);
  return (text * food.boost * Math.max(...variants.map(({ typed: t, weight }) => 1 + (closeness(food, t) - 1) * weight))) / (1 + EXTRA_WORD_COST * extraWords);
}
