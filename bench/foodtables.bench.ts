import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultErasureLedger, loadConfig } from '../backend/src/platform/config/config';
import { closeCore, openCore } from '../backend/src/app/infrastructure/core';
import { importFoodTables } from '../backend/src/app/food-tables/import-food-tables';
import { catalogueFoodsReadModel, foodsDataDir, parseCiqualXlsx, parseSwissXlsx, tableFilesIn } from '../backend/src/areas/nutrition/catalogue';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
/** a SQLite database's size, and its write-ahead log's */
const dbSize = (dir: string, name: string) => {
  const size = (file: string) => (existsSync(join(dir, file)) ? statSync(join(dir, file)).size : 0);
  return `${megabytes(size(name))} (+ ${megabytes(size(`${name}-wal`))} di WAL)`;
};

/**
 * The publishers' tables (FOODS_DATA_DIR, or ../shared/data/foods beside the checkout): parsing both XLSX files
 * (best of BENCH_FOODTABLES_ROUNDS, default 3), then the whole import on the SQLite default as `npm run
 * alimenti:importa` does it (parse, decide, append), and the projections catching up on a fresh read-model store.
 */
export async function foodTablesBench(dir: string): Promise<void> {
  const files = tableFilesIn(foodsDataDir());
  if (!files.ciqual || !files.svizzera) {
    console.log(`Tabelle degli alimenti: saltato, file non trovati in ${foodsDataDir()} (imposta FOODS_DATA_DIR).`);
    return;
  }
  mkdirSync(dir, { recursive: true });
  const rounds = Number(process.env.BENCH_FOODTABLES_ROUNDS ?? 3);
  let ciqualBest = Infinity;
  let swissBest = Infinity;
  let foods = 0;
  for (let round = 0; round < rounds; round++) {
    let t0 = performance.now();
    const ciqual = await parseCiqualXlsx(files.ciqual);
    ciqualBest = Math.min(ciqualBest, performance.now() - t0);
    t0 = performance.now();
    const swiss = await parseSwissXlsx(files.svizzera);
    swissBest = Math.min(swissBest, performance.now() - t0);
    foods = ciqual.length + swiss.length;
  }
  console.log(`Tabelle degli alimenti, lettura (migliore di ${rounds}): CIQUAL ${seconds(ciqualBest)}, svizzera ${seconds(swissBest)}, ${foods} alimenti`);

  const env = { NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
  let t0 = performance.now();
  const outcome = await importFoodTables(env, { ciqual: files.ciqual, svizzera: files.svizzera });
  const appended = performance.now() - t0;
  if (!outcome.ok) throw new Error(outcome.lines.join('\n'));
  const events = outcome.results.reduce((n, r) => n + r.events, 0);
  const core = await openCore(loadConfig(env));
  try {
    const log = await core.eventStore.readAll({ streamPrefixes: ['foodtable-'] });
    const eventBytes = log.reduce((n, e) => n + JSON.stringify(e.data).length, 0);
    t0 = performance.now();
    await core.runner.start();
    await core.changes.waitFor(await core.eventStore.headPosition(), 600_000);
    const projected = performance.now() - t0;
    const docs = await catalogueFoodsReadModel.find(core.readModels, { visible: 1 });
    console.log(
      `Tabelle degli alimenti, importazione su SQLite: lettura + decisione + append ${seconds(appended)} (${events} eventi, ${megabytes(eventBytes)} di dati); ` +
        `proiezione ${seconds(projected)}; totale ${seconds(appended + projected)}`,
    );
    console.log(
      `Tabelle degli alimenti, archivi: events.db ${dbSize(dir, 'events.db')}, read-models.db ${dbSize(dir, 'read-models.db')} ` +
        `(${docs.length} documenti in catalogue_foods)`,
    );
  } finally {
    await closeCore(core);
    if (existsSync(defaultErasureLedger(dir))) rmSync(defaultErasureLedger(dir), { force: true });
  }
}
