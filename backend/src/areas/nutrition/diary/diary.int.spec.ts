import { accessStreamName, diaryStreamName, slotId } from '@studio/contracts';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { startPayingTestApp, TEST_TAXCODE, productsForFirstBookings } from '../../../testing/payments';
import { ManualClock, client, type Client, type TestApp } from '../../../testing/test-app';
import type { PaypalStandIn } from '../../payments/paypal/paypal-stand-in';

// demo seed: today = Monday 2030-03-04 (Europe/Rome); medico1 open 09:00–13:00 on weekdays
const clock = new ManualClock(new Date('2030-03-06T18:00:00.000Z'));
const LUNCH = { date: '2030-03-04', meal: 'pranzo', time: '13:15', text: 'Pasta al pomodoro e insalata', hunger: 4, satiety: 3, note: 'Di fretta' };

describe('food diary over HTTP: the patient writes, the treating doctor reads and comments, every refusal', () => {
  let app: TestApp;
  let pp: PaypalStandIn;
  let close: () => Promise<void>;
  let medico1: string;
  let medico2: string;
  let doctor: Client;
  let otherDoctor: Client;
  let admin: Client;
  let auditor: Client;
  let treated: TestPatient;
  let other: TestPatient;
  let foodId: string;

  async function pay(patient: TestPatient, doctorId: string, start: string): Promise<void> {
    const productId = (await productsForFirstBookings(app))[0].id;
    const hold = await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start) })
      .expect(201);
    const created = await patient.agent
      .post('/api/paypal/orders')
      .set('X-CSRF-Token', patient.csrf)
      .send({ booking_id: hold.body.id, product: productId })
      .expect(201);
    pp.approve(created.body.id);
    await patient.agent
      .post('/prenotazioni/conferma')
      .type('form')
      .send({ _token: patient.csrf, transaction: created.body.id, status: 'COMPLETED', product: productId, taxcode: TEST_TAXCODE, billing: 'Via Roma 1, Roma' })
      .expect(200);
  }

  beforeAll(async () => {
    clock.set(new Date('2030-03-04T06:00:00.000Z'));
    ({ app, pp, close } = await startPayingTestApp(clock));
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
    [doctor, otherDoctor, admin, auditor] = await Promise.all(
      ['medico1@example.it', 'medico2@example.it', 'admin@example.it', 'auditor@example.it'].map((e) => client(app, e)),
    );
    [treated, other] = await registerPatients(app, 2, 'diario');
    await pay(treated, medico1, '2030-03-05T09:00:00Z');
    clock.set(new Date('2030-03-06T18:00:00.000Z'));
    foodId = (await treated.agent.get('/api/me/diary/foods?q=pane').expect(200)).body.items[0].id;
  });
  afterAll(() => close());

  const send = (c: Client, method: 'post' | 'put' | 'delete', path: string, body?: unknown) => {
    const req = c.agent[method](path).set('X-CSRF-Token', c.csrf);
    return body === undefined ? req : req.send(body as object);
  };
  const readsOf = async (patientId: string) =>
    (await app.core.eventStore.readStream(accessStreamName(patientId))).filter((e) => e.type === 'PersonalDataAccessed');
  const week = 'from=2030-03-04&to=2030-03-10';

  it('the patient logs meals (text, catalogue foods, time, hunger, satiety, note) and reads them back by day and meal', async () => {
    const lunch = await send(treated, 'post', '/api/me/diary', LUNCH).expect(201);
    expect(lunch.body).toEqual({ id: expect.any(String) });
    await send(treated, 'post', '/api/me/diary', { date: '2030-03-04', meal: 'colazione', items: [{ foodId, grams: 50 }] }).expect(201);
    await send(treated, 'post', '/api/me/diary', { date: '2030-03-05', meal: 'cena', text: 'Minestrone' }).expect(201);
    const diary = (await treated.agent.get(`/api/me/diary?${week}`).expect(200)).body;
    expect(diary.entries.map((e: { date: string; meal: string }) => `${e.date} ${e.meal}`)).toEqual([
      '2030-03-04 colazione',
      '2030-03-04 pranzo',
      '2030-03-05 cena',
    ]);
    expect(diary.entries[0]).toMatchObject({ items: [{ foodId, grams: 50 }], itemNames: { [foodId]: expect.any(String) }, photoUrl: null, comments: [] });
    expect(diary.entries[1]).toMatchObject({ ...LUNCH, id: lunch.body.id });
    // Monday to Wednesday (today) at five meals a day: 3 of 15
    expect(diary.adherence).toEqual([{ weekStart: '2030-03-04', mealsLogged: 3, mealsExpected: 15, percent: 20, daysWithPlan: 0 }]);
  });

  it("seals what was eaten with the patient's key: the log holds the day and the meal, never the text", async () => {
    const events = await app.core.eventStore.readStream(diaryStreamName(treated.id));
    const logged = events.find((e) => e.type === 'DiaryEntryLogged')!;
    expect(logged.data).toMatchObject({ date: '2030-03-04', meal: 'pranzo', content: { keyId: treated.id } });
    expect(JSON.stringify(events)).not.toContain('pomodoro');
  });

  it('refuses bad input in Italian and writes nothing', async () => {
    const count = async () => (await app.core.eventStore.readStream(diaryStreamName(treated.id))).length;
    const before = await count();
    const bad = async (body: object, message: RegExp) =>
      expect((await send(treated, 'post', '/api/me/diary', body).expect(400)).body.error.message).toMatch(message);
    await bad({ date: '2030-03-04', meal: 'brunch', text: 'x' }, /Pasto mancante o non valido/);
    await bad({ date: '2030-03-04', meal: 'cena' }, /Scrivi che cosa hai mangiato/);
    await bad({ date: '2030-02-30', meal: 'cena', text: 'x' }, /data non valida/);
    await bad({ date: '2030-03-04', meal: 'cena', text: 'x', time: '25:00' }, /Ora non valida/);
    await bad({ date: '2030-03-04', meal: 'cena', text: 'x', hunger: 9 }, /Fame: da 1 a 5/);
    await bad({ date: '2030-03-04', meal: 'cena', items: [{ foodId: 'pane', grams: 10 }] }, /identificativo non valido/);
    const future = await send(treated, 'post', '/api/me/diary', { date: '2030-03-07', meal: 'cena', text: 'x' }).expect(400);
    expect(future.body.error.message).toBe('La data del pasto è nel futuro.');
    const unknown = await send(treated, 'post', '/api/me/diary', {
      date: '2030-03-04',
      meal: 'cena',
      items: [{ foodId: 'ciqual-99999999', grams: 10 }],
    }).expect(400);
    expect(unknown.body.error.message).toBe('Alimento sconosciuto nel catalogo: ciqual-99999999.');
    expect((await treated.agent.get('/api/me/diary/foods?q=p').expect(400)).body.error.message).toMatch(/almeno 2 lettere/);
    const range = await treated.agent.get('/api/me/diary?from=2030-03-10&to=2030-03-04').expect(400);
    expect(range.body.error.message).toMatch(/La data iniziale viene dopo quella finale/);
    expect(await count()).toBe(before);
  });

  it('the patient edits and deletes their own entries; another patient cannot touch them', async () => {
    const { id } = (await send(treated, 'post', '/api/me/diary', { date: '2030-03-06', meal: 'merenda', text: 'Mela' }).expect(201)).body;
    const edited = await send(treated, 'put', `/api/me/diary/${id}`, { date: '2030-03-06', meal: 'merenda', text: 'Yogurt', satiety: 2 }).expect(200);
    expect(edited.body).toMatchObject({ id, text: 'Yogurt', satiety: 2 });
    // another patient's /me is their own diary: the entry is not found there
    const theirs = await send(other, 'put', `/api/me/diary/${id}`, { date: '2030-03-06', meal: 'merenda', text: 'Furto' }).expect(404);
    expect(theirs.body.error.message).toBe('Pasto del diario non trovato.');
    await send(other, 'delete', `/api/me/diary/${id}`).expect(404);
    await send(treated, 'delete', `/api/me/diary/${id}`).expect(204);
    const after = (await treated.agent.get('/api/me/diary?from=2030-03-06&to=2030-03-06').expect(200)).body;
    expect(after.entries).toEqual([]);
    await send(treated, 'put', `/api/me/diary/${id}`, { date: '2030-03-06', meal: 'merenda', text: 'x' }).expect(404);
  });

  it('the treating doctor reads the diary (in the access log) and comments; the patient sees the comment', async () => {
    const before = (await readsOf(treated.id)).length;
    const diary = (await doctor.agent.get(`/api/patients/${treated.id}/diary?${week}`).expect(200)).body;
    expect(diary.entries).toHaveLength(3);
    const reads = await readsOf(treated.id);
    expect(reads).toHaveLength(before + 1);
    expect(reads.at(-1)!.data).toMatchObject({ viewerId: medico1, what: 'diary', detail: 'diario dal 2030-03-04 al 2030-03-10' });

    const lunch = diary.entries.find((e: { meal: string }) => e.meal === 'pranzo');
    const comment = await send(doctor, 'post', `/api/patients/${treated.id}/diary/${lunch.id}/comments`, { text: 'Bene la verdura, meno pasta.' }).expect(201);
    const commented = (await app.core.eventStore.readStream(diaryStreamName(treated.id))).find((e) => e.type === 'DiaryEntryCommented')!;
    // what a push needs is in clear; the text is sealed
    expect(commented.data).toMatchObject({ patientId: treated.id, entryId: lunch.id, commentId: comment.body.id, doctorId: medico1, at: expect.any(String) });
    expect(JSON.stringify(commented.data)).not.toContain('verdura');

    const mine = (await treated.agent.get(`/api/me/diary?${week}`).expect(200)).body;
    expect(mine.entries.find((e: { id: string }) => e.id === lunch.id).comments).toEqual([
      { id: comment.body.id, doctorId: medico1, doctorName: 'Giulia Rossi', text: 'Bene la verdura, meno pasta.', at: expect.any(String) },
    ]);
    // the patient's own reads are not in their access log
    expect(await readsOf(treated.id)).toHaveLength(before + 1);
    const empty = await send(doctor, 'post', `/api/patients/${treated.id}/diary/${lunch.id}/comments`, { text: '  ' }).expect(400);
    expect(empty.body.error.message).toMatch(/Commento: scrivi un testo/);
    await send(doctor, 'post', `/api/patients/${treated.id}/diary/nessuno/comments`, { text: 'x' }).expect(404);
  });

  it('refuses the diary to another patient, another doctor, the segreteria and the auditor, in Italian', async () => {
    const path = `/api/patients/${treated.id}/diary?${week}`;
    const refused = async (c: Client, message: string) => expect((await c.agent.get(path).expect(403)).body.error.message).toBe(message);
    await refused(other, 'Puoi consultare solo il tuo diario alimentare.');
    await refused(
      otherDoctor,
      'Puoi leggere e commentare solo il diario dei pazienti che segui (una visita prenotata e pagata con te, o una condivisione concessa dal paziente).',
    );
    await refused(admin, 'Il diario alimentare è un dato sanitario: la segreteria non lo vede.');
    await refused(auditor, 'Il diario alimentare è riservato al paziente e ai medici che lo seguono.');
    const lunch = (await treated.agent.get(`/api/me/diary?${week}`).expect(200)).body.entries[1];
    for (const c of [other, otherDoctor, admin, auditor])
      await send(c, 'post', `/api/patients/${treated.id}/diary/${lunch.id}/comments`, { text: 'Intruso' }).expect(403);
    // only a patient writes a diary
    for (const c of [doctor, admin, auditor]) await send(c, 'post', '/api/me/diary', LUNCH).expect(403);
    await doctor.agent.get(`/api/patients/${other.id}/diary?${week}`).expect(403);
    await doctor.agent.get(`/api/patients/nessuno/diary?${week}`).expect(404);
  });

  it('a care the patient shares lets another doctor read and comment, until revoked', async () => {
    await send(treated, 'post', '/api/me/care-shares', { doctorId: medico2 }).expect(200);
    const shared = (await otherDoctor.agent.get(`/api/patients/${treated.id}/diary?${week}`).expect(200)).body;
    expect(shared.entries).toHaveLength(3);
    await send(otherDoctor, 'post', `/api/patients/${treated.id}/diary/${shared.entries[0].id}/comments`, { text: 'Colazione completa.' }).expect(201);
    await send(treated, 'delete', `/api/me/care-shares/${medico2}`).expect(200);
    await otherDoctor.agent.get(`/api/patients/${treated.id}/diary?${week}`).expect(403);
  });

  it('erasing the patient erases the diary (crypto-shredding): reads answer that the data is gone', async () => {
    const [gone] = await registerPatients(app, 1, 'diario-cancellato');
    await send(gone, 'post', '/api/me/diary', LUNCH).expect(201);
    await send(gone, 'post', '/api/me/care-shares', { doctorId: medico1 }).expect(200);
    await doctor.agent.get(`/api/patients/${gone.id}/diary?${week}`).expect(200);
    await app.core.personalData.destroyKey(gone.id);
    const res = await doctor.agent.get(`/api/patients/${gone.id}/diary?${week}`).expect(404);
    expect(res.body.error.message).toBe('I dati di questo paziente sono stati cancellati.');
  });

  it('counts the adherence against the plan from the day one is in force: its meals of that weekday, not the five', async () => {
    // a one-day plan (Monday, followed by every other weekday) with lunch and dinner only, saved today (Wednesday)
    const plan = {
      days: [{ weekday: 'lunedi', meals: { pranzo: [{ id: 'a', item: foodId, grams: 80 }], cena: [{ id: 'b', item: foodId, grams: 60 }] } }],
      revision: null,
    };
    await send(doctor, 'put', `/api/patients/${treated.id}/diet`, plan).expect(200);
    await send(treated, 'post', '/api/me/diary', { date: '2030-03-06', meal: 'pranzo', text: 'Come da piano' }).expect(201);
    await send(treated, 'post', '/api/me/diary', { date: '2030-03-06', meal: 'merenda', text: 'Fuori piano' }).expect(201);
    const diary = (await doctor.agent.get(`/api/patients/${treated.id}/diary?${week}`).expect(200)).body;
    // Monday and Tuesday without a plan: 5 + 5 expected, 2 + 1 logged; Wednesday: the plan's lunch and dinner, lunch logged
    expect(diary.adherence).toEqual([{ weekStart: '2030-03-04', mealsLogged: 4, mealsExpected: 12, percent: 33, daysWithPlan: 1 }]);
  });
});
