import { WrongExpectedRevisionError, availabilityStreamName, slotId } from '@studio/contracts';
import { SLOT_TAKEN_MESSAGE } from '../availability';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { startPayingTestApp } from '../../../testing/payments';
import { ManualClock, client, type TestApp } from '../../../testing/test-app';

// today = Monday 2030-03-04 06:00Z; the seed opens medico1 09:00–13:00 on weekdays
describe('booking a visit type: every slot of the visit, together', () => {
  let app: TestApp;
  let paying: Awaited<ReturnType<typeof startPayingTestApp>>;
  let medico1: string;
  let patients: TestPatient[];
  let firstVisit: { id: string; productId: string };
  let online: { id: string };
  const clock = new ManualClock(new Date('2030-03-04T06:00:00Z'));
  beforeAll(async () => {
    // PayPal configured (the local stand-in): the payment of a visit type is checked here too
    paying = await startPayingTestApp(clock, { VIDEO_BASE_URL: 'https://video.example.it/' });
    app = paying.app;
    medico1 = app.ids['medico1@example.it'];
    patients = await registerPatients(app, 6, 'visita');
    const doctor = await client(app, 'medico1@example.it');
    const create = (body: object) => doctor.agent.post(`/api/doctors/${medico1}/visit-types`).set('X-CSRF-Token', doctor.csrf).send(body).expect(201);
    firstVisit = (await create({ name: 'Prima visita', minutes: 60, priceCents: 9000, mode: 'studio', firstVisitOnly: true, bufferMinutes: 30 })).body;
    online = (await create({ name: 'Controllo online', minutes: 30, priceCents: 4000, mode: 'online' })).body;
  });
  afterAll(() => paying.close());

  const head = () => app.core.eventStore.headPosition();
  const hold = (p: TestPatient, start: string, type?: string) =>
    p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .send({ doctor_id: medico1, availability_id: slotId(medico1, start), ...(type ? { visit_type: type } : {}) });
  const query = async (date: string, type?: string) =>
    (await (await client(app)).agent.get('/disponibilita/query').query({ for: medico1, date, ...(type ? { type } : {}) })).body as {
      id: string;
      hour: string;
    }[];
  const slotsOf = async (day: string) => {
    await app.core.runner.waitFor(await head());
    const admin = await client(app, 'admin@example.it');
    const res = await admin.agent
      .get('/disponibilita/json')
      .query({ for: medico1, start: `${day}T00:00:00Z`, end: `${day}T23:59:00Z` })
      .expect(200);
    return new Map((res.body as { start: string; status: string; url?: string }[]).map((e) => [e.start.slice(11, 16), e]));
  };

  it('paying for a visit type takes its own product: another product is refused in Italian, nothing appended', async () => {
    const held = await hold(patients[4], '2030-03-07T10:00:00Z', online.id).expect(201);
    const products = (await patients[4].agent.get('/api/products').expect(200)).body as { id: string }[];
    const visitProduct = ((await patients[4].agent.get(`/prenotazioni/${held.body.id}`).expect(200)).body as { visit: { productId: string } }).visit.productId;
    const other = products.find((p) => p.id !== visitProduct)!;
    const before = await head();
    const quote = await patients[4].agent.get('/api/paypal/quote').query({ booking_id: held.body.id, product: other.id });
    const order = await patients[4].agent
      .post('/api/paypal/orders')
      .set('X-CSRF-Token', patients[4].csrf)
      .send({ booking_id: held.body.id, product: other.id });
    for (const refused of [quote, order]) expect([refused.status, refused.body.error?.code]).toEqual([422, 'prodotto_del_tipo_di_visita']);
    expect(await head()).toBe(before);
    // its own product is quoted
    expect((await patients[4].agent.get('/api/paypal/quote').query({ booking_id: held.body.id, product: visitProduct })).status).toBe(200);
    await patients[4].agent.delete(`/prenotazioni/${held.body.id}`).set('X-CSRF-Token', patients[4].csrf).expect(200);
  });

  it('without a type the query answers every free 30-minute slot; with a 60-minute type only the starts where both slots fit', async () => {
    expect((await query('2030-03-05')).map((s) => s.hour)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30']);
    // 12:30 would end at 13:30, past the open hours
    expect((await query('2030-03-05', firstVisit.id)).map((s) => s.hour)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00']);
  });

  it('holds both slots of a 60-minute visit in one append; the booking spans the visit; releasing frees both', async () => {
    const before = await head();
    const res = await hold(patients[0], '2030-03-05T10:00:00Z', firstVisit.id).expect(201);
    const appended = await app.core.eventStore.readAll({ after: before });
    const heldEvents = appended.filter((e) => e.type === 'SlotHeld');
    expect(heldEvents.map((e) => e.data.start)).toEqual(['2030-03-05T10:00:00Z', '2030-03-05T10:30:00Z']);
    // one append: consecutive positions on the day's stream, in one transaction
    expect(new Set(heldEvents.map((e) => e.stream))).toEqual(new Set([availabilityStreamName(medico1, '2030-03-05')]));
    const slots = await slotsOf('2030-03-05');
    expect(slots.get('10:00')).toMatchObject({ status: 'held' });
    expect(slots.get('10:30')).toMatchObject({ status: 'held' });
    const booking = await patients[0].agent.get(`/prenotazioni/${res.body.id}`).expect(200);
    expect(booking.body).toMatchObject({
      start: '2030-03-05T10:00:00Z',
      end: '2030-03-05T11:00:00Z',
      visit: { visitTypeId: firstVisit.id, name: 'Prima visita', minutes: 60, priceCents: 9000, productId: firstVisit.productId, mode: 'studio' },
    });
    expect(booking.body.video).toBeUndefined();
    // the query no longer offers starts that overlap it, nor 09:00, whose own 30-minute pause would reach it,
    // nor 11:00, inside its own 30-minute pause (the previous booking's buffer); with or without a type
    expect((await query('2030-03-05', firstVisit.id)).map((s) => s.hour)).toEqual(['11:30', '12:00']);
    expect((await query('2030-03-05')).map((s) => s.hour)).not.toContain('11:00');
    const inPause = await hold(patients[5], '2030-03-05T11:00:00Z', online.id);
    expect(inPause.status).toBe(409);
    expect(inPause.body.error.message).toMatch(/pausa dopo la visita precedente/);
    const noPause = await hold(patients[5], '2030-03-05T09:00:00Z', firstVisit.id);
    expect(noPause.status).toBe(409);
    expect(noPause.body.error.message).toMatch(/pausa necessaria/);
    await patients[0].agent.delete(`/prenotazioni/${res.body.id}`).set('X-CSRF-Token', patients[0].csrf).expect(200);
    const after = await slotsOf('2030-03-05');
    expect(after.get('10:00')?.status).toBe('available');
    expect(after.get('10:30')?.status).toBe('available');
  });

  it('two patients racing for overlapping visits: exactly one wins, the other is a 409 and appends nothing', async () => {
    const store = app.core.eventStore;
    const read = store.readStream.bind(store);
    const append = store.append.bind(store);
    let stale = 0;
    // both read the day before either appends
    const readSpy = jest.spyOn(store, 'readStream').mockImplementation(async (stream, options) => {
      const events = await read(stream, options);
      if (stream.startsWith('availability-')) await new Promise((r) => setTimeout(r, 20));
      return events;
    });
    const appendSpy = jest.spyOn(store, 'append').mockImplementation(async (stream, events, options) => {
      try {
        return await append(stream, events, options);
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) stale++;
        throw error;
      }
    });
    const results = await Promise.all([
      hold(patients[1], '2030-03-06T09:00:00Z', firstVisit.id),
      hold(patients[2], '2030-03-06T09:30:00Z', firstVisit.id),
    ]).finally(() => (readSpy.mockRestore(), appendSpy.mockRestore()));
    expect(stale).toBe(0);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe(SLOT_TAKEN_MESSAGE);
    const day = await app.core.eventStore.readStream(availabilityStreamName(medico1, '2030-03-06'));
    const held = day.filter((e) => e.type === 'SlotHeld');
    expect(held).toHaveLength(2);
    expect(new Set(held.map((e) => e.data.bookingId))).toEqual(new Set([results.find((r) => r.status === 201)!.body.id]));
  });

  it('refuses a start where the visit does not fit, inside the notice, beyond the horizon, an unknown type: nothing appended', async () => {
    const doctor = await client(app, 'medico1@example.it');
    const shortNotice = (
      await doctor.agent
        .post(`/api/doctors/${medico1}/visit-types`)
        .set('X-CSRF-Token', doctor.csrf)
        .send({ name: 'Urgente', minutes: 30, priceCents: 3000, mode: 'studio', noticeMinutes: 24 * 60, horizonDays: 3 })
        .expect(201)
    ).body;
    const cases: [() => ReturnType<typeof hold>, number, RegExp][] = [
      // 13:00 is not open: the visit does not fit
      [() => hold(patients[3], '2030-03-05T12:30:00Z', firstVisit.id), 409, /non sta in questo orario/],
      // Monday 12:00 in Rome is 5 hours ahead: inside a 24-hour notice
      [() => hold(patients[3], '2030-03-04T12:00:00Z', shortNotice.id), 409, /almeno 24 ore di anticipo/],
      [() => hold(patients[3], '2030-03-08T09:00:00Z', shortNotice.id), 409, /al massimo 3 giorni prima/],
      [() => hold(patients[3], '2030-03-05T09:00:00Z', '00000000-0000-4000-8000-000000000000'), 404, /Tipo di visita non trovato/],
    ];
    for (const [call, status, message] of cases) {
      const before = await head();
      const res = await call();
      expect({ status: res.status, message: res.body.error?.message }).toEqual({ status, message: expect.stringMatching(message) });
      expect(await head()).toBe(before);
    }
    expect((await query('2030-03-04', shortNotice.id)).map((s) => s.hour)).toEqual([]);
    expect((await query('2030-03-05', shortNotice.id)).map((s) => s.hour)).toContain('09:00');
    const unknown = await (await client(app)).agent.get('/disponibilita/query').query({ for: medico1, date: '2030-03-05', type: 'nessuno' });
    expect(unknown.status).toBe(404);
  });

  it('a check-up type is refused in Italian to a patient with no earlier visit with the doctor, nothing appended', async () => {
    const doctor = await client(app, 'medico1@example.it');
    const checkUp = await doctor.agent
      .post(`/api/doctors/${medico1}/visit-types`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ name: 'Visita di controllo', minutes: 30, priceCents: 5000, mode: 'studio', followUpOnly: true })
      .expect(201);
    expect(checkUp.body).toMatchObject({ followUpOnly: true, firstVisitOnly: false });
    const [newcomer] = await registerPatients(app, 1, 'nuovo');
    const before = await head();
    const refused = await hold(newcomer, '2030-03-07T12:00:00Z', checkUp.body.id).expect(409);
    expect(refused.body.error).toEqual({
      code: 'solo_visita_di_controllo',
      message: 'La visita di controllo è per chi ha già fatto una visita con questo medico: per la prima volta scegli la prima visita.',
    });
    expect(await head()).toBe(before);
  });

  it('an online visit carries its room, opening 15 minutes before the start', async () => {
    const res = await hold(patients[4], '2030-03-07T09:00:00Z', online.id).expect(201);
    const booking = await patients[4].agent.get(`/prenotazioni/${res.body.id}`).expect(200);
    // 09:00 in Rome (winter) is 08:00Z: the room opens at 07:45Z
    expect(booking.body.video).toEqual({ url: `https://video.example.it/studio-${res.body.id}`, opensAt: '2030-03-07T07:45:00.000Z' });
    expect(booking.body.end).toBe('2030-03-07T09:30:00Z');
  });
});
