import { CATEGORY_OFFSET, dietStreamName, type DietView, type FoodView } from '@studio/contracts';
import request from 'supertest';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { FRONT_DESK_NO_PLANS, NOT_YOUR_PATIENT } from './diet.service';

// demo seed on 2030-03-04 (Monday): medico1 open 09:00–13:00 on weekdays; demo foods and categories.
const NOW = '2030-03-04T06:00:00.000Z';

describe('diet editor and food catalogue over HTTP', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let doctor: Client;
  let otherDoctor: Client;
  let admin: Client;
  let patient: TestPatient;
  let stranger: TestPatient;
  let foods: FoodView[];
  const food = (name: string) => foods.find((f) => f.name === name)!;
  let verdure: number;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    doctor = await client(app, 'medico1@example.it');
    otherDoctor = await client(app, 'medico2@example.it');
    admin = await client(app, 'admin@example.it');
    [patient, stranger] = await registerPatients(app, 2, 'dieta');
    // the patient holds a slot with medico1: medico1 may now keep their diet
    const free = (
      await request(app.app.getHttpServer()).get('/disponibilita/query').query({ for: app.ids['medico1@example.it'], date: '2030-03-05' }).expect(200)
    ).body;
    await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: app.ids['medico1@example.it'], availability_id: free[0].id })
      .expect(201);
    foods = (await doctor.agent.get('/api/studio-foods').expect(200)).body;
    verdure = (await doctor.agent.get('/api/food-categories').expect(200)).body.find((c: { name: string }) => c.name === 'Verdure').id;
  });
  afterAll(() => app.close());

  const head = () => app.core.eventStore.headPosition();
  const post = (c: Client, path: string, body: object) => c.agent.post(path).set('X-CSRF-Token', c.csrf).send(body);
  const put = (c: Client, path: string, body: object) => c.agent.put(path).set('X-CSRF-Token', c.csrf).send(body);
  const dietPath = (patientId: string) => `/api/patients/${patientId}/diet`;

  const aDay = () => ({
    meals: {
      colazione: [{ id: 'c1', item: food('Latte parzialmente scremato').id, grams: 210, alternatives: [{ item: food('Yogurt magro').id, grams: 130 }] }],
      pranzo: [
        { id: 'p1', item: food('Pasta di semola').id, grams: 90 },
        { id: 'p2', item: CATEGORY_OFFSET + verdure, grams: 250 },
        { id: 'p3', item: food('Olio extravergine di oliva').id, grams: 12 },
      ],
      cena: [{ id: 'n1', item: food('Merluzzo').id, grams: 150 }],
    },
    portions: { pranzo: [{ categoryId: verdure, times: 7 }], cena: [{ categoryId: verdure, times: 7 }] },
  });

  describe('food catalogue', () => {
    it('seeds about a hundred Italian foods in their categories, for doctors and the admin only', async () => {
      expect(foods.length).toBeGreaterThanOrEqual(100);
      expect(food('Pasta di semola')).toEqual({
        id: expect.any(Number),
        name: 'Pasta di semola',
        categoryId: expect.any(Number),
        categoryName: 'Cereali e tuberi',
        kcal100: 353,
        baseWeight: 80,
        protein: 13,
        carbohydrate: 74,
        fat: 1.2,
      });
      await patient.agent.get('/api/studio-foods').expect(403);
      await request(app.app.getHttpServer()).get('/api/studio-foods').expect(401);
    });

    it('creates and updates a food and a category with small integer ids', async () => {
      const category = await post(doctor, '/api/food-categories', { name: 'Bevande', kcal100: 40, baseWeight: 200 }).expect(201);
      expect(category.body).toEqual({ id: expect.any(Number), name: 'Bevande', kcal100: 40, baseWeight: 200 });
      expect(category.body.id).toBeLessThan(CATEGORY_OFFSET);
      const created = await post(admin, '/api/foods', {
        name: "Spremuta d'arancia",
        categoryId: category.body.id,
        kcal100: 33,
        baseWeight: 200,
        protein: 0.5,
        carbohydrate: 8,
        fat: 0,
      }).expect(201);
      expect(created.body).toMatchObject({ name: "Spremuta d'arancia", categoryName: 'Bevande', kcal100: 33 });
      const updated = await put(doctor, `/api/foods/${created.body.id}`, { ...created.body, kcal100: 35 }).expect(200);
      expect(updated.body.kcal100).toBe(35);
      const events = await app.core.eventStore.readStream(`food-${created.body.id}`);
      expect(events.map((e) => e.type)).toEqual(['FoodCreated', 'FoodUpdated']);
      // the allergens the practice declares travel with the food into the catalogue (and the plans that keep it)
      await put(doctor, `/api/foods/${created.body.id}`, { ...updated.body, allergens: ['solfiti'] }).expect(200);
      const [asCatalogue] = (await doctor.agent.get(`/api/foods?source=studio&code=${created.body.id}`).expect(200)).body.items;
      expect(asCatalogue.allergens).toEqual(['solfiti']);
      const unknown = await put(doctor, `/api/foods/${created.body.id}`, { ...updated.body, allergens: ['kiwi'] }).expect(400);
      expect(unknown.body.error.message).toMatch(/Allergene sconosciuto/);
    });

    it('refuses bad foods in Italian and appends nothing', async () => {
      const before = await head();
      const ok = { name: 'X', categoryId: verdure, kcal100: 10, baseWeight: 100, protein: 1, carbohydrate: 1, fat: 1 };
      for (const [body, status, message] of [
        [{ ...ok, kcal100: -1 }, 400, 'Le kcal per 100 g non possono essere negative.'],
        [{ ...ok, baseWeight: 2.5 }, 400, 'Il peso base deve essere un numero intero di grammi.'],
        [{ ...ok, protein: 60, carbohydrate: 50 }, 400, 'Proteine, carboidrati e grassi insieme non possono superare 100 g su 100 g.'],
        [{ ...ok, categoryId: 999 }, 400, 'Categoria sconosciuta: 999.'],
      ] as const) {
        const res = await post(doctor, '/api/foods', body).expect(status);
        expect(res.body.error.message).toBe(message);
      }
      expect((await put(doctor, '/api/foods/99999', ok).expect(404)).body.error.message).toBe('Alimento non trovato.');
      await put(doctor, '/api/foods/100001', ok).expect(400);
      expect(await head()).toBe(before);
    });

    it('imports a CSV all or nothing: one bad row refuses the whole file, listing the bad rows', async () => {
      const before = await head();
      const bad = [
        'nome;categoria;kcal_100g;peso_base_g;proteine_g;carboidrati_g;grassi_g',
        'Cicoria;Verdure;10;200;1,4;0,7;0,2',
        'Boh;Inesistente;10;200;1;1;1',
        'Lenticchie rosse;Legumi;-3;50;24;50;1',
      ].join('\n');
      const refused = await post(doctor, '/api/foods/import', { csv: bad }).expect(400);
      expect(refused.body.error).toEqual({
        code: 'csv_non_valido',
        message:
          'Nessun alimento importato: 2 righe non valide (riga 3: categoria sconosciuta "Inesistente"; riga 4: Le kcal per 100 g non possono essere negative).',
      });
      expect((await post(doctor, '/api/foods/import', { csv: 'a,b\n1,2' }).expect(400)).body.error.message).toMatch(/Intestazione del CSV non valida/);
      expect(await head()).toBe(before);

      const good = [
        'nome,categoria,kcal_100g,peso_base_g,proteine_g,carboidrati_g,grassi_g',
        'Cicoria,Verdure,10,200,1.4,0.7,0.2',
        'Mela,Frutta,54,150,0.2,13.7,0.1',
      ].join('\n');
      expect((await post(doctor, '/api/foods/import', { csv: good }).expect(201)).body).toEqual({ created: 1, updated: 1 });
      const after: FoodView[] = (await doctor.agent.get('/api/studio-foods').expect(200)).body;
      expect(after.find((f) => f.name === 'Cicoria')).toMatchObject({ categoryName: 'Verdure', kcal100: 10, baseWeight: 200 });
      expect(after.find((f) => f.name === 'Mela')!.kcal100).toBe(54);
    });
  });

  describe('calculations', () => {
    it('answers the categories endpoint with {id, kcal, base_weight}', async () => {
      const res = await post(doctor, '/api/diet-tools/categories', { ids: [verdure] }).expect(200);
      expect(res.body).toEqual([{ id: verdure, kcal: 22, base_weight: 200 }]);
    });

    it('computes the current summary and a meal summary of an unsaved form, with exact figures', async () => {
      const before = await head();
      const summary = await post(doctor, '/api/diet-tools/calculate', aDay()).expect(200);
      // latte 200 g: 92; pasta 80 g: 282; verdure 200 g: 44; olio 10 g: 90; merluzzo 150 g: 106.5 → 107
      // the category row "Verdure" carries its 22 foods' average per 100 g (the 21 demo ones and Cicoria, imported
      // above: 1,9 g protein, 2,8 carbohydrate, 0,2 fat): 3,8 + 5,6 + 0,4 g that a category row used to leave out
      expect(summary.body).toEqual({
        kcal: 615,
        protein: 46.7,
        carbohydrate: 74.8,
        fat: 14.9,
        // energy from macros: 186.8 + 299.2 + 134.1 = 620.1 kcal
        split: { protein: 30, carbohydrate: 48, fat: 22 },
        meals: [
          { meal: 'colazione', kcal: 92 },
          { meal: 'spuntino', kcal: 0 },
          { meal: 'pranzo', kcal: 416 },
          { meal: 'merenda', kcal: 0 },
          { meal: 'cena', kcal: 107 },
        ],
        portionsTotal: 14,
      });
      const meal = await post(doctor, '/api/diet-tools/calculate/pranzo', aDay()).expect(200);
      expect(meal.body.rows.map((r: { name: string; grams: number; kcal: number }) => [r.name, r.grams, r.kcal])).toEqual([
        ['Pasta di semola', 80, 282],
        ['Verdure', 200, 44],
        ['Olio extravergine di oliva', 10, 90],
      ]);
      expect(meal.body.rows[1]).toMatchObject({ protein: 3.8, carbohydrate: 5.6, fat: 0.4 });
      expect(await head()).toBe(before);
    });

    it('refuses negative or absurd grams, unknown foods or categories and non-integer portions', async () => {
      const cases: [object, string][] = [
        [{ meals: { pranzo: [{ id: 'a', item: food('Mela').id, grams: -10 }] } }, 'I grammi non possono essere negativi.'],
        [{ meals: { pranzo: [{ id: 'a', item: food('Mela').id, grams: 50000 }] } }, 'Quantità non plausibile: al massimo 2000 g per riga.'],
        [{ meals: { pranzo: [{ id: 'a', item: 99998, grams: 100 }] } }, 'Alimento sconosciuto: 99998.'],
        [{ meals: { pranzo: [{ id: 'a', item: CATEGORY_OFFSET + 9999, grams: 100 }] } }, 'Categoria sconosciuta: 9999.'],
        [{ portions: { pranzo: [{ categoryId: verdure, times: 2.5 }] } }, 'Le porzioni devono essere numeri interi.'],
      ];
      for (const [body, message] of cases) {
        expect((await post(doctor, '/api/diet-tools/calculate', body).expect(400)).body.error.message).toBe(message);
      }
      await post(doctor, '/api/diet-tools/calculate/brunch', aDay()).expect(400);
      await post(patient, '/api/diet-tools/calculate', aDay()).expect(403);
    });
  });

  describe("a patient's diet", () => {
    it("lets the doctor of a booked patient save it (grams rounded, sealed with the patient's key) and the patient read it", async () => {
      const empty: DietView = (await doctor.agent.get(dietPath(patient.id)).expect(200)).body;
      expect(empty).toMatchObject({ revision: null, savedAt: null, summary: { kcal: 0 } });
      expect((await doctor.agent.get('/api/diets/patients').expect(200)).body).toContainEqual({
        id: patient.id,
        name: 'Paziente Prova 0',
        email: patient.email,
        hasDiet: false,
        birthDate: null,
        nextVisit: null,
      });

      const notes = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bere due litri di acqua', marks: [{ type: 'bold' }] }] }] };
      const saved: DietView = (await put(doctor, dietPath(patient.id), { ...aDay(), notes, revision: null }).expect(200)).body;
      expect(saved.revision).toBe(0);
      expect(saved.content.meals.pranzo.map((r) => r.grams)).toEqual([80, 200, 10]);
      expect(saved.content.meals.colazione[0].alternatives).toEqual([{ item: food('Yogurt magro').id, grams: 125 }]);
      expect(saved.summary.kcal).toBe(615);
      expect(saved.blocks).toEqual([
        {
          category: { id: verdure, name: 'Verdure', kcal100: 22, baseWeight: 200 },
          times: 14,
          foods: expect.arrayContaining([{ id: food('Zucchine').id, name: 'Zucchine', baseWeight: 200, kcal: 22 }]),
        },
      ]);

      // health data: the event holds the content sealed, never the foods in clear
      const [event] = await app.core.eventStore.readStream(dietStreamName(patient.id));
      expect(event.type).toBe('DietSaved');
      expect(event.data).toEqual({
        patientId: patient.id,
        doctorId: app.ids['medico1@example.it'],
        content: { keyId: patient.id, iv: expect.any(String), tag: expect.any(String), data: expect.any(String) },
      });
      expect(JSON.stringify(event.data)).not.toMatch(/acqua|Bere/);

      const mine = (await patient.agent.get('/api/me/diet').expect(200)).body.diet as DietView;
      expect(mine).toMatchObject({ patientId: patient.id, revision: 0, doctorName: 'Giulia Rossi', content: { notes } });
      expect((await stranger.agent.get('/api/me/diet').expect(200)).body).toEqual({ diet: null });
    });

    it("every read of a saved diet, by the doctor or the patient, is in the patient's access log", async () => {
      const logged = async () => {
        await app.core.changes.waitFor(await app.core.eventStore.headPosition());
        return (await patient.agent.get('/api/me/access-log').expect(200)).body as { viewerId: string; viewerRole: string; what: string; count: number }[];
      };
      // reads by one reader, of one kind, in one hour are one entry with their count
      const reads = (entries: { viewerId: string; what: string; count: number }[], viewerId: string) =>
        entries.filter((e) => e.what === 'diet' && e.viewerId === viewerId).reduce((n, e) => n + e.count, 0);
      const before = await logged();
      await doctor.agent.get(dietPath(patient.id)).expect(200);
      const afterDoctor = await logged();
      expect(afterDoctor[0]).toMatchObject({ viewerId: app.ids['medico1@example.it'], viewerRole: 'doctor', what: 'diet' });
      await patient.agent.get('/api/me/diet').expect(200);
      const afterPatient = await logged();
      expect(afterPatient[0]).toMatchObject({ viewerId: patient.id, viewerRole: 'patient', what: 'diet' });
      expect(reads(afterPatient, app.ids['medico1@example.it'])).toBe(reads(before, app.ids['medico1@example.it']) + 1);
      expect(reads(afterPatient, patient.id)).toBe(reads(before, patient.id) + 1);
    });

    it('saves the editable cells of a meal summary and answers the stored summary', async () => {
      const res = await post(doctor, `${dietPath(patient.id)}/meals/pranzo`, { grams: { p1: '170' } }).expect(200);
      expect(res.body.rows[0]).toEqual({
        id: 'p1',
        item: food('Pasta di semola').id,
        name: 'Pasta di semola',
        grams: 160,
        kcal: 565,
        protein: 20.8,
        carbohydrate: 118.4,
        fat: 1.9,
      });
      const diet: DietView = (await doctor.agent.get(dietPath(patient.id)).expect(200)).body;
      expect(diet.revision).toBe(1);
      expect(diet.content.meals.pranzo[0].grams).toBe(160);

      const before = await head();
      expect((await post(doctor, `${dietPath(patient.id)}/meals/pranzo`, { grams: { zz: 10 } }).expect(400)).body.error.message).toBe(
        'Riga sconosciuta nel pasto pranzo: zz.',
      );
      expect((await post(doctor, `${dietPath(patient.id)}/meals/pranzo`, { grams: { p1: -1 } }).expect(400)).body.error.message).toBe(
        'I grammi non possono essere negativi.',
      );
      expect((await post(doctor, `${dietPath(stranger.id)}/meals/pranzo`, { grams: { p1: 80 } }).expect(403)).body.error.message).toBe(NOT_YOUR_PATIENT);
      expect(await head()).toBe(before);
    });

    it('refuses bad diets in Italian with the right status and appends nothing', async () => {
      const before = await head();
      const revision = 1;
      const cases: [Client, string, object, number, string][] = [
        [
          doctor,
          patient.id,
          { ...aDay(), portions: { pranzo: [{ categoryId: verdure, times: 10 }] }, revision },
          400,
          'Le porzioni settimanali devono essere in tutto 14 (pranzi e cene della settimana): ora sono 10.',
        ],
        [
          doctor,
          patient.id,
          { ...aDay(), portions: { pranzo: [{ categoryId: verdure, times: 6.5 }] }, revision },
          400,
          'Le porzioni devono essere numeri interi.',
        ],
        [doctor, patient.id, { meals: { cena: [{ id: 'x', item: 0, grams: 10 }] }, revision }, 400, 'Scegli un alimento o una categoria per ogni riga (cena).'],
        [doctor, patient.id, { meals: { cena: [{ id: 'x', item: 99999, grams: 10 }] }, revision }, 400, 'Alimento sconosciuto: 99999.'],
        [doctor, patient.id, { meals: { cena: [{ id: 'x', item: food('Mela').id, grams: -150 }] }, revision }, 400, 'I grammi non possono essere negativi.'],
        [
          doctor,
          patient.id,
          { meals: { cena: [{ id: 'x', item: food('Mela').id, grams: 9000 }] }, revision },
          400,
          'Quantità non plausibile: al massimo 2000 g per riga.',
        ],
        [
          doctor,
          patient.id,
          {
            ...aDay(),
            notes: {
              type: 'doc',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }],
            },
            revision,
          },
          400,
          'Collegamento non valido: usa un indirizzo web, un’email o un numero di telefono.',
        ],
        [doctor, patient.id, { ...aDay(), revision: 0 }, 409, 'La dieta è stata modificata nel frattempo da un altro utente: ricaricala e riprova.'],
        [otherDoctor, patient.id, { ...aDay(), revision }, 403, NOT_YOUR_PATIENT],
        [doctor, stranger.id, aDay(), 403, NOT_YOUR_PATIENT],
        [doctor, app.ids['medico2@example.it'], aDay(), 404, 'Paziente non trovato.'],
      ];
      for (const [who, patientId, body, status, message] of cases) {
        const res = await put(who, dietPath(patientId), body).expect(status);
        expect(res.body.error.message).toBe(message);
      }
      await otherDoctor.agent.get(dietPath(patient.id)).expect(403);
      await patient.agent.get(dietPath(patient.id)).expect(403);
      await put(patient, dietPath(patient.id), aDay()).expect(403);
      await doctor.agent.put(dietPath(patient.id)).send(aDay()).expect(403); // no CSRF token
      expect(await head()).toBe(before);
    });

    it('refuses the front desk every plan, as the clinical record: health data for the treating doctor', async () => {
      const before = await head();
      const answers = [
        await put(admin, dietPath(stranger.id), { ...aDay(), revision: null }),
        await admin.agent.get(dietPath(patient.id)),
        await admin.agent.get('/api/diets/patients'),
        await admin.agent.get(`/api/patients/${patient.id}/diet.pdf`),
      ];
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(res.body.error).toEqual({ code: 'piano_riservato', message: FRONT_DESK_NO_PLANS });
      }
      expect(await head()).toBe(before);
    });

    it('forgets the diet when the patient is erased (key destroyed)', async () => {
      await put(doctor, dietPath(patient.id), aDay()).expect(200);
      await app.core.personalData.destroyKey(patient.id);
      // erasure ends the patient's own sessions; the doctor still asking for the diet finds it gone
      await patient.agent.get('/api/me/diet').expect(401);
      expect((await doctor.agent.get(dietPath(patient.id)).expect(404)).body.error.code).toBe('dieta_cancellata');
    });
  });
});
