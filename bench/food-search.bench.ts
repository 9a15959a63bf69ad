import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { catalogueFoodId, type CatalogueFood } from '@studio/contracts';
import { FoodSearchIndex } from '../backend/src/areas/nutrition/catalogue/food-search';
import { FOOD_SEARCH_QUERIES } from '../backend/src/areas/nutrition/catalogue/food-search.queries';
import { normalizeText } from '../backend/src/areas/nutrition/catalogue/food-search-terms';
import { parseCiqualXlsx } from '../backend/src/areas/nutrition/catalogue/tables/ciqual-table';
import { parseSwissXlsx } from '../backend/src/areas/nutrition/catalogue/tables/swiss-table';
import { foodsDataDir, tableFilesIn } from '../backend/src/areas/nutrition/catalogue/tables/table-files';
import { percentile, summary } from './stats';

/**
 * The catalogue's search over the whole catalogue (CIQUAL 2025 and the Swiss table): the index's build
 * time, and the latency of the test set's queries (food-search.queries.ts) repeated, beside a baseline
 * measured in the same run: a linear scan of every food's normalized name and synonyms for the query's
 * words, the least a search without an index does. Also how many queries find their food first and
 * among the first three.
 */
export async function foodSearchBench(): Promise<void> {
  const dir = foodsDataDir();
  const files = tableFilesIn(dir);
  if (!existsSync(dir) || !files.ciqual || !files.svizzera) {
    console.log(`Ricerca alimenti: saltata, tabelle CIQUAL e svizzera non trovate in ${dir} (imposta FOODS_DATA_DIR).`);
    return;
  }
  const foods = [...(await parseCiqualXlsx(files.ciqual)), ...(await parseSwissXlsx(files.svizzera))];

  const builds: number[] = [];
  let index = new FoodSearchIndex(foods);
  for (let i = 0; i < Number(process.env.BENCH_FOOD_SEARCH_BUILDS ?? 5); i++) {
    const t0 = performance.now();
    index = new FoodSearchIndex(foods);
    builds.push(performance.now() - t0);
  }

  const queries = FOOD_SEARCH_QUERIES.map((e) => e.query);
  const scan = linearScan(foods);
  const rounds = Number(process.env.BENCH_FOOD_SEARCH_ROUNDS ?? 100);
  // warm-up
  for (const query of queries) {
    index.search(query);
    scan(query);
  }
  const searched: number[] = [];
  const scanned: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (const query of queries) {
      let t0 = performance.now();
      index.search(query);
      searched.push(performance.now() - t0);
      t0 = performance.now();
      scan(query);
      scanned.push(performance.now() - t0);
    }

  // as the editor searches while one types: every prefix of every query, from two letters
  const typing = queries.flatMap((query) => Array.from({ length: Math.max(0, query.length - 1) }, (_, i) => query.slice(0, i + 2)));
  const typed: number[] = [];
  for (let r = 0; r < Math.max(1, Math.floor(rounds / 10)); r++)
    for (const prefix of typing) {
      const t0 = performance.now();
      index.search(prefix);
      typed.push(performance.now() - t0);
    }

  let first = 0;
  let firstThree = 0;
  for (const e of FOOD_SEARCH_QUERIES) {
    const ids = index.search(e.query, { limit: 3 }).map((food) => food.id);
    const id = catalogueFoodId(e.source, e.code);
    if (ids[0] === id) first++;
    if (ids.includes(id)) firstThree++;
  }

  // every food searched by its own name: where it comes, after the foods of the very same name
  let ownFirst = 0;
  let ownFirstThree = 0;
  for (const food of foods) {
    const found = index.search(food.name);
    const sameName = found.filter((other) => other.name === food.name).length;
    const position = found.findIndex((other) => other.id === food.id);
    if (position >= 0 && position < Math.max(1, sameName)) ownFirst++;
    if (position >= 0 && position < 2 + sameName) ownFirstThree++;
  }

  const p99 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      99,
    );
  const p50 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  console.log(`Ricerca alimenti, ${foods.length} alimenti (CIQUAL + svizzera): costruzione dell'indice ${summary(builds)}`);
  console.log(`Ricerca alimenti, ${queries.length} ricerche del test × ${rounds}, limite 20: ${summary(searched)} (obiettivo p99 ≤ 10 ms)`);
  console.log(`  a digitazione (ogni prefisso da 2 lettere delle stesse ricerche, ${typing.length} prefissi): ${summary(typed)}`);
  console.log(`  base, scansione lineare di nomi e sinonimi normalizzati: ${summary(scanned)}`);
  console.log(
    `  ricerca / base: p50 ${(p50(searched) / p50(scanned)).toFixed(2)}×, p99 ${(p99(searched) / p99(scanned)).toFixed(2)}× ` +
      '(la base non ha prefissi, refusi, sinonimi né ordinamento)',
  );
  console.log(`  ogni alimento cercato col suo nome: ${ownFirst}/${foods.length} al primo posto, ${ownFirstThree}/${foods.length} fra i primi tre`);
  console.log(`  test: ${first}/${FOOD_SEARCH_QUERIES.length} al primo posto, ${firstThree}/${FOOD_SEARCH_QUERIES.length} fra i primi tre`);
}

/** the baseline: the foods whose normalized name or synonyms contain every word of the query (all scanned, first 20 kept) */
function linearScan(foods: readonly CatalogueFood[]): (query: string) => CatalogueFood[] {
  const texts = foods.map((food) => normalizeText([food.name, ...food.synonyms].join(' ')));
  return (query) => {
    const words = normalizeText(query)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const found: CatalogueFood[] = [];
    for (let i = 0; i < foods.length; i++) if (words.every((word) => texts[i].includes(word))) found.push(foods[i]);
    return found.slice(0, 20);
  };
}
