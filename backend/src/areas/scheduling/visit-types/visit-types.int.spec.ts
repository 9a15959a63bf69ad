import { client, startTestApp, type TestApp } from '../../../testing/test-app';

describe('visit types over HTTP', () => {
  let app: TestApp;
  let medico1: string;
  let medico2: string;
  beforeAll(async () => {
    app = await startTestApp();
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
  });
  afterAll(() => app.close());

  const head = () => app.core.eventStore.headPosition();
  const firstVisit = { name: 'Prima visita', minutes: 60, priceCents: 9000, mode: 'studio', firstVisitOnly: true, bufferMinutes: 15 };

  async function post(email: string | undefined, doctorId: string, body: object) {
    const c = await client(app, email);
    return c.agent.post(`/api/doctors/${doctorId}/visit-types`).set('X-CSRF-Token', c.csrf).send(body);
  }

  it('the doctor creates a 60-minute first visit: 201 with its id, defaults for notice and horizon, priced by a new product', async () => {
    const res = await post('medico1@example.it', medico1, firstVisit);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      doctorId: medico1,
      ...firstVisit,
      noticeMinutes: 120,
      horizonDays: 60,
      archived: false,
    });
    await app.core.runner.waitFor(await head());
    const products = await (await client(app)).agent.get('/api/products').expect(200);
    expect(products.body).toContainEqual(expect.objectContaining({ id: res.body.productId, priceCents: 9000, name: 'Prima visita (60 minuti)' }));
    const listed = await (await client(app)).agent.get(`/api/doctors/${medico1}/visit-types`).expect(200);
    expect(listed.body.map((t: { id: string }) => t.id)).toContain(res.body.id);
  });

  it('an administrator creates one for any doctor', async () => {
    const res = await post('admin@example.it', medico2, { name: 'Controllo', minutes: 30, priceCents: 5000, mode: 'online' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ doctorId: medico2, mode: 'online', bufferMinutes: 0, firstVisitOnly: false });
  });

  const refusals: [string, () => ReturnType<typeof post>, number, RegExp][] = [
    ['a length of 45 minutes', () => post('medico1@example.it', medico1, { ...firstVisit, minutes: 45 }), 400, /Durata non valida/],
    ['a buffer over 30 minutes', () => post('medico1@example.it', medico1, { ...firstVisit, bufferMinutes: 45 }), 400, /al massimo di 30 minuti/],
    ['a price in euro with decimals', () => post('medico1@example.it', medico1, { ...firstVisit, priceCents: 90.5 }), 400, /priceCents/],
    ['an unknown mode', () => post('medico1@example.it', medico1, { ...firstVisit, mode: 'domicilio' }), 400, /in studio o online/],
    ['a missing name', () => post('medico1@example.it', medico1, { ...firstVisit, name: ' ' }), 400, /Nome mancante/],
    ["another doctor's visit types", () => post('medico2@example.it', medico1, firstVisit), 403, /solo i tuoi tipi di visita/],
    ['a patient', () => post('paziente1@example.it', medico1, firstVisit), 403, /permessi/],
    ['not logged in', () => post(undefined, medico1, firstVisit), 401, /login/],
    ['an unknown doctor', () => post('admin@example.it', 'nessuno', firstVisit), 404, /Medico non trovato/],
  ];
  it.each(refusals)('refuses %s with an Italian JSON error and appends nothing', async (_name, call, status, message) => {
    const before = await head();
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.body.error.message).toMatch(message);
    expect(await head()).toBe(before);
  });

  it('edits change the visit type and its product; archiving hides it from patients and refuses further edits', async () => {
    const created = (await post('medico1@example.it', medico1, { name: 'Controllo', minutes: 30, priceCents: 5000, mode: 'studio' })).body;
    const doctor = await client(app, 'medico1@example.it');
    const edited = await doctor.agent
      .put(`/api/doctors/${medico1}/visit-types/${created.id}`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ minutes: 90, priceCents: 6000, noticeMinutes: 1440 })
      .expect(200);
    expect(edited.body).toMatchObject({ id: created.id, name: 'Controllo', minutes: 90, priceCents: 6000, noticeMinutes: 1440 });
    await app.core.runner.waitFor(await head());
    const products = await (await client(app)).agent.get('/api/products').expect(200);
    expect(products.body).toContainEqual(expect.objectContaining({ id: created.productId, priceCents: 6000 }));

    const archived = await doctor.agent.post(`/api/doctors/${medico1}/visit-types/${created.id}/archive`).set('X-CSRF-Token', doctor.csrf).expect(200);
    expect(archived.body.archived).toBe(true);
    await app.core.runner.waitFor(await head());
    const publicList = await (await client(app, 'paziente1@example.it')).agent.get(`/api/doctors/${medico1}/visit-types?all=1`).expect(200);
    expect(publicList.body.map((t: { id: string }) => t.id)).not.toContain(created.id);
    const staffList = await doctor.agent.get(`/api/doctors/${medico1}/visit-types?all=1`).expect(200);
    expect(staffList.body.find((t: { id: string }) => t.id === created.id).archived).toBe(true);
    const productsAfter = await (await client(app)).agent.get('/api/products').expect(200);
    expect(productsAfter.body.map((p: { id: string }) => p.id)).not.toContain(created.productId);

    const before = await head();
    const refused = await doctor.agent.put(`/api/doctors/${medico1}/visit-types/${created.id}`).set('X-CSRF-Token', doctor.csrf).send({ minutes: 30 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/archiviato/);
    const unknown = await doctor.agent
      .put(`/api/doctors/${medico1}/visit-types/00000000-0000-4000-8000-000000000000`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ minutes: 30 });
    expect(unknown.status).toBe(404);
    expect(await head()).toBe(before);
  });
});
