import type { CatalogueFood, FoodTableImportResult, FoodTableImportView } from '@studio/contracts';
import { existsSync } from 'node:fs';
import { client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { foodsDataDir, tableFilesIn } from './tables/table-files';

// The publishers' own files (never committed): <repository>/../shared/data/foods, or FOODS_DATA_DIR.
const dir = foodsDataDir();
const files = tableFilesIn(dir);
const present = existsSync(dir) && files.ciqual !== null && files.svizzera !== null;
const describeTables = present ? describe : describe.skip;
if (!present) console.warn(`Test dell'importazione delle tabelle saltati: file non trovati in ${dir} (imposta FOODS_DATA_DIR).`);

describeTables('the publishers’ tables, imported by the demo and over HTTP', () => {
  let app: TestApp;
  let doctor: Client;
  let admin: Client;

  beforeAll(async () => {
    // a server with the tables' folder: the demo seed of its empty store imports both
    app = await startTestApp({ FOODS_DATA_DIR: dir });
    doctor = await client(app, 'medico1@example.it');
    admin = await client(app, 'admin@example.it');
  });
  afterAll(() => app.close());

  it('logs each import with its version, files and counts', async () => {
    const log: FoodTableImportView[] = (await doctor.agent.get('/api/food-tables').expect(200)).body;
    expect(log.map(({ source, version, foods, files: [file] }) => ({ source, version, foods, name: file.name }))).toEqual(
      expect.arrayContaining([
        { source: 'ciqual', version: '2025-11-03', foods: 3484, name: 'Table Ciqual 2025_FR_2025_11_03.xlsx' },
        { source: 'svizzera', version: '6.4', foods: 1133, name: 'Banca_dati_svizzera_dei_valori_nutritivi.xlsx' },
      ]),
    );
    expect(log.every((i) => /^[0-9a-f]{64}$/.test(i.files[0].sha256))).toBe(true);
  });

  it('writes each table as chunks of 200 foods and one closing event', async () => {
    const events = await app.core.eventStore.readAll({ streamPrefixes: ['foodtable-'] });
    const count = (stream: string, type: string) => events.filter((e) => e.stream === stream && e.type === type).length;
    expect([count('foodtable-ciqual', 'FoodTableChunkImported'), count('foodtable-ciqual', 'FoodTableImported')]).toEqual([18, 1]);
    expect([count('foodtable-svizzera', 'FoodTableChunkImported'), count('foodtable-svizzera', 'FoodTableImported')]).toEqual([6, 1]);
  });

  it('gives a food whole, with its flags, by id and by its code in its table', async () => {
    const lentils: CatalogueFood = (await doctor.agent.get('/api/foods/ciqual-20585').expect(200)).body;
    expect(lentils).toMatchObject({ source: 'ciqual', code: '20585', version: '2025-11-03', per: '100g' });
    expect(lentils.nutrients).toMatchObject({ ENERC_KCAL: { value: 327 }, NACL: { value: 0.13, flag: 'lt' }, VITB12: { value: null, flag: 'missing' } });
    expect((await doctor.agent.get('/api/foods?source=ciqual&code=20585').expect(200)).body).toEqual({ items: [lentils] });
    const vinegar: CatalogueFood = (await admin.agent.get('/api/foods/svizzera-1693').expect(200)).body;
    expect(vinegar).toMatchObject({ name: 'Aceto', per: '100g', density: 1.0056, nutrients: { ENERC_KCAL: { value: 21.88 } } });
  });

  it('searches all the sources together, and one source when asked', async () => {
    const all: CatalogueFood[] = (await doctor.agent.get('/api/foods?q=riso&limit=50').expect(200)).body.items;
    expect(new Set(all.map((f) => f.source))).toEqual(new Set(['ciqual', 'svizzera', 'studio']));
    const swiss: CatalogueFood[] = (await doctor.agent.get('/api/foods?q=riso&source=svizzera').expect(200)).body.items;
    expect(swiss.length).toBeGreaterThan(0);
    expect(swiss.every((f) => f.source === 'svizzera')).toBe(true);
  });

  it('shows both tables’ food of the same name, the preferred table’s first', async () => {
    const prefer = (source: string | null) => admin.agent.put('/api/food-tables/preference').set('X-CSRF-Token', admin.csrf).send({ source }).expect(200);
    const bresaola = async () =>
      ((await doctor.agent.get('/api/foods?q=bresaola').expect(200)).body.items as CatalogueFood[])
        .filter((f) => f.name === 'Bresaola' && f.source !== 'studio')
        .map((f) => f.source);
    await prefer('svizzera');
    expect(await bresaola()).toEqual(['svizzera', 'ciqual']);
    await prefer('ciqual');
    expect(await bresaola()).toEqual(['ciqual', 'svizzera']);
    await prefer(null);
  });

  it('answers a re-import of the same versions from the same files without appending anything', async () => {
    const head = await app.core.eventStore.headPosition();
    const results: FoodTableImportResult[] = (await admin.agent.post('/api/food-tables/import').set('X-CSRF-Token', admin.csrf).expect(200)).body;
    expect(results.map(({ source, imported, events, foods }) => ({ source, imported, events, foods }))).toEqual([
      { source: 'ciqual', imported: false, events: 0, foods: 3484 },
      { source: 'svizzera', imported: false, events: 0, foods: 1133 },
    ]);
    expect(await app.core.eventStore.headPosition()).toBe(head);
    expect((await doctor.agent.get('/api/food-tables').expect(200)).body).toHaveLength(2);
  });
});
