import { CATEGORY_OFFSET, dietStreamName, type DietView, type FoodView, type ShoppingList } from '@studio/contracts';
import request from 'supertest';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { NOT_YOUR_PATIENT } from './diet.service';
import { pdfText } from '../../../testing/pdf-text';

// demo seed on 2030-03-04 (Monday): medico1 open 09:00–13:00 on weekdays; demo foods and categories.
const NOW = '2030-03-04T06:00:00.000Z';

describe('the weekly plan over HTTP: days, kept values, history, templates, equivalence lists, shopping list', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let doctor: Client;
  let otherDoctor: Client;
  let admin: Client;
  let patient: TestPatient;
  let stranger: TestPatient;
  let legacy: TestPatient;
  let withRecipe: TestPatient;
  let foods: FoodView[];
  const food = (name: string) => foods.find((f) => f.name === name)!;
  let verdure: number;
  let yogurtId: string;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    doctor = await client(app, 'medico1@example.it');
    otherDoctor = await client(app, 'medico2@example.it');
    admin = await client(app, 'admin@example.it');
    [patient, stranger, legacy, withRecipe] = await registerPatients(app, 4, 'piano');
    const free = (
      await request(app.app.getHttpServer()).get('/disponibilita/query').query({ for: app.ids['medico1@example.it'], date: '2030-03-05' }).expect(200)
    ).body;
    // each patient the doctor plans for holds a booking with them (the front desk sees no plan)
    for (const [i, p] of [patient, legacy, withRecipe].entries())
      await p.agent
        .post('/prenotazioni')
        .set('X-CSRF-Token', p.csrf)
        .send({ doctor_id: app.ids['medico1@example.it'], availability_id: free[i].id })
        .expect(201);
    foods = (await doctor.agent.get('/api/studio-foods').expect(200)).body;
    verdure = (await doctor.agent.get('/api/food-categories').expect(200)).body.find((c: { name: string }) => c.name === 'Verdure').id;
    yogurtId = `studio-${food('Yogurt magro').id}`;
  });
  afterAll(() => app.close());

  const head = () => app.core.eventStore.headPosition();
  const post = (c: Client | TestPatient, path: string, body: object) => c.agent.post(path).set('X-CSRF-Token', c.csrf).send(body);
  const put = (c: Client | TestPatient, path: string, body: object) => c.agent.put(path).set('X-CSRF-Token', c.csrf).send(body);
  const dietPath = (patientId: string) => `/api/patients/${patientId}/diet`;
  const portions = () => ({ pranzo: [{ categoryId: verdure, times: 7 }], cena: [{ categoryId: verdure, times: 7 }] });
  const twoDays = () => ({
    days: [
      {
        weekday: 'giovedi',
        meals: { cena: [{ id: 'g1', item: food('Merluzzo').id, grams: 150, alternatives: [{ item: yogurtId, grams: 170 }] }] },
      },
      {
        weekday: 'lunedi',
        meals: {
          colazione: [{ id: 'c1', item: yogurtId, grams: 170 }],
          pranzo: [
            { id: 'p1', item: food('Pasta di semola').id, grams: 90 },
            { id: 'p2', item: CATEGORY_OFFSET + verdure, grams: 250 },
          ],
        },
      },
    ],
    mealNames: { merenda: 'Spuntino del pomeriggio' },
    portions: portions(),
  });

  it('reads a diet saved before plans had days (an old DietSaved) as one day applied to every day, without rewriting it', async () => {
    const old = {
      meals: { colazione: [], spuntino: [], pranzo: [{ id: 'a', item: food('Pasta di semola').id, grams: 80, alternatives: [] }], merenda: [], cena: [] },
      portions: { pranzo: [], cena: [] },
      notes: null,
    };
    const content = await app.core.personalData.seal(legacy.id, old);
    const meta = { userId: app.ids['admin@example.it'], role: 'admin', at: NOW, correlationId: 'c', causationId: 'c' };
    const { position } = await app.core.eventStore.append(
      dietStreamName(legacy.id),
      [{ type: 'DietSaved', data: { patientId: legacy.id, doctorId: app.ids['admin@example.it'], content }, metadata: meta }],
      { expectedRevision: 'no_stream' },
    );
    await app.core.changes.waitFor(position);
    const view: DietView = (await doctor.agent.get(dietPath(legacy.id)).expect(200)).body;
    expect(view.content.days).toEqual([{ weekday: 'lunedi', meals: old.meals }]);
    expect(view.week.every((w) => w.follows === 'lunedi')).toBe(true);
    expect(view.days[0].summary.kcal).toBe(282);
    expect(view.mealNames.merenda).toBe('Merenda');
    const mine = (await legacy.agent.get('/api/me/diet').expect(200)).body.diet as DietView;
    expect(mine.days).toHaveLength(1);
    // 7 × 80 g of pasta
    const list = (await legacy.agent.get('/api/me/diet/shopping-list').expect(200)).body.list as ShoppingList;
    expect(list.groups).toEqual([{ group: 'Cereali e tuberi', items: [{ item: food('Pasta di semola').id, name: 'Pasta di semola', grams: 560 }] }]);
    const [stored] = await app.core.eventStore.readStream(dietStreamName(legacy.id));
    expect(stored.data).toEqual({ patientId: legacy.id, doctorId: app.ids['admin@example.it'], content });
  });

  it('computes a catalogue food at the grams typed (a 170 g jar stays 170 g) in an unsaved form', async () => {
    const yogurt = food('Yogurt magro');
    const summary = await post(doctor, '/api/diet-tools/calculate', { meals: { colazione: [{ id: 'c1', item: yogurtId, grams: 170 }] } }).expect(200);
    expect(summary.body.kcal).toBe(Math.round((yogurt.kcal100 * 170) / 100));
    expect(
      (await post(doctor, '/api/diet-tools/calculate', { meals: { colazione: [{ id: 'c1', item: 'ciqual-99999999', grams: 170 }] } }).expect(400)).body.error
        .message,
    ).toBe('Alimento sconosciuto: ciqual-99999999.');
  });

  it('saves a plan of two days: week order, practice foods rounded, catalogue food grams kept, its values kept with the plan', async () => {
    const saved: DietView = (await put(doctor, dietPath(patient.id), { ...twoDays(), revision: null }).expect(200)).body;
    expect(saved.content.days.map((d) => d.weekday)).toEqual(['lunedi', 'giovedi']);
    expect(saved.content.days[0].meals.pranzo.map((r) => r.grams)).toEqual([80, 200]);
    expect(saved.content.days[0].meals.colazione[0]).toEqual({ id: 'c1', item: yogurtId, grams: 170, alternatives: [] });
    expect(saved.content.days[1].meals.cena[0].alternatives).toEqual([{ item: yogurtId, grams: 170 }]);
    expect(saved.week.map((w) => w.follows)).toEqual(['lunedi', 'lunedi', 'lunedi', 'giovedi', 'giovedi', 'giovedi', 'giovedi']);
    expect(saved.mealNames).toMatchObject({ merenda: 'Spuntino del pomeriggio', cena: 'Cena' });
    expect(saved.content.values[yogurtId]).toMatchObject({
      name: 'Yogurt magro',
      source: 'studio',
      nutrients: { ENERC_KCAL: { value: food('Yogurt magro').kcal100 } },
    });
    expect(saved.days.map((d) => d.summary.kcal)).toEqual([saved.summary.kcal, saved.days[1].summary.kcal]);
    expect(saved.valueUpdates).toEqual([]);
  });

  it('holds a recipe of the practice’s book (`ricetta-<id>`) at the grams typed, with its values per 100 g cooked kept', async () => {
    const recipe = (
      await post(doctor, '/api/recipes', {
        name: 'Pasta all’olio',
        ingredients: [
          { foodId: `studio-${food('Pasta di semola').id}`, grams: 320 },
          { foodId: `studio-${food('Olio extravergine di oliva').id}`, grams: 40 },
        ],
        cooking: { cookedWeight: 800 },
        portions: { count: 4 },
      }).expect(201)
    ).body as { id: string; composition: { per100g: { ENERC_KCAL: { value: number } } } };
    const id = `ricetta-${recipe.id}`;
    // the same pasta at dinner, as the practice's food
    const pasta = food('Pasta di semola');
    const dinner = [{ id: 'y', item: pasta.id, grams: pasta.baseWeight }];
    const body = { days: [{ weekday: 'lunedi', meals: { pranzo: [{ id: 'x', item: id, grams: 350 }], cena: dinner } }], revision: null };
    const saved: DietView = (await put(doctor, dietPath(withRecipe.id), body).expect(200)).body;
    expect(saved.content.values[id]).toMatchObject({ name: 'Pasta all’olio', source: 'ricetta' });
    expect(saved.content.days[0].meals.pranzo[0].grams).toBe(350);
    expect(saved.days[0].meals.find((m) => m.meal === 'pranzo')!.kcal).toBe(Math.round((recipe.composition.per100g.ENERC_KCAL.value * 350) / 100));
    // the shopping list buys the recipe's ingredients (350 g of the 800 g cooked), the pasta summed with dinner's, every day
    const list = (await doctor.agent.get(`${dietPath(withRecipe.id)}/shopping-list`).expect(200)).body.list as ShoppingList;
    const lines = list.groups.flatMap((g) => g.items);
    expect(Object.fromEntries(lines.map((i) => [i.name, i.grams]))).toEqual({
      'Pasta di semola': ((320 * 350) / 800 + pasta.baseWeight) * 7,
      'Olio extravergine di oliva': (40 * 350 * 7) / 800,
    });
    expect(lines.find((i) => i.name === 'Pasta di semola')!.item).toBe(pasta.id);
  });

  it('refuses bad plans in Italian and appends nothing', async () => {
    const before = await head();
    const day = (weekday: string) => ({ weekday, meals: {} });
    const cases: [object, number, string][] = [
      [{ days: [day('lunedi'), day('lunedi')], revision: 0 }, 400, 'Un giorno della settimana compare due volte nel piano.'],
      [{ days: [], revision: 0 }, 400, 'Il piano deve avere almeno un giorno.'],
      [{ days: [day('festa')], revision: 0 }, 400, 'Giorno non valido: da lunedi a domenica.'],
      [{ days: [{ weekday: 'lunedi', meals: { cena: [{ id: 'x', item: 'svizzera-1', grams: 10 }] } }], revision: 0 }, 400, 'Alimento sconosciuto: svizzera-1.'],
      [{ days: [{ weekday: 'lunedi', meals: { cena: [{ id: 'x', item: 'altro-1', grams: 10 }] } }], revision: 0 }, 400, 'Alimento del catalogo non valido.'],
      [{ ...twoDays(), mealNames: { cena: 'x'.repeat(41) }, revision: 0 }, 400, 'Nome del pasto troppo lungo (al massimo 40 caratteri).'],
      [{ ...twoDays(), revision: null }, 409, 'La dieta è stata modificata nel frattempo da un altro utente: ricaricala e riprova.'],
    ];
    for (const [body, status, message] of cases) {
      expect((await put(doctor, dietPath(patient.id), body).expect(status)).body.error.message).toBe(message);
    }
    expect(await head()).toBe(before);
  });

  it('never changes a saved plan silently when a food’s values change: the editor is told, the doctor applies them', async () => {
    const yogurt = food('Yogurt magro');
    const before: DietView = (await doctor.agent.get(dietPath(patient.id)).expect(200)).body;
    await put(doctor, `/api/foods/${yogurt.id}`, { ...yogurt, kcal100: yogurt.kcal100 + 20 }).expect(200);
    clock.set('2030-03-06T10:00:00.000Z');
    const now: DietView = (await doctor.agent.get(dietPath(patient.id)).expect(200)).body;
    expect(now.summary.kcal).toBe(before.summary.kcal);
    expect(now.valueUpdates).toEqual([
      {
        item: yogurtId,
        name: 'Yogurt magro',
        savedVersion: before.content.values[yogurtId].version,
        currentVersion: expect.any(String),
        changes: [{ tag: 'ENERC_KCAL', label: 'Energia', unit: 'kcal', saved: yogurt.kcal100, current: yogurt.kcal100 + 20 }],
      },
    ]);
    // the patient sees the plan as saved, and no updates
    const mine = (await patient.agent.get('/api/me/diet').expect(200)).body.diet as DietView;
    expect([mine.summary.kcal, mine.valueUpdates]).toEqual([before.summary.kcal, []]);
    // saving again without applying keeps the values; applying them brings them up to date
    const kept: DietView = (await put(doctor, dietPath(patient.id), { ...twoDays(), revision: 0 }).expect(200)).body;
    expect(kept.summary.kcal).toBe(before.summary.kcal);
    const applied: DietView = (await put(doctor, dietPath(patient.id), { ...twoDays(), revision: 1, refreshValues: [yogurtId] }).expect(200)).body;
    expect(applied.summary.kcal).toBe(before.summary.kcal + Math.round(((yogurt.kcal100 + 20) * 170) / 100) - Math.round((yogurt.kcal100 * 170) / 100));
    expect(applied.valueUpdates).toEqual([]);
  });

  it('keeps every plan: the one in force on a date, the list of plans, an earlier plan into the editor without saving', async () => {
    const onMonday: DietView = (await doctor.agent.get(dietPath(patient.id)).query({ at: '2030-03-04' }).expect(200)).body;
    expect(onMonday.revision).toBe(0);
    const today: DietView = (await doctor.agent.get(dietPath(patient.id)).query({ at: '2030-03-06' }).expect(200)).body;
    expect(today.revision).toBe(2);
    expect((await doctor.agent.get(dietPath(patient.id)).query({ at: '2030-03-01' }).expect(404)).body.error.code).toBe('piano_non_in_vigore');
    expect((await doctor.agent.get(dietPath(patient.id)).query({ at: '2030-02-30' }).expect(400)).body.error.message).toBe('Data non valida.');
    const revisions = (await doctor.agent.get(`${dietPath(patient.id)}/revisions`).expect(200)).body;
    expect(revisions.map((r: { revision: number }) => r.revision)).toEqual([2, 1, 0]);
    expect(revisions[2]).toEqual({ revision: 0, savedAt: '2030-03-04T06:00:00.000Z', doctorName: 'Giulia Rossi' });
    // nothing saved (the read itself goes to the access log)
    const saves = async () => (await app.core.eventStore.readStream(dietStreamName(patient.id))).length;
    const before = await saves();
    const from = (await post(doctor, `${dietPath(patient.id)}/from`, { revision: 0 }).expect(200)).body;
    expect(from.from).toEqual({ kind: 'revision', revision: 0, savedAt: '2030-03-04T06:00:00.000Z' });
    expect(from.content.days.map((d: { weekday: string }) => d.weekday)).toEqual(['lunedi', 'giovedi']);
    expect((await post(doctor, `${dietPath(patient.id)}/from`, { revision: 9 }).expect(404)).body.error.code).toBe('piano_non_trovato');
    await post(doctor, `${dietPath(patient.id)}/from`, {}).expect(400);
    expect(await saves()).toBe(before);
  });

  it('saves a plan as the practice’s template (no notes, no patient) and starts a patient’s plan from it', async () => {
    const notes = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Per Paziente Piano' }] }] };
    const created = (await post(doctor, '/api/diet-templates', { name: 'Settimana mediterranea', plan: { ...twoDays(), notes } }).expect(201)).body;
    expect(created).toMatchObject({ name: 'Settimana mediterranea', content: { notes: null }, days: [{ weekday: 'lunedi' }, { weekday: 'giovedi' }] });
    const [event] = await app.core.eventStore.readStream(`diettemplate-${created.id}`);
    expect(JSON.stringify(event.data)).not.toMatch(/Paziente|patientId/);
    expect((await admin.agent.get('/api/diet-templates').expect(200)).body.map((t: { id: string }) => t.id)).toContain(created.id);
    const from = (await post(doctor, `${dietPath(patient.id)}/from`, { templateId: created.id }).expect(200)).body;
    expect(from).toMatchObject({ from: { kind: 'template', name: 'Settimana mediterranea' }, content: { notes: null } });
    expect(from.content.days[0].meals.colazione[0]).toMatchObject({ item: yogurtId, grams: 170 });

    const before = await head();
    expect((await post(doctor, '/api/diet-templates', { name: '', plan: twoDays() }).expect(400)).body.error.message).toBe('Nome del modello mancante.');
    await post(doctor, '/api/diet-templates', { name: 'X', plan: { ...twoDays(), portions: { pranzo: [{ categoryId: verdure, times: 3 }] } } }).expect(400);
    await post(patient, '/api/diet-templates', { name: 'X', plan: twoDays() }).expect(403);
    await patient.agent.get('/api/diet-templates').expect(403);
    await request(app.app.getHttpServer()).get('/api/diet-templates').expect(401);
    expect((await post(doctor, `${dietPath(patient.id)}/from`, { templateId: '00000000-0000-4000-8000-000000000000' }).expect(404)).body.error.code).toBe(
      'modello_non_trovato',
    );
    await post(otherDoctor, `${dietPath(patient.id)}/from`, { templateId: created.id }).expect(403);
    expect(await head()).toBe(before);
  });

  it('keeps the practice’s equivalence lists (a named list of interchangeable foods of a group)', async () => {
    const items = [food('Merluzzo').id, yogurtId];
    const list = (await post(doctor, '/api/equivalence-lists', { name: 'Secondi magri', group: 'Carne e pesce', items }).expect(201)).body;
    expect(list).toEqual({
      id: expect.any(String),
      name: 'Secondi magri',
      group: 'Carne e pesce',
      items: [
        { item: food('Merluzzo').id, name: 'Merluzzo' },
        { item: yogurtId, name: 'Yogurt magro' },
      ],
    });
    const changed = (
      await put(admin, `/api/equivalence-lists/${list.id}`, {
        name: 'Secondi magri',
        group: 'Carne e pesce',
        items: [...items, food('Pasta di semola').id],
      }).expect(200)
    ).body;
    expect(changed.items).toHaveLength(3);
    expect((await doctor.agent.get('/api/equivalence-lists').expect(200)).body).toContainEqual(changed);

    const before = await head();
    const bad: [object, string][] = [
      [{ name: 'A', group: 'G', items: [items[0]] }, 'Una lista di equivalenze ha almeno due alimenti.'],
      [{ name: 'A', group: 'G', items: [items[0], items[0]] }, 'Un alimento compare due volte nella lista.'],
      [{ name: 'A', group: 'G', items: [items[0], 'ciqual-99999999'] }, 'Alimento sconosciuto: ciqual-99999999.'],
      [{ name: '', group: 'G', items }, 'Nome della lista mancante.'],
    ];
    for (const [body, message] of bad) expect((await post(doctor, '/api/equivalence-lists', body).expect(400)).body.error.message).toBe(message);
    await put(doctor, '/api/equivalence-lists/00000000-0000-4000-8000-000000000000', { name: 'A', group: 'G', items }).expect(404);
    await put(doctor, '/api/equivalence-lists/nonunid', { name: 'A', group: 'G', items }).expect(400);
    await post(patient, '/api/equivalence-lists', { name: 'A', group: 'G', items }).expect(403);
    await patient.agent.get('/api/equivalence-lists').expect(403);
    expect(await head()).toBe(before);
  });

  it('renames and deletes the library’s templates and lists: the doctors only, the front desk and patients refused', async () => {
    const template = (await post(doctor, '/api/diet-templates', { name: 'Da rinominare', plan: twoDays() }).expect(201)).body as { id: string };
    const items = [food('Merluzzo').id, yogurtId];
    const list = (await post(doctor, '/api/equivalence-lists', { name: 'Da eliminare', group: 'Pesce', items }).expect(201)).body as { id: string };
    const del = (c: Client | TestPatient, path: string) => c.agent.delete(path).set('X-CSRF-Token', c.csrf);

    const before = await head();
    for (const c of [admin, patient]) {
      await put(c, `/api/diet-templates/${template.id}`, { name: 'Nuovo' }).expect(403);
      await del(c, `/api/diet-templates/${template.id}`).expect(403);
      await del(c, `/api/equivalence-lists/${list.id}`).expect(403);
    }
    expect((await put(admin, `/api/diet-templates/${template.id}`, { name: 'Nuovo' }).expect(403)).body.error.code).toBe('solo_medici');
    // the front desk may still change a list's foods, not its name
    expect((await put(admin, `/api/equivalence-lists/${list.id}`, { name: 'Altro nome', group: 'Pesce', items }).expect(403)).body.error.code).toBe(
      'solo_medici',
    );
    expect((await put(doctor, `/api/diet-templates/${template.id}`, { name: '' }).expect(400)).body.error.message).toBe('Nome del modello mancante.');
    await put(doctor, '/api/diet-templates/00000000-0000-4000-8000-000000000000', { name: 'X' }).expect(404);
    await del(doctor, '/api/diet-templates/00000000-0000-4000-8000-000000000000').expect(404);
    await del(doctor, '/api/equivalence-lists/nonunid').expect(400);
    await request(app.app.getHttpServer()).delete(`/api/diet-templates/${template.id}`).expect(403);
    expect(await head()).toBe(before);

    const renamed = (await put(otherDoctor, `/api/diet-templates/${template.id}`, { name: ' Settimana leggera ' }).expect(200)).body;
    expect(renamed).toMatchObject({ id: template.id, name: 'Settimana leggera' });
    expect((await put(doctor, `/api/equivalence-lists/${list.id}`, { name: 'Pesci', group: 'Pesce', items }).expect(200)).body.name).toBe('Pesci');
    await del(doctor, `/api/diet-templates/${template.id}`).expect(204);
    await del(doctor, `/api/equivalence-lists/${list.id}`).expect(204);
    expect((await doctor.agent.get('/api/diet-templates').expect(200)).body.map((t: { id: string }) => t.id)).not.toContain(template.id);
    expect((await doctor.agent.get('/api/equivalence-lists').expect(200)).body.map((l: { id: string }) => l.id)).not.toContain(list.id);
    await del(doctor, `/api/diet-templates/${template.id}`).expect(404);
    await post(doctor, `${dietPath(patient.id)}/from`, { templateId: template.id }).expect(404);
    await put(doctor, `/api/equivalence-lists/${list.id}`, { name: 'Pesci', group: 'Pesce', items }).expect(404);
  });

  it('gives the week’s shopping list to the treating doctor and to the patient, grouped by food group', async () => {
    const list = (await doctor.agent.get(`${dietPath(patient.id)}/shopping-list`).expect(200)).body.list as ShoppingList;
    const grams = Object.fromEntries(list.groups.flatMap((g) => g.items.map((i) => [i.name, i.grams])));
    // Monday–Wednesday: pasta 80 g, yogurt 170 g, verdure 200 g; Thursday–Sunday: merluzzo 150 g (its alternative not bought)
    expect(grams).toEqual({ 'Pasta di semola': 240, 'Yogurt magro': 510, Verdure: 600, Merluzzo: 600 });
    expect(list.groups.map((g) => g.group)).toEqual([...list.groups.map((g) => g.group)].sort((a, b) => a.localeCompare(b, 'it')));
    expect((await patient.agent.get('/api/me/diet/shopping-list').expect(200)).body.list).toEqual(list);
    expect((await stranger.agent.get('/api/me/diet/shopping-list').expect(200)).body).toEqual({ list: null });
  });

  it('refuses the new reads to another doctor’s patient, to patients, to the front desk and to nobody logged in', async () => {
    for (const path of [`${dietPath(patient.id)}?at=2030-03-04`, `${dietPath(patient.id)}/revisions`, `${dietPath(patient.id)}/shopping-list`]) {
      expect((await otherDoctor.agent.get(path).expect(403)).body.error.message).toBe(NOT_YOUR_PATIENT);
      await patient.agent.get(path).expect(403);
      await stranger.agent.get(path).expect(403);
      await request(app.app.getHttpServer()).get(path).expect(401);
      expect((await admin.agent.get(path).expect(403)).body.error.code).toBe('piano_riservato');
    }
    await doctor.agent.get(`${dietPath(stranger.id)}/shopping-list`).expect(403);
    await doctor.agent.get('/api/me/diet/shopping-list').expect(403);
    await post(stranger, `${dietPath(patient.id)}/from`, { revision: 0 }).expect(403);
    const pdf = await doctor.agent.get(`/api/patients/${patient.id}/diet.pdf`).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('prints the plan on the practice’s letterhead: practice, doctor with title and register number, numbered pages', async () => {
    const details = {
      name: 'Studio Nutrizione Verdi',
      address: 'Via Roma 1, 20100 Milano',
      phone: '+39 02 1234567',
      email: 'info@studioverdi.it',
      dataController: 'Anna Verdi',
    };
    await put(admin, '/api/settings/practice', details).expect(200);
    const medico1 = app.ids['medico1@example.it'];
    await put(admin, `/api/settings/doctors/${medico1}`, { title: 'Dott.ssa', specialty: 'Dietologia', registerNumber: 'MI-1234', bio: '' }).expect(200);
    const res = await doctor.agent
      .get(`/api/patients/${patient.id}/diet.pdf`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const text = pdfText(res.body as Buffer);
    const doctorName = ((await doctor.agent.get(`/api/patients/${patient.id}/diet`).expect(200)).body as DietView).doctorName;
    expect(text).toContain('Studio Nutrizione Verdi');
    expect(text).toContain('Via Roma 1, 20100 Milano');
    expect(text).toContain(`Dott.ssa ${doctorName}`);
    expect(text).toMatch(/Numero d.iscrizione all.albo: MI-1234/);
    expect(text).toMatch(/Pagina 1 di \d+/);
  });

  it('puts the staff’s reads of the plan’s history and shopping list in the patient’s access log', async () => {
    const reads = async () => {
      await app.core.changes.waitFor(await app.core.eventStore.headPosition());
      const entries = (await patient.agent.get('/api/me/access-log').expect(200)).body as { viewerId: string; what: string; count: number }[];
      return entries.filter((e) => e.what === 'diet' && e.viewerId === app.ids['medico1@example.it']).reduce((n, e) => n + e.count, 0);
    };
    const before = await reads();
    await doctor.agent.get(`${dietPath(patient.id)}?at=2030-03-04`).expect(200);
    await doctor.agent.get(`${dietPath(patient.id)}/revisions`).expect(200);
    await doctor.agent.get(`${dietPath(patient.id)}/shopping-list`).expect(200);
    await post(doctor, `${dietPath(patient.id)}/from`, { revision: 0 }).expect(200);
    expect(await reads()).toBe(before + 4);
  });
});
