import { slotId } from '@studio/contracts';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { TEST_TAXCODE, confirmOrder, startPayingTestApp } from '../../../testing/payments';
import { ManualClock, client, type TestApp } from '../../../testing/test-app';

// today = Monday 2030-03-04 06:00Z; the seed opens medico1 09:00–13:00 and medico2 14:00–18:00 on weekdays; the catalogue's
// cheapest product is "Visita di controllo", 50,00 €, for returning patients; a first-time patient's is the first visit, 80,00 €
describe('a booking is priced by what belongs to it: no visit for one cent', () => {
  const clock = new ManualClock(new Date('2030-03-04T06:00:00Z'));
  let paying: Awaited<ReturnType<typeof startPayingTestApp>>;
  let app: TestApp;
  let medico1: string;
  let medico2: string;
  let saluto: { id: string; productId: string };
  let visita: { id: string; productId: string };
  beforeAll(async () => {
    paying = await startPayingTestApp(clock);
    app = paying.app;
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
    const doctor = await client(app, 'medico1@example.it');
    const create = (body: object) => doctor.agent.post(`/api/doctors/${medico1}/visit-types`).set('X-CSRF-Token', doctor.csrf).send(body).expect(201);
    saluto = (await create({ name: 'Saluto', minutes: 30, priceCents: 1, mode: 'online' })).body;
    visita = (await create({ name: 'Visita', minutes: 30, priceCents: 6000, mode: 'studio' })).body;
  });
  afterAll(() => paying.close());

  const hold = (p: TestPatient, doctorId: string, start: string, type?: string) =>
    p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start), ...(type ? { visit_type: type } : {}) });
  const appendedTypes = async (after: number) => (await app.core.eventStore.readAll({ after })).map((e) => e.type);
  const bookingEvents = async (bookingId: string) => (await app.core.eventStore.readStream(`booking-${bookingId}`)).map((e) => e.type);

  it('a hold without a visit type at a doctor with visit types is refused in Italian, nothing held', async () => {
    const [patient] = await registerPatients(app, 1, 'senzatipo');
    const before = await app.core.eventStore.headPosition();
    const refused = await hold(patient, medico1, '2030-03-05T09:00:00Z').expect(400);
    expect(refused.body.error).toMatchObject({ code: 'tipo_visita_mancante', message: expect.stringMatching(/^Scegli il tipo di visita/) });
    const appended = await appendedTypes(before);
    expect(appended).not.toContain('SlotHeld');
    expect(appended).not.toContain('BookingHeld');
    // with its type it is held
    await hold(patient, medico1, '2030-03-05T09:00:00Z', visita.id).expect(201);
  });

  it('another doctor’s one-cent visit type product does not pay an untyped booking; the catalogue’s does', async () => {
    const [patient] = await registerPatients(app, 1, 'uncent');
    const bookingId = (await hold(patient, medico2, '2030-03-05T14:00:00Z').expect(201)).body.id as string;
    const before = await app.core.eventStore.headPosition();
    const quote = await patient.agent.get('/api/paypal/quote').query({ booking_id: bookingId, product: saluto.productId });
    const order = await patient.agent.post('/api/paypal/orders').set('X-CSRF-Token', patient.csrf).send({ booking_id: bookingId, product: saluto.productId });
    for (const refused of [quote, order]) {
      expect([refused.status, refused.body.error?.code]).toEqual([422, 'prodotto_di_altro_tipo_di_visita']);
      expect(refused.body.error.message).toMatch(/prezzo di un tipo di visita/);
    }
    expect(await appendedTypes(before)).not.toContain('OrderCreated');
    expect(await bookingEvents(bookingId)).toEqual(['BookingHeld']);

    // a product of the practice's catalogue pays it, end to end
    const products = (await patient.agent.get('/api/products').expect(200)).body as { id: string; name: string; followUpOnly: boolean }[];
    const first = products.find((p) => p.name === 'Prima visita nutrizionale')!;
    const orderId = (
      await patient.agent.post('/api/paypal/orders').set('X-CSRF-Token', patient.csrf).send({ booking_id: bookingId, product: first.id }).expect(201)
    ).body.id as string;
    paying.pp.approve(orderId);
    await confirmOrder(patient, orderId, first.id).expect(200);
    expect(await bookingEvents(bookingId)).toEqual(['BookingHeld', 'BookingConfirmed']);
  });

  it('a check-up is paid only after a first visit with the same doctor: refused in Italian before, accepted after', async () => {
    const [patient] = await registerPatients(app, 1, 'controllo');
    const products = (await patient.agent.get('/api/products').expect(200)).body as { id: string; name: string; followUpOnly: boolean }[];
    const [first, control] = ['Prima visita nutrizionale', 'Visita di controllo'].map((name) => products.find((p) => p.name === name)!);
    expect([first.followUpOnly, control.followUpOnly]).toEqual([false, true]);
    const order = (bookingId: string, product: string) =>
      patient.agent.post('/api/paypal/orders').set('X-CSRF-Token', patient.csrf).send({ booking_id: bookingId, product });
    const firstBooking = (await hold(patient, medico2, '2030-03-05T16:00:00Z').expect(201)).body.id as string;
    const before = await app.core.eventStore.headPosition();
    for (const refused of [
      await patient.agent.get('/api/paypal/quote').query({ booking_id: firstBooking, product: control.id }),
      await order(firstBooking, control.id),
    ]) {
      expect([refused.status, refused.body.error?.code]).toEqual([422, 'solo_visita_di_controllo']);
      expect(refused.body.error.message).toBe(
        'La visita di controllo è per chi ha già fatto una visita con questo medico: per la prima volta scegli la prima visita.',
      );
    }
    expect(await appendedTypes(before)).not.toContain('OrderCreated');
    const paid = (await order(firstBooking, first.id).expect(201)).body.id as string;
    paying.pp.approve(paid);
    await confirmOrder(patient, paid, first.id).expect(200);
    // the next week's booking follows the paid first visit: a check-up now
    const next = (await hold(patient, medico2, '2030-03-12T16:00:00Z').expect(201)).body.id as string;
    await order(next, control.id).expect(201);
  });

  it('a typed booking takes only its type’s product, even the same doctor’s cheaper one', async () => {
    const [patient] = await registerPatients(app, 1, 'tipato');
    const bookingId = (await hold(patient, medico1, '2030-03-05T10:00:00Z', visita.id).expect(201)).body.id as string;
    const order = await patient.agent.post('/api/paypal/orders').set('X-CSRF-Token', patient.csrf).send({ booking_id: bookingId, product: saluto.productId });
    expect([order.status, order.body.error?.code]).toEqual([422, 'prodotto_del_tipo_di_visita']);
  });

  it('the desk takes less than the visit’s price only with the doctor’s discount and its reason', async () => {
    const [a, b, c] = await registerPatients(app, 3, 'sportello');
    const doctor2 = await client(app, 'medico2@example.it');
    const doctor1 = await client(app, 'medico1@example.it');
    const admin = await client(app, 'admin@example.it');
    const pay = (who: typeof admin, bookingId: string, body: object) =>
      who.agent
        .post(`/api/bookings/${bookingId}/desk-payment`)
        .set('X-CSRF-Token', who.csrf)
        .send({ method: 'cash', taxcode: TEST_TAXCODE, ...body });

    // untyped at medico2, a first-time patient: the floor is the cheapest catalogue product they may buy, the first visit
    // (80,00 €), never the one-cent visit type product nor the 50,00 € check-up; the agenda starts the desk's amount from it
    const untyped = (await hold(a, medico2, '2030-03-05T15:00:00Z').expect(201)).body.id as string;
    const agendaPrice = async (bookingId: string, day: string) =>
      ((await admin.agent.get(`/api/doctors/${medico2}/agenda?from=${day}&to=${day}`).expect(200)).body as { id: string; priceCents?: number }[]).find(
        (item) => item.id === bookingId,
      )?.priceCents;
    expect(await agendaPrice(untyped, '2030-03-05')).toBe(8000);
    const oneCent = await pay(doctor2, untyped, { amountCents: 1 }).expect(400);
    expect(oneCent.body.error).toMatchObject({ code: 'importo_inferiore_al_prezzo', message: expect.stringContaining('80,00 €') });
    expect((await pay(doctor2, untyped, { amountCents: 5000 }).expect(400)).body.error.message).toContain('80,00 €');
    expect(await bookingEvents(untyped)).toEqual(['BookingHeld']);
    expect(await app.core.eventStore.readStream(`order-desk-${untyped}`)).toEqual([]);
    // an empty reason is no discount; the front desk may not grant one
    await pay(doctor2, untyped, { amountCents: 1, discount: { reason: ' ' } }).expect(400);
    const byAdmin = await pay(admin, untyped, { amountCents: 1, discount: { reason: 'Sconto' } }).expect(403);
    expect(byAdmin.body.error.code).toBe('sconto_non_ammesso');
    expect(await app.core.eventStore.readStream(`order-desk-${untyped}`)).toEqual([]);
    await pay(admin, untyped, { amountCents: 8000 }).expect(201);
    expect(await bookingEvents(untyped)).toEqual(['BookingHeld', 'BookingConfirmed']);
    // the same patient's next untyped visit follows that one: the check-up's 50,00 € is the floor now
    const returning = (await hold(a, medico2, '2030-03-12T15:00:00Z').expect(201)).body.id as string;
    expect(await agendaPrice(returning, '2030-03-12')).toBe(5000);
    expect((await pay(admin, returning, { amountCents: 4999 }).expect(400)).body.error.message).toContain('50,00 €');
    await pay(admin, returning, { amountCents: 5000 }).expect(201);

    // typed at medico1: the floor is the visit type's price as booked (60,00 €); the doctor's discount, recorded with its reason
    const typed = (await hold(b, medico1, '2030-03-05T11:00:00Z', visita.id).expect(201)).body.id as string;
    expect((await pay(doctor1, typed, { amountCents: 5999 }).expect(400)).body.error.message).toContain('60,00 €');
    await pay(doctor1, typed, { amountCents: 3000, discount: { reason: 'Paziente seguito dal consultorio' } }).expect(201);
    const [recorded] = await app.core.eventStore.readStream(`order-desk-${typed}`);
    expect(recorded.data).toMatchObject({ amountCents: 3000, discount: { reason: 'Paziente seguito dal consultorio' } });
    expect(await bookingEvents(typed)).toEqual(['BookingHeld', 'BookingConfirmed']);

    // the doctor's own one-cent type is their price: paid in full, no discount needed
    const greeting = (await hold(c, medico1, '2030-03-05T11:30:00Z', saluto.id).expect(201)).body.id as string;
    await pay(doctor1, greeting, { amountCents: 1 }).expect(201);
  });
});
