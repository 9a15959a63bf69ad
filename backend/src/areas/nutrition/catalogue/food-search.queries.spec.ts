import { catalogueFoodId, type CatalogueFood } from '@studio/contracts';
import { existsSync } from 'node:fs';
import { FoodSearchIndex } from './food-search';
import { FOOD_SEARCH_QUERIES } from './food-search.queries';
import { parseCiqualXlsx } from './tables/ciqual-table';
import { parseSwissXlsx } from './tables/swiss-table';
import { foodsDataDir, tableFilesIn } from './tables/table-files';

// The search over the real tables (the publishers' files, never committed): <repository>/../shared/data/foods,
// or FOODS_DATA_DIR. CIQUAL's names are the project's Italian ones.
const dir = foodsDataDir();
const files = tableFilesIn(dir);
const present = existsSync(dir) && files.ciqual !== null && files.svizzera !== null;
const describeTables = present ? describe : describe.skip;
if (!present) console.warn(`Test della ricerca sugli alimenti reali saltati: tabelle CIQUAL e svizzera non trovate in ${dir} (imposta FOODS_DATA_DIR).`);

describeTables('the food search over CIQUAL 2025 and the Swiss table, as a nutritionist types', () => {
  let foods: CatalogueFood[];
  let index: FoodSearchIndex;
  beforeAll(async () => {
    foods = [...(await parseCiqualXlsx(files.ciqual!)), ...(await parseSwissXlsx(files.svizzera!))];
    index = new FoodSearchIndex(foods);
  });

  it('has at least 40 queries, each expecting a food the tables have', () => {
    expect(FOOD_SEARCH_QUERIES.length).toBeGreaterThanOrEqual(40);
    const ids = new Set(foods.map((food) => food.id));
    const unknown = FOOD_SEARCH_QUERIES.filter((e) => !ids.has(catalogueFoodId(e.source, e.code))).map((e) => `${e.query} → ${e.source}-${e.code}`);
    expect(unknown).toEqual([]);
  });

  it.each(FOOD_SEARCH_QUERIES.map((e) => [e.query, e.kind, catalogueFoodId(e.source, e.code)] as const))(
    '"%s" (%s) finds %s among the first three',
    (query, _kind, id) => {
      const firstThree = index.search(query, { limit: 3 }).map((food) => `${food.id} ${food.name}`);
      // the names are in the message when it fails
      expect(firstThree).toContainEqual(expect.stringMatching(new RegExp(`^${id} `)));
    },
  );

  it('finds every food of the catalogue by its own name, among the first three (after others of the very same name)', () => {
    const lost: string[] = [];
    for (const food of foods) {
      const found = index.search(food.name);
      const sameName = found.filter((other) => other.name === food.name).length;
      const position = found.findIndex((other) => other.id === food.id);
      if (position < 0 || position >= 2 + sameName) lost.push(`${food.id} ${food.name} → ${position < 0 ? 'assente' : `n. ${position + 1}`}`);
    }
    expect(lost).toEqual([]);
  });

  it('keeps to a source: "mela" in the Swiss table gives only Swiss foods, its raw apple first', () => {
    const swiss = index.search('mela', { source: 'svizzera' });
    expect(swiss.length).toBeGreaterThan(0);
    expect(swiss.every((food) => food.source === 'svizzera')).toBe(true);
    expect(swiss[0].name).toBe('Mela, cruda');
  });
});
