import type { CatalogueFood, FoodSearchAnswer, FoodView, RecipeSummary, RecipeView } from '@studio/contracts';
import request from 'supertest';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

// demo seed: the practice's foods (Pasta di semola 353 kcal, 13 g protein per 100 g; olive oil 899 kcal)
const NOW = '2030-03-04T06:00:00.000Z';

describe('recipe book over HTTP', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let doctor: Client;
  let admin: Client;
  let auditor: Client;
  let patient: TestPatient;
  let foods: FoodView[];
  const food = (name: string) => foods.find((f) => f.name === name)!;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    doctor = await client(app, 'medico1@example.it');
    admin = await client(app, 'admin@example.it');
    auditor = await client(app, 'auditor@example.it');
    [patient] = await registerPatients(app, 1, 'ricette');
    foods = (await doctor.agent.get('/api/studio-foods').expect(200)).body;
  });
  afterAll(() => app.close());

  const head = () => app.core.eventStore.headPosition();
  const post = (c: Client, path: string, body: object) => c.agent.post(path).set('X-CSRF-Token', c.csrf).send(body);
  const put = (c: Client, path: string, body: object) => c.agent.put(path).set('X-CSRF-Token', c.csrf).send(body);
  const pastaAlPomodoro = () => ({
    name: 'Pasta al pomodoro',
    ingredients: [
      { foodId: `studio-${food('Pasta di semola').id}`, grams: 320 },
      { foodId: `studio-${food('Olio extravergine di oliva').id}`, grams: 40 },
      // a CIQUAL food the catalogue of this branch does not hold yet: its values are missing
      { foodId: 'ciqual-20047', grams: 400 },
    ],
    cooking: { cookedWeight: 1400 },
    portions: { count: 4 },
    note: 'Sugo cotto 20 minuti.',
  });

  it('creates a recipe and computes it per 100 g cooked and per portion, missing values counted', async () => {
    const res = await post(doctor, '/api/recipes', pastaAlPomodoro()).expect(201);
    const recipe: RecipeView = res.body;
    const pasta = food('Pasta di semola');
    const oil = food('Olio extravergine di oliva');
    const kcal = 3.2 * pasta.kcal100 + 0.4 * oil.kcal100;
    expect(recipe).toMatchObject({ name: 'Pasta al pomodoro', archived: false, note: 'Sugo cotto 20 minuti.' });
    expect(recipe.ingredients.map((i) => i.foodName)).toEqual(['Pasta di semola', 'Olio extravergine di oliva', null]);
    expect(recipe.composition).toMatchObject({ rawWeight: 760, cookedWeight: 1400, portionGrams: 350, portionCount: 4 });
    expect(recipe.composition.per100g.ENERC_KCAL.value).toBeCloseTo((kcal / 1400) * 100, 6);
    expect(recipe.composition.per100g.ENERC_KCAL.missing).toBe(1);
    expect(recipe.composition.perPortion.PROCNT.value).toBeCloseTo((3.2 * pasta.protein + 0.4 * oil.protein) / 4, 6);
    expect((await doctor.agent.get(`/api/recipes/${recipe.id}`).expect(200)).body).toEqual(recipe);
    // usable wherever a food is: the same values, as a catalogue food
    const asFood: CatalogueFood = (await doctor.agent.get(`/api/foods/ricetta-${recipe.id}`).expect(200)).body;
    expect(asFood).toMatchObject({ id: `ricetta-${recipe.id}`, source: 'ricetta', name: 'Pasta al pomodoro', baseWeight: 350 });
    expect(asFood.nutrients.ENERC_KCAL).toEqual({ value: null, flag: 'missing' });
    // and found by the catalogue's search, as soon as it is saved
    const found: FoodSearchAnswer = (await doctor.agent.get('/api/foods').query({ q: 'pasta pomodoro' }).expect(200)).body;
    expect(found.items.map((f) => f.id)).toContain(`ricetta-${recipe.id}`);
  });

  it('lists and searches the recipes by name, without accents or case', async () => {
    await post(admin, '/api/recipes', { ...pastaAlPomodoro(), name: 'Caffè d’orzo' }).expect(201);
    const all: RecipeSummary[] = (await doctor.agent.get('/api/recipes').expect(200)).body;
    expect(all.map((r) => r.name)).toEqual(expect.arrayContaining(['Caffè d’orzo', 'Pasta al pomodoro']));
    const found: RecipeSummary[] = (await doctor.agent.get('/api/recipes').query({ q: 'CAFFE' }).expect(200)).body;
    expect(found.map((r) => r.name)).toEqual(['Caffè d’orzo']);
  });

  it('updates the whole recipe, copies it and archives it', async () => {
    const created: RecipeView = (await post(doctor, '/api/recipes', { ...pastaAlPomodoro(), name: 'Riso in bianco' }).expect(201)).body;
    const updated: RecipeView = (
      await put(admin, `/api/recipes/${created.id}`, {
        ...pastaAlPomodoro(),
        name: 'Riso in bianco',
        cooking: { yieldFactor: 2 },
        portions: { grams: 380 },
      }).expect(200)
    ).body;
    expect(updated.composition).toMatchObject({ cookedWeight: 1520, portionGrams: 380, portionCount: 4 });
    const copy: RecipeView = (await post(doctor, `/api/recipes/${created.id}/copy`, {}).expect(201)).body;
    expect(copy.id).not.toBe(created.id);
    expect(copy).toMatchObject({ name: 'Riso in bianco (copia)', cooking: { yieldFactor: 2 }, portions: { grams: 380 } });
    await doctor.agent.delete(`/api/recipes/${created.id}`).set('X-CSRF-Token', doctor.csrf).expect(204);
    const list: RecipeSummary[] = (await doctor.agent.get('/api/recipes').query({ q: 'riso' }).expect(200)).body;
    expect(list.map((r) => r.name)).toEqual(['Riso in bianco (copia)']);
    const refused = await put(doctor, `/api/recipes/${created.id}`, pastaAlPomodoro()).expect(409);
    expect(refused.body.error.message).toBe('La ricetta è archiviata: copiala per modificarla.');
  });

  it('refuses bad input in Italian, writing nothing', async () => {
    const before = await head();
    const cases: [object, RegExp][] = [
      [{ ...pastaAlPomodoro(), name: ' ' }, /Nome della ricetta mancante/],
      [{ ...pastaAlPomodoro(), ingredients: [] }, /almeno un ingrediente/],
      [{ ...pastaAlPomodoro(), ingredients: [{ foodId: 'pizza-1', grams: 10 }] }, /Alimento non valido/],
      [{ ...pastaAlPomodoro(), ingredients: [{ foodId: 'studio-1', grams: 0 }] }, /più di 0/],
      [{ ...pastaAlPomodoro(), cooking: {} }, /peso da cotto o il fattore di resa/],
      [{ ...pastaAlPomodoro(), portions: { count: 1.5 } }, /Il numero di porzioni deve essere intero/],
      [{ ...pastaAlPomodoro(), cooking: { cookedWeight: -3 } }, /Il peso da cotto deve essere più di 0 g/],
      [{ ...pastaAlPomodoro(), cooking: { cookedWeight: 300, yieldFactor: 2 } }, /uno dei due/],
    ];
    for (const [body, message] of cases) {
      const res = await post(doctor, '/api/recipes', body).expect(400);
      expect(res.body.error.message).toMatch(message);
    }
    await doctor.agent.get('/api/recipes/non-un-uuid').expect(400);
    await doctor.agent.get('/api/recipes/3f1c2b7a-9d4e-4c1a-8b2f-6e5d4c3b2a10').expect(404);
    expect(await head()).toBe(before);
  });

  it('is for doctors and the front desk only', async () => {
    const before = await head();
    await post(patient as unknown as Client, '/api/recipes', pastaAlPomodoro()).expect(403);
    await patient.agent.get('/api/recipes').expect(403);
    await auditor.agent.get('/api/recipes').expect(403);
    await request(app.app.getHttpServer()).get('/api/recipes').expect(401);
    expect(await head()).toBe(before);
  });
});
