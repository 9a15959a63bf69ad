import type { CatalogueFood, FoodView } from '@studio/contracts';
import request from 'supertest';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

// A test app has no FOODS_DATA_DIR: the demo's 129 foods of the practice only (the tables' import: food-tables.int.spec.ts).
describe('the catalogue over HTTP, with the practice’s foods only', () => {
  let app: TestApp;
  let doctor: Client;
  let admin: Client;
  let patient: TestPatient;
  const get = (c: Client, path: string) => c.agent.get(path);

  beforeAll(async () => {
    app = await startTestApp();
    doctor = await client(app, 'medico1@example.it');
    admin = await client(app, 'admin@example.it');
    [patient] = await registerPatients(app, 1, 'catalogo');
  });
  afterAll(() => app.close());

  it('lists the practice’s foods at /api/studio-foods, as the foods page and the diet editor read them', async () => {
    const foods: FoodView[] = (await get(doctor, '/api/studio-foods').expect(200)).body;
    expect(foods).toHaveLength(129);
    expect(foods.find((f) => f.name === 'Pasta di semola')).toMatchObject({ kcal100: 353, protein: 13, categoryName: 'Cereali e tuberi' });
  });

  it('searches the catalogue: the practice’s foods as catalogue foods, four values and every other nutrient absent', async () => {
    const { items }: { items: CatalogueFood[] } = (await get(doctor, '/api/foods?q=PASTA di').expect(200)).body;
    const pasta = items.find((f) => f.name === 'Pasta di semola')!;
    expect(pasta).toMatchObject({
      id: expect.stringMatching(/^studio-\d+$/),
      source: 'studio',
      group: 'Cereali e tuberi',
      per: '100g',
      baseWeight: 80,
      nutrients: { ENERC_KCAL: { value: 353 }, PROCNT: { value: 13 }, CHOAVL: { value: 74 }, FAT: { value: 1.2 } },
    });
    expect(Object.keys(pasta.nutrients).sort()).toEqual(['CHOAVL', 'ENERC_KCAL', 'FAT', 'PROCNT']);
    // accents and case do not matter
    expect((await get(doctor, '/api/foods?q=caffe').expect(200)).body.items.map((f: CatalogueFood) => f.name)).toEqual(
      (await get(doctor, '/api/foods?q=CAFFÈ').expect(200)).body.items.map((f: CatalogueFood) => f.name),
    );
    expect((await get(doctor, '/api/foods?limit=5').expect(200)).body.items).toHaveLength(5);
    expect((await get(admin, '/api/foods?source=ciqual').expect(200)).body.items).toEqual([]);
  });

  it('gives one food whole by its id or by its code in its table, and 404 for an unknown one', async () => {
    const [first]: CatalogueFood[] = (await get(doctor, '/api/foods?q=Pasta di semola').expect(200)).body.items;
    expect((await get(doctor, `/api/foods/${first.id}`).expect(200)).body).toEqual(first);
    expect((await get(doctor, `/api/foods?source=studio&code=${first.code}`).expect(200)).body).toEqual({ items: [first] });
    expect((await get(doctor, '/api/foods?source=ciqual&code=20047').expect(200)).body).toEqual({ items: [] });
    for (const id of ['ciqual-20047', 'studio-99999', 'nonsense', 'pizza-1'])
      expect((await get(doctor, `/api/foods/${id}`).expect(404)).body.error.message).toBe('Alimento non trovato.');
  });

  it.each([
    ['limit=0', /numero di risultati va da 1 a 50/],
    ['limit=51', /numero di risultati va da 1 a 50/],
    ['limit=tre', /Valore non valido per il campo limit/],
    [`q=${'a'.repeat(101)}`, /al massimo 100 caratteri/],
    ['q=a&q=b', /Valore non valido per il campo q/],
    ['source=crea', /Fonte sconosciuta/],
    ['code=20047', /insieme alla fonte/],
    ['source=ciqual&code=../x', /Codice non valido/],
  ])('refuses ?%s in Italian', async (query, message) => {
    expect((await get(doctor, `/api/foods?${query}`).expect(400)).body.error.message).toMatch(message);
  });

  it('is for doctors and the administrator only', async () => {
    await patient.agent.get('/api/foods?q=pasta').expect(403);
    await patient.agent.get('/api/foods/studio-1').expect(403);
    await patient.agent.get('/api/food-tables').expect(403);
    await request(app.app.getHttpServer()).get('/api/foods').expect(401);
  });

  it('keeps the practice’s preferred table, set by the administrator only', async () => {
    const put = (c: Client, body: object) => c.agent.put('/api/food-tables/preference').set('X-CSRF-Token', c.csrf).send(body);
    expect((await get(doctor, '/api/food-tables/preference').expect(200)).body).toEqual({ source: null });
    await put(doctor, { source: 'svizzera' }).expect(403);
    expect((await put(admin, { source: 'crea' }).expect(400)).body.error.message).toMatch(/Fonte preferita sconosciuta/);
    expect((await put(admin, { source: 'svizzera' }).expect(200)).body).toEqual({ source: 'svizzera' });
    const head = await app.core.eventStore.headPosition();
    await put(admin, { source: 'svizzera' }).expect(200);
    expect(await app.core.eventStore.headPosition()).toBe(head);
    expect((await get(doctor, '/api/food-tables/preference').expect(200)).body).toEqual({ source: 'svizzera' });
    expect((await put(admin, { source: null }).expect(200)).body).toEqual({ source: null });
  });

  it('imports the tables only for the administrator, and says when the server has no folder of tables', async () => {
    const head = await app.core.eventStore.headPosition();
    await doctor.agent.post('/api/food-tables/import').set('X-CSRF-Token', doctor.csrf).expect(403);
    const refused = await admin.agent.post('/api/food-tables/import').set('X-CSRF-Token', admin.csrf).expect(400);
    expect(refused.body.error.message).toMatch(/FOODS_DATA_DIR/);
    expect(await app.core.eventStore.headPosition()).toBe(head);
    expect((await get(admin, '/api/food-tables').expect(200)).body).toEqual([]);
  });
});
