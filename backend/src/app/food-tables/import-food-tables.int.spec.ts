import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultErasureLedger, loadConfig } from '../../platform/config/config';
import { closeCore, openCore } from '../infrastructure/core';
import { foodsDataDir, tableFilesIn } from '../../areas/nutrition/catalogue';
import { importFoodTables } from './import-food-tables';

// The publishers' own files (never committed): <repository>/../shared/data/foods, or FOODS_DATA_DIR.
const dir = foodsDataDir();
const files = tableFilesIn(dir);
const present = existsSync(dir) && files.ciqual !== null && files.svizzera !== null;
const describeTables = present ? describe : describe.skip;
if (!present) console.warn(`Test di npm run alimenti:importa saltati: file non trovati in ${dir} (imposta FOODS_DATA_DIR).`);

const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'studio-alimenti-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) {
    rmSync(d, { recursive: true, force: true });
    rmSync(defaultErasureLedger(d), { force: true });
  }
});
const env = (dataDir: string) => ({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });

async function tableEvents(dataDir: string) {
  const core = await openCore(loadConfig(env(dataDir)));
  try {
    return await core.eventStore.readAll({ streamPrefixes: ['foodtable-'] });
  } finally {
    await closeCore(core);
  }
}

describeTables('npm run alimenti:importa', () => {
  it('imports the files given (a file or its folder), then answers a second run without appending', async () => {
    const dataDir = freshDir();
    const first = await importFoodTables(env(dataDir), { ciqual: join(dir, 'ciqual-2025'), svizzera: files.svizzera! });
    expect(first.ok).toBe(true);
    expect(first.lines.join('\n')).toMatch(/CIQUAL 2025-11-03: 3484 alimenti importati \(19 eventi\)/);
    expect(first.lines.join('\n')).toMatch(/Banca dati svizzera 6\.4: 1133 alimenti importati \(7 eventi\)/);
    const events = await tableEvents(dataDir);
    expect(events).toHaveLength(26);
    const again = await importFoodTables(env(dataDir), { svizzera: files.svizzera! });
    expect(again.ok && again.results.map((r) => [r.source, r.imported, r.events])).toEqual([['svizzera', false, 0]]);
    expect(await tableEvents(dataDir)).toHaveLength(26);
  });

  it('downloads both tables when given none, checks them against their version’s checksum, and imports', async () => {
    const dataDir = freshDir();
    const asked: string[] = [];
    const fetchFile = async (url: string) => {
      asked.push(url);
      return readFileSync(url.includes('ciqual') ? files.ciqual! : files.svizzera!);
    };
    const outcome = await importFoodTables({ ...env(dataDir), FOODS_CIQUAL_URL: 'https://esempio.it/ciqual.xlsx' }, {}, fetchFile);
    expect(outcome.ok).toBe(true);
    expect(asked).toEqual(['https://esempio.it/ciqual.xlsx', expect.stringContaining('naehrwertdaten.ch')]);
    expect(await tableEvents(dataDir)).toHaveLength(26);
  });

  it('refuses a downloaded file that is not the one published for its version, in Italian, appending nothing', async () => {
    const dataDir = freshDir();
    const outcome = await importFoodTables(env(dataDir), {}, async (url) =>
      url.includes('ciqual') ? readFileSync(files.svizzera!) : readFileSync(files.svizzera!),
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.lines.join('\n')).toMatch(
      /non è quello pubblicato per la versione 2025-11-03 della tabella CIQUAL \(md5 atteso fcb4936b2bf6529449d0f88f4fc0512c, trovato 32886bb7a1fee98c45ba209bc1d1875c\): nessuna importazione/,
    );
    expect(await tableEvents(dataDir)).toHaveLength(0);
  });

  it('says in Italian when a download fails, appending nothing', async () => {
    const dataDir = freshDir();
    const outcome = await importFoodTables(env(dataDir), {}, async () => {
      throw new Error('getaddrinfo ENOTFOUND ciqual.anses.fr');
    });
    expect(outcome).toEqual({
      ok: false,
      code: 1,
      lines: [
        expect.stringMatching(/^Scarico CIQUAL/),
        expect.stringMatching(/^Scaricamento della tabella CIQUAL non riuscito da https:\/\/ciqual\.anses\.fr\/.*ENOTFOUND/),
      ],
    });
    expect(await tableEvents(dataDir)).toHaveLength(0);
  });

  it('says where it found no table', async () => {
    const outcome = await importFoodTables(env(freshDir()), { ciqual: freshDir() });
    expect(outcome).toEqual({ ok: false, code: 2, lines: [expect.stringMatching(/^Nessun file XLSX della tabella CIQUAL in /)] });
  });
});
