import {
  MY_BOOKINGS_CHANGED,
  MY_BOOKINGS_WATCH,
  type MyBookingsChanged,
  BILLING_REQUIRED_MESSAGE,
  SLOT_COLORS,
  codiceFiscaleCheckChar,
  orderStreamName,
  slotId,
  chargeFor,
} from '@studio/contracts';
import { startPaypalStandIn, type PaypalStandIn } from '../paypal/paypal-stand-in';
import { HoldExpiryService } from '../../scheduling/workflows';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { connect, sessionCookieOf } from '../../../testing/sockets';
import { ManualClock, client, lastRequestPosition, startTestApp, type TestApp } from '../../../testing/test-app';
import { productsForFirstBookings } from '../../../testing/payments';
import { AMOUNT_MISMATCH_MESSAGE, INVALID_TAXCODE_MESSAGE, PAYMENT_NOT_COMPLETED_MESSAGE } from './payment-messages';

// demo seed: today = Monday 2030-03-04; medico1 open 09:00–13:00 on weekdays. Clock at 07:00 in Rome.
const NOW = '2030-03-04T06:00:00.000Z';
const TAXCODE = 'RSSMRA80A01H501' + codiceFiscaleCheckChar('RSSMRA80A01H501');
const WEEK = { start: '2030-03-04T00:00:00Z', end: '2030-03-11T00:00:00Z' };

describe('orders: PayPal order, confirmation, my orders', () => {
  const clock = new ManualClock(new Date(NOW));
  let pp: PaypalStandIn;
  let app: TestApp;
  let medico1: string;
  let products: { id: string; name: string; priceCents: number }[];
  let nextHour = 0;

  beforeAll(async () => {
    pp = await startPaypalStandIn();
    app = await startTestApp(
      { HOLD_SWEEP_SECONDS: '0', PAYPAL_BASE_URL: pp.baseUrl, PAYPAL_CLIENT_ID: pp.clientId, PAYPAL_CLIENT_SECRET: pp.clientSecret },
      undefined,
      clock,
    );
    medico1 = app.ids['medico1@example.it'];
    products = await productsForFirstBookings(app);
  });
  afterEach(() => clock.set(NOW));
  afterAll(async () => {
    await app.close();
    await pp.close();
  });

  /** the newest position a request appended (receipts and the outbox follow their cause asynchronously) */
  const head = () => lastRequestPosition(app);
  const product = (name: string) => products.find((p) => p.name === name)!;
  /** a fresh patient holding a fresh slot of medico1 */
  async function patientWithHold(): Promise<{ patient: TestPatient; bookingId: string; start: string }> {
    const [patient] = await registerPatients(app, 1);
    const n = nextHour++;
    const day = `2030-03-0${5 + Math.floor(n / 8)}`;
    const minutes = 9 * 60 + (n % 8) * 30;
    const start = `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}:00Z`;
    const res = await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: medico1, availability_id: slotId(medico1, start) })
      .expect(201);
    return { patient, bookingId: res.body.id, start };
  }
  const createOrder = (p: TestPatient, body: Record<string, unknown>) => p.agent.post('/api/paypal/orders').set('X-CSRF-Token', p.csrf).send(body);
  const confirmForm = (p: TestPatient, fields: Record<string, string>) =>
    p.agent
      .post('/prenotazioni/conferma')
      .type('form')
      .send({ _token: p.csrf, status: 'COMPLETED', taxcode: TAXCODE, billing: 'Via Roma 1, 00100 Roma', coupon: '', ...fields });
  async function approvedOrder(productName = 'Prima visita nutrizionale', coupon?: string) {
    const h = await patientWithHold();
    const prod = product(productName);
    const created = await createOrder(h.patient, { booking_id: h.bookingId, product: prod.id, ...(coupon ? { coupon } : {}) }).expect(201);
    const orderId = created.body.id as string;
    pp.approve(orderId);
    return { ...h, orderId, prod };
  }
  async function slotStatus(start: string) {
    const admin = await client(app, 'admin@example.it');
    const events = (
      await admin.agent
        .get('/disponibilita/json')
        .query({ for: medico1, ...WEEK })
        .expect(200)
    ).body as { id: string; status: string; color: string; url?: string }[];
    return events.find((e) => e.id === slotId(medico1, start))!;
  }
  const bookingStatus = async (p: TestPatient, id: string) => (await p.agent.get(`/prenotazioni/${id}`).expect(200)).body.status;

  it('happy path: hold → order → approve → conferma → booked, red, listed', async () => {
    const { patient, bookingId, start, orderId, prod } = await approvedOrder();
    // the demo doctors charge the stamp duty to the patient: the product plus 2,00 € above 77,47 €, as rules/charge.ts says
    const { totalCents } = chargeFor({ priceCents: prod.priceCents, couponPercentage: null, stampDutyToPatient: true });
    expect(pp.orders.get(orderId)?.amount).toEqual({ currency_code: 'EUR', value: (totalCents / 100).toFixed(2) });
    const res = await confirmForm(patient, { transaction: orderId, amount: '80.00', product: prod.id }).expect(200);
    expect(res.body).toEqual({ redirect: '/home' });

    expect(await bookingStatus(patient, bookingId)).toBe('confirmed');
    const slot = await slotStatus(start);
    expect(slot.status).toBe('booked');
    expect(slot.color).toBe(SLOT_COLORS.booked.color);
    expect(slot.url).toBe(`/prenotazioni/${bookingId}`);
    const doc = await app.core.readModels.get<{ status: string; bookingId: string }>('availability_slots', slotId(medico1, start));
    expect(doc?.doc).toMatchObject({ status: 'booked', bookingId });

    const orders = (await patient.agent.get('/api/me/orders').expect(200)).body;
    // the patient's own tax code and billing address come back for the receipt
    expect(orders).toEqual([
      {
        id: orderId,
        productName: prod.name,
        amountCents: totalCents,
        coupon: null,
        transaction: orderId,
        createdAt: expect.any(String),
        bookingId,
        status: 'placed',
        // the doctor of the visit, so two doctors' "1/2030" receipts are told apart
        doctorName: 'Giulia Rossi',
        invoice: { taxcode: TAXCODE, billing: 'Via Roma 1, 00100 Roma' },
      },
    ]);
    // answered from the read models: the invoice is carried on the order's read model, no stream is read (a stream read per request grows with the history)
    const reads = jest.spyOn(app.core.eventStore, 'readStream');
    try {
      expect((await patient.agent.get('/api/me/orders').expect(200)).body).toEqual(orders);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }

    // taxcode and billing are sealed in the event, not in clear
    const events = await app.core.eventStore.readStream(orderStreamName(orderId));
    expect(events.map((e) => e.type)).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'OrderPlaced']);
    expect(JSON.stringify(events)).not.toContain(TAXCODE);
    expect(JSON.stringify(events)).not.toContain('Via Roma');
    // the expiry sweep leaves a confirmed booking alone
    clock.advance(60);
    await app.app.get(HoldExpiryService).expireDue();
    expect(await bookingStatus(patient, bookingId)).toBe('confirmed');
    expect((await slotStatus(start)).status).toBe('booked');
  });

  it('coupon BENVENUTO10: PayPal is asked for 90 %, the coupon is redeemed once', async () => {
    const { patient, orderId, prod } = await approvedOrder('Prima visita nutrizionale', ' benvenuto10 ');
    expect(pp.orders.get(orderId)?.amount).toEqual({ currency_code: 'EUR', value: '72.00' });
    const usesBefore = (await app.core.readModels.get<{ uses: number }>('coupons', 'BENVENUTO10'))!.doc.uses;
    await confirmForm(patient, { transaction: orderId, amount: '80.00', product: prod.id, coupon: 'BENVENUTO10' }).expect(200);
    expect((await app.core.readModels.get<{ uses: number }>('coupons', 'BENVENUTO10'))!.doc.uses).toBe(usesBefore + 1);
    const [order] = (await patient.agent.get('/api/me/orders').expect(200)).body;
    expect(order).toMatchObject({ amountCents: 7200, coupon: 'BENVENUTO10' });
  });

  it('rounds the discount to the nearest cent: a 19,95 € product at 10 % is charged 17,95 €', async () => {
    const admin = await client(app, 'admin@example.it');
    const created = await admin.agent
      .post('/api/admin/products')
      .set('X-CSRF-Token', admin.csrf)
      .send({ name: 'Consulto breve', description: 'Un quarto d’ora', priceCents: 1995, active: true })
      .expect(201);
    const h = await patientWithHold();
    const order = await createOrder(h.patient, { booking_id: h.bookingId, product: created.body.id, coupon: 'BENVENUTO10' }).expect(201);
    expect(pp.orders.get(order.body.id)?.amount).toEqual({ currency_code: 'EUR', value: '17.95' });
    const [stored] = await app.core.eventStore.readStream(`order-${order.body.id}`);
    expect(stored.data).toMatchObject({ amountCents: 1795, coupon: 'BENVENUTO10' });
  });

  it('a double confirmation gives one order and appends nothing the second time', async () => {
    const { patient, orderId, prod } = await approvedOrder('Visita di controllo');
    await confirmForm(patient, { transaction: orderId, product: prod.id }).expect(200);
    const before = await head();
    const again = await confirmForm(patient, { transaction: orderId, product: prod.id }).expect(200);
    expect(again.body).toEqual({ redirect: '/home' });
    expect(await head()).toBe(before);
    expect((await patient.agent.get('/api/me/orders').expect(200)).body).toHaveLength(1);
  });

  it('an HTML form post is redirected to /home with 303', async () => {
    const { patient, orderId, prod } = await approvedOrder('Visita di controllo');
    const res = await confirmForm(patient, { transaction: orderId, product: prod.id }).set('Accept', 'text/html').expect(303);
    expect(res.headers.location).toBe('/home');
  });

  it('ignores a forged amount and status in the form: PayPal’s capture and our amount decide', async () => {
    const { patient, bookingId, orderId, prod } = await approvedOrder();
    await confirmForm(patient, { transaction: orderId, product: prod.id, amount: '0.01', status: 'whatever' }).expect(200);
    expect(await bookingStatus(patient, bookingId)).toBe('confirmed');
    const { totalCents } = chargeFor({ priceCents: prod.priceCents, couponPercentage: null, stampDutyToPatient: true });
    expect((await patient.agent.get('/api/me/orders').expect(200)).body[0].amountCents).toBe(totalCents);
  });

  it('rejects a capture that is not COMPLETED, books nothing', async () => {
    const { patient, bookingId, start, orderId, prod } = await approvedOrder();
    pp.setNextCaptureStatus('DECLINED');
    const res = await confirmForm(patient, { transaction: orderId, product: prod.id });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(PAYMENT_NOT_COMPLETED_MESSAGE);
    expect(await bookingStatus(patient, bookingId)).toBe('held');
    expect((await slotStatus(start)).status).toBe('held');
    expect((await patient.agent.get('/api/me/orders').expect(200)).body).toEqual([]);
  });

  it('rejects an order that was not approved on PayPal', async () => {
    const h = await patientWithHold();
    const prod = product('Visita di controllo');
    const created = await createOrder(h.patient, { booking_id: h.bookingId, product: prod.id }).expect(201);
    const before = await head();
    const res = await confirmForm(h.patient, { transaction: created.body.id, product: prod.id });
    expect(res.status).toBe(422);
    // the intent was recorded before PayPal was asked, and closed: no money was taken, the patient may try again
    const newer = (await app.core.eventStore.readStream(orderStreamName(created.body.id))).filter((e) => e.position > before).map((e) => e.type);
    expect(newer).toEqual(['PaymentCaptureRequested', 'PaymentCaptureAbandoned']);
  });

  it("rejects another patient's order and an unknown one", async () => {
    const { orderId, prod, bookingId, patient } = await approvedOrder();
    const [other] = await registerPatients(app, 1);
    const before = await head();
    const res = await confirmForm(other, { transaction: orderId, product: prod.id });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/non è tuo/);
    const unknown = await confirmForm(other, { transaction: 'NONESISTE', product: prod.id });
    expect(unknown.status).toBe(404);
    expect(await head()).toBe(before);
    expect(await bookingStatus(patient, bookingId)).toBe('held');
    // nor can another patient create an order for someone else's booking
    expect((await createOrder(other, { booking_id: bookingId, product: prod.id })).status).toBe(403);
  });

  it('rejects an expired hold, before taking the money', async () => {
    const { patient, orderId, prod } = await approvedOrder();
    clock.advance(16);
    const before = await head();
    const res = await confirmForm(patient, { transaction: orderId, product: prod.id });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/scaduta/);
    expect(await head()).toBe(before);
    expect(pp.orders.get(orderId)?.status).toBe('APPROVED');
  });

  it('a hold that runs out and is released while PayPal captures: refunded in full, nothing booked, a retry says the same', async () => {
    const { patient, orderId, prod, bookingId, start } = await approvedOrder();
    pp.beforeNextCapture(async () => {
      clock.advance(16);
      await app.app.get(HoldExpiryService).expireDue();
    });
    const res = await confirmForm(patient, { transaction: orderId, product: prod.id });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/scaduta.*rimborsato per intero/);
    expect(pp.orders.get(orderId)?.refund?.status).toBe('COMPLETED');
    expect(await bookingStatus(patient, bookingId)).toBe('expired');
    expect((await slotStatus(start)).status).toBe('available');
    const types = (await app.core.eventStore.readStream(orderStreamName(orderId))).map((e) => e.type);
    expect(types).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'PaymentRefunded']);

    const before = await head();
    const again = await confirmForm(patient, { transaction: orderId, product: prod.id });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(res.body.error.message);
    expect(await head()).toBe(before);
    expect(pp.calls.refund).toBeGreaterThanOrEqual(1);
  });

  it('a hold that runs out during the capture but is still the patient’s is booked: the confirmation started in time', async () => {
    const { patient, orderId, prod, bookingId, start } = await approvedOrder();
    pp.beforeNextCapture(async () => void clock.advance(16));
    await confirmForm(patient, { transaction: orderId, product: prod.id }).expect(200);
    expect(await bookingStatus(patient, bookingId)).toBe('confirmed');
    expect((await slotStatus(start)).status).toBe('booked');
    expect(pp.orders.get(orderId)?.refund).toBeUndefined();
  });

  it('two payments racing for the last use of a coupon: one is booked; the other is refused, and refunded if it was captured', async () => {
    const admin = await client(app, 'admin@example.it');
    await admin.agent
      .post('/api/admin/coupons')
      .set('X-CSRF-Token', admin.csrf)
      .send({ code: 'ULTIMO', percentage: 50, validFrom: '2030-03-01', validTo: '2030-03-31', maxUses: 1 })
      .expect(201);
    const a = await approvedOrder('Prima visita nutrizionale', 'ULTIMO');
    const b = await approvedOrder('Prima visita nutrizionale', 'ULTIMO');
    const results = await Promise.all([a, b].map((o) => confirmForm(o.patient, { transaction: o.orderId, product: o.prod.id, coupon: 'ULTIMO' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results[0].status === 409 ? a : b;
    const winner = loser === a ? b : a;
    expect(await bookingStatus(winner.patient, winner.bookingId)).toBe('confirmed');
    expect(await bookingStatus(loser.patient, loser.bookingId)).toBe('held');
    expect((await slotStatus(loser.start)).status).toBe('held');
    // money taken and not kept: every capture that did not become an order was refunded
    const loserOrder = pp.orders.get(loser.orderId)!;
    // which of the two refusals happens depends on timing: before the capture (nothing taken) or after it (refunded)
    if (loserOrder.status === 'COMPLETED') expect(loserOrder.refund?.status).toBe('COMPLETED');
    else expect(loserOrder.status).toBe('APPROVED');
    expect(results.find((r) => r.status === 409)!.body.error.message).toMatch(/limite di utilizzi/);
  });

  it('rejects missing taxcode or billing with the exact message, and an invalid taxcode', async () => {
    const { patient, bookingId, orderId, prod } = await approvedOrder();
    const before = await head();
    for (const fields of [{ taxcode: '' }, { billing: '  ' }, { taxcode: '', billing: '' }] as Record<string, string>[]) {
      const res = await confirmForm(patient, { transaction: orderId, product: prod.id, ...fields });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(BILLING_REQUIRED_MESSAGE);
    }
    const wrongCheck = TAXCODE.slice(0, 15) + (TAXCODE[15] === 'A' ? 'B' : 'A');
    for (const taxcode of [wrongCheck, 'ABC']) {
      const res = await confirmForm(patient, { transaction: orderId, product: prod.id, taxcode });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(INVALID_TAXCODE_MESSAGE);
    }
    expect(await head()).toBe(before);
    expect(pp.orders.get(orderId)?.status).toBe('APPROVED');
    expect(await bookingStatus(patient, bookingId)).toBe('held');
    // fixed, the same order goes through
    await confirmForm(patient, { transaction: orderId, product: prod.id, taxcode: TAXCODE.toLowerCase() }).expect(200);
  });

  it('rejects a different product than the order’s, and a wrong coupon or product on creation', async () => {
    const { patient, bookingId, orderId } = await approvedOrder('Prima visita nutrizionale');
    const res = await confirmForm(patient, { transaction: orderId, product: product('Visita di controllo').id });
    expect(res.status).toBe(422);
    expect((await createOrder(patient, { booking_id: bookingId, product: 'nessuno' })).status).toBe(404);
    const badCoupon = await createOrder(patient, { booking_id: bookingId, product: product('Visita di controllo').id, coupon: 'FALSO99' });
    expect(badCoupon.status).toBe(422);
    expect(badCoupon.body.error.message).toBe('Coupon non valido!');
  });

  it('the amount check refuses a capture that differs from what we computed', async () => {
    const { patient, orderId, prod } = await approvedOrder();
    // tamper with what PayPal holds for the order (a stand-in only possibility)
    const stored = pp.orders.get(orderId)!;
    stored.amount = { currency_code: 'EUR', value: '0.01' };
    const res = await confirmForm(patient, { transaction: orderId, product: prod.id });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(AMOUNT_MISMATCH_MESSAGE);
  });

  it("/home live: the patient's own socket hears the booking confirmed; an anonymous socket may not watch", async () => {
    const { patient, orderId, prod, bookingId } = await approvedOrder();
    const socket = await connect(app, sessionCookieOf(patient.agent as never));
    const anon = await connect(app);
    try {
      expect(await socket.timeout(5000).emitWithAck(MY_BOOKINGS_WATCH, {})).toEqual({ ok: true });
      expect(await anon.timeout(5000).emitWithAck(MY_BOOKINGS_WATCH, {})).toEqual({ ok: false, error: expect.stringMatching(/Accedi/) });
      const heard = new Promise<MyBookingsChanged>((resolve) =>
        socket.on(MY_BOOKINGS_CHANGED, (m: MyBookingsChanged) => m.status === 'confirmed' && resolve(m)),
      );
      let anonHeard = 0;
      anon.on(MY_BOOKINGS_CHANGED, () => anonHeard++);
      await confirmForm(patient, { transaction: orderId, amount: '0', product: prod.id }).expect(200);
      expect(await heard).toMatchObject({ bookingId, status: 'confirmed' });
      expect(anonHeard).toBe(0);
    } finally {
      socket.disconnect();
      anon.disconnect();
    }
  });

  it('tells the browser where the PayPal SDK is and which client id to load it with', async () => {
    const anon = await client(app);
    const config = (await anon.agent.get('/api/paypal/config').expect(200)).body;
    expect(config).toEqual({ clientId: pp.clientId, sdkUrl: 'https://www.paypal.com/sdk/js', currency: 'EUR', simulated: false });
  });

  it('needs a CSRF token and a patient session', async () => {
    const { patient, orderId, prod } = await approvedOrder();
    expect((await patient.agent.post('/prenotazioni/conferma').type('form').send({ transaction: orderId, product: prod.id })).status).toBe(403);
    const anon = await client(app);
    expect((await anon.agent.get('/api/me/orders')).status).toBe(401);
  });
});

describe('orders: PayPal not configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' });
  });
  afterAll(() => app.close());

  it('answers 503 with an Italian message for the SDK config and for a new order, appending nothing', async () => {
    const anon = await client(app);
    const config = await anon.agent.get('/api/paypal/config').expect(503);
    expect(config.body.error.message).toBe('I pagamenti non sono al momento disponibili.');
    const [patient] = await registerPatients(app, 1);
    const before = await app.core.eventStore.headPosition();
    const created = await patient.agent.post('/api/paypal/orders').set('X-CSRF-Token', patient.csrf).send({ booking_id: 'x', product: 'y' });
    expect(created.status).toBe(503);
    expect(await app.core.eventStore.headPosition()).toBe(before);
  });
});
