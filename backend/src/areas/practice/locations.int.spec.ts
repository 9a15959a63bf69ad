import { client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../testing/test-app';

const CENTRO = {
  name: 'Sede centro',
  address: 'Via Roma 1, 20100 Milano',
  phone: '+39 02 1234567',
  notes: 'Citofono 3',
  rooms: [{ name: 'Stanza 1' }, { name: 'Stanza 2' }],
};

describe('locations and rooms over HTTP', () => {
  let app: TestApp;
  let admin: Client;
  let doctor: Client;
  let patient: Client;
  let visitor: Client;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' });
    [admin, doctor, patient, visitor] = await Promise.all([
      client(app, 'admin@example.it'),
      client(app, 'medico1@example.it'),
      client(app, 'paziente1@example.it'),
      client(app),
    ]);
  });
  afterAll(() => app?.close());

  const post = (who: Client, body: unknown) => who.agent.post('/api/locations').set('X-CSRF-Token', who.csrf).send(body);

  it('the administrator creates a location with rooms: 201, and everyone reads it', async () => {
    const res = await post(admin, CENTRO).expect(201);
    expect(res.body).toMatchObject({ name: 'Sede centro', address: 'Via Roma 1, 20100 Milano', notes: 'Citofono 3' });
    expect(res.body.rooms.map((r: { name: string }) => r.name)).toEqual(['Stanza 1', 'Stanza 2']);
    expect(res.body.mapUrl).toBe('https://www.openstreetmap.org/search?query=Via%20Roma%201%2C%2020100%20Milano');
    const list = (await visitor.agent.get('/api/locations').expect(200)).body;
    expect(list).toEqual([res.body]);
    expect((await visitor.agent.get(`/api/locations/${res.body.id}`).expect(200)).body).toEqual(res.body);
  });

  it('the administrator edits it: a room renamed keeps its id, a new one is added, one left out goes', async () => {
    const [centro] = (await visitor.agent.get('/api/locations').expect(200)).body;
    const res = await admin.agent
      .put(`/api/locations/${centro.id}`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ ...CENTRO, mapUrl: 'https://maps.example.it/centro', rooms: [{ id: centro.rooms[1].id, name: 'Studio blu' }, { name: 'Stanza 3' }] })
      .expect(200);
    expect(res.body.mapUrl).toBe('https://maps.example.it/centro');
    expect(res.body.rooms[0]).toEqual({ id: centro.rooms[1].id, name: 'Studio blu' });
    expect(res.body.rooms[1].name).toBe('Stanza 3');
    expect(res.body.rooms).toHaveLength(2);
  });

  it('every refusal is in Italian and appends nothing', async () => {
    const before = await lastRequestPosition(app);
    const [centro] = (await visitor.agent.get('/api/locations').expect(200)).body;
    expect((await post(admin, { ...CENTRO, name: 'SEDE CENTRO' }).expect(409)).body.error).toMatchObject({
      code: 'sede_esistente',
      message: expect.stringMatching(/Esiste già una sede/),
    });
    expect((await post(admin, { ...CENTRO, name: 'Sede nord', address: '' }).expect(400)).body.error.message).toMatch(/Indirizzo della sede/);
    expect((await post(admin, { ...CENTRO, name: 'Sede nord', rooms: [{ name: 'A' }, { name: 'a' }] }).expect(400)).body.error.message).toMatch(/stesso nome/);
    expect((await post(admin, { ...CENTRO, name: 'Sede nord', mapUrl: 'javascript:alert(1)' }).expect(400)).body.error.message).toMatch(/Link alla mappa/);
    expect(
      (await post(admin, { ...CENTRO, name: 'Sede nord', rooms: Array.from({ length: 21 }, (_, i) => ({ name: `S${i}` })) }).expect(400)).body.error.message,
    ).toMatch(/20 stanze/);
    await post(doctor, { ...CENTRO, name: 'Sede nord' }).expect(403);
    await post(patient, { ...CENTRO, name: 'Sede nord' }).expect(403);
    await post(visitor, { ...CENTRO, name: 'Sede nord' }).expect(401);
    await admin.agent.put('/api/locations/nessuna').set('X-CSRF-Token', admin.csrf).send(CENTRO).expect(404);
    const foreign = await admin.agent
      .put(`/api/locations/${centro.id}`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ ...CENTRO, rooms: [{ id: 'non-sua', name: 'X' }] })
      .expect(400);
    expect(foreign.body.error.code).toBe('stanza_non_trovata');
    await doctor.agent.put(`/api/locations/${centro.id}`).set('X-CSRF-Token', doctor.csrf).send(CENTRO).expect(403);
    await visitor.agent.get('/api/locations/nessuna').expect(404);
    expect(await lastRequestPosition(app)).toBe(before);
  });
});
