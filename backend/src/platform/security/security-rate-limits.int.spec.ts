import { slotId } from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startPaypalStandIn, type PaypalStandIn } from '../../areas/payments/paypal/paypal-stand-in';
import { DEMO_PASSWORD } from '../../app/seed/demo-seed';
import { registerPatients } from '../../testing/patients';
import { TEST_TAXCODE, approvedOrder, confirmOrder, firstProductId, startPayingTestApp } from '../../testing/payments';
import { ManualClock, client, lastRequestPosition, startTestApp, type TestApp } from '../../testing/test-app';
import { looksItalian } from './italian';

describe('rate limits: failed logins, registrations, holds, coupon guesses', () => {
  let app: TestApp;
  let pp: PaypalStandIn;
  beforeAll(async () => {
    pp = await startPaypalStandIn();
    app = await startTestApp({
      PAYPAL_BASE_URL: pp.baseUrl,
      PAYPAL_CLIENT_ID: pp.clientId,
      PAYPAL_CLIENT_SECRET: pp.clientSecret,
      HOLD_SWEEP_SECONDS: '0',
      RATE_LIMIT_LOGIN_ACCOUNT: '5',
      RATE_LIMIT_LOGIN_CLIENT: '8',
      RATE_LIMIT_LOGIN_SLOWDOWN: '100000',
      RATE_LIMIT_REGISTRATION: '3',
      RATE_LIMIT_HOLD: '4',
      RATE_LIMIT_COUPON: '3',
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(async () => {
    await app?.close();
    await pp?.close();
  });
  // what requests appended: the outbox appends a new patient's confirmation email on its own time (role 'system')
  const head = () => lastRequestPosition(app);

  const expect429 = (res: request.Response, code = 'troppe_richieste') => {
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.error.code).toBe(code);
    expect(looksItalian(res.body.error.message)).toBe(true);
  };

  const login = (c: { agent: request.Agent; csrf: string }, from: string, email: string, password: string) =>
    c.agent.post('/api/auth/login').set('X-CSRF-Token', c.csrf).set('X-Forwarded-For', from).send({ email, password });

  it('attempts are counted before the password is checked: 100 concurrent guesses on one account from one client evaluate at most 5', async () => {
    const c = await client(app);
    const guesses = Array.from({ length: 100 }, (_, i) => login(c, '10.0.0.1', 'medico2@example.it', i === 40 ? DEMO_PASSWORD : `sbagliata-${i}`));
    const statuses = (await Promise.all(guesses)).map((r) => r.status);
    // evaluated = answered 401 (wrong) or 200 (right); every other one was refused before bcrypt
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(95);
    expect429(await login(c, '10.0.0.1', 'medico2@example.it', DEMO_PASSWORD));
  });

  it('no one can lock a person out from another address: guesses from elsewhere leave their own login open', async () => {
    const c = await client(app);
    for (let i = 0; i < 12; i++) await login(c, `10.0.3.${i}`, 'admin@example.it', `sbagliata-${i}`).expect(401);
    // the same account from the attacker's address is refused; the owner, from theirs, gets in
    for (let i = 0; i < 4; i++) await login(c, '10.0.3.0', 'admin@example.it', `ancora-${i}`).expect(401);
    expect429(await login(c, '10.0.3.0', 'admin@example.it', DEMO_PASSWORD));
    await login(await client(app), '10.0.4.1', 'admin@example.it', DEMO_PASSWORD).expect(200);
  });

  it('one client guessing across many accounts concurrently: at most 8 are evaluated', async () => {
    const c = await client(app);
    const statuses = (await Promise.all(Array.from({ length: 60 }, (_, i) => login(c, '10.9.8.8', `altro${i}@example.it`, 'x'.repeat(10))))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(8);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(52);
  });

  it('one client guessing across many accounts is stopped after 8 failures', async () => {
    const c = await client(app);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (
          await c.agent
            .post('/api/auth/login')
            .set('X-CSRF-Token', c.csrf)
            .set('X-Forwarded-For', '10.9.9.9')
            .send({ email: `nessuno${i}@example.it`, password: 'x'.repeat(10) })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
    // another client still logs in
    const other = await client(app);
    await other.agent
      .post('/api/auth/login')
      .set('X-CSRF-Token', other.csrf)
      .set('X-Forwarded-For', '10.9.9.10')
      .send({ email: 'paziente1@example.it', password: DEMO_PASSWORD })
      .expect(200);
  });

  it('registrations per client: the 4th is refused and appends nothing, even for a known email (no account probing)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await client(app);
      const res = await c.agent
        .post('/api/auth/register')
        .set('X-CSRF-Token', c.csrf)
        .set('X-Forwarded-For', '10.7.7.7')
        .send({
          name: 'Sara',
          surname: 'Neri',
          email: i === 0 ? 'paziente1@example.it' : `limite${i}-${randomUUID()}@example.it`,
          password: 'segreta123',
          phone: '+39 333 1234567',
          taxcode: 'RSSMRA75C22H50MA',
          consent: true,
        });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([409, 201, 201]);
    const before = await head();
    const c = await client(app);
    const res = await c.agent.post('/api/auth/register').set('X-CSRF-Token', c.csrf).set('X-Forwarded-For', '10.7.7.7').send({
      name: 'Sara',
      surname: 'Neri',
      email: 'paziente1@example.it',
      password: 'segreta123',
      phone: '+39 333 1234567',
      taxcode: 'RSSMRA75C22H50MA',
      consent: true,
    });
    expect429(res);
    expect(await head()).toBe(before);
  });

  it('holds per client: the 5th hold request is refused', async () => {
    const [p] = await registerPatients(app, 1);
    const medico1 = app.ids['medico1@example.it'];
    const statuses: number[] = [];
    for (const hour of ['09:00', '09:30', '10:00', '10:30', '11:00']) {
      const res = await p.agent
        .post('/prenotazioni')
        .set('X-CSRF-Token', p.csrf)
        .set('X-Forwarded-For', '10.6.6.6')
        .send({
          doctor_id: medico1,
          availability_id: slotId(medico1, `2030-03-06T${hour}:00Z`),
        });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 4).every((s) => s < 429)).toBe(true);
    expect(statuses[4]).toBe(429);
  });

  it('coupon guesses share one limit across GET /pagamenti/coupon and POST /api/paypal/orders', async () => {
    const [p] = await registerPatients(app, 1);
    const medico2 = app.ids['medico2@example.it'];
    const held = await p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .set('X-Forwarded-For', '10.5.5.99')
      .send({
        doctor_id: medico2,
        availability_id: slotId(medico2, '2030-03-06T15:00:00Z'),
      })
      .expect(201);
    const [product] = (await p.agent.get('/api/products').expect(200)).body as {
      id: string;
    }[];
    const xff = '10.5.5.5';
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await request(app.app.getHttpServer())
            .get('/pagamenti/coupon')
            .set('X-Forwarded-For', xff)
            .query({ coupon: `NOPE${i}` })
            .expect(200)
        ).body,
      ).toEqual({ status: 'ko' });
    }
    // the third wrong guess goes through the order path: it counts as well
    const order = await p.agent.post('/api/paypal/orders').set('X-CSRF-Token', p.csrf).set('X-Forwarded-For', xff).send({
      booking_id: held.body.id,
      product: product.id,
      coupon: 'INDOVINO1',
    });
    expect(order.status).toBe(422);
    expect(order.body.error.code).toBe('coupon_non_valido');
    expect429(await request(app.app.getHttpServer()).get('/pagamenti/coupon').set('X-Forwarded-For', xff).query({ coupon: 'BENVENUTO10' }), 'troppi_tentativi');
    expect429(
      await p.agent.post('/api/paypal/orders').set('X-CSRF-Token', p.csrf).set('X-Forwarded-For', xff).send({
        booking_id: randomUUID(),
        product: randomUUID(),
        coupon: 'ANCORA',
      }),
      'troppi_tentativi',
    );
  });
});

describe('rate limits: confirmation emails, current-password checks, PayPal webhooks', () => {
  let paying: Awaited<ReturnType<typeof startPayingTestApp>>;
  let app: TestApp;
  beforeAll(async () => {
    paying = await startPayingTestApp(new ManualClock(new Date('2030-03-04T06:00:00.000Z')), {
      RATE_LIMIT_EMAIL_CONFIRMATION: '2',
      RATE_LIMIT_PASSWORD_CHECK: '3',
      RATE_LIMIT_WEBHOOK: '3',
      TRUST_PROXY: 'loopback',
    });
    app = paying.app;
  });
  afterAll(() => paying?.close());

  const expect429 = (res: request.Response, code = 'troppe_richieste') => {
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.error.code).toBe(code);
    expect(looksItalian(res.body.error.message)).toBe(true);
  };
  const requested = async (userId: string) =>
    (await app.core.eventStore.readStream(`user-${userId}`)).filter((e) => e.type === 'EmailConfirmationRequested').length;

  /** a patient registered through the form: their address is not confirmed yet */
  const registered = async (n: number) => {
    const c = await client(app);
    const reg = await c.agent
      .post('/api/auth/register')
      .set('X-CSRF-Token', c.csrf)
      .send({
        name: 'Nadia',
        surname: 'Sala',
        email: `conferma-${n}-${randomUUID()}@example.it`,
        password: 'segreta123',
        phone: '333 1234567',
        taxcode: TEST_TAXCODE,
        consent: true,
      })
      .expect(201);
    return { agent: c.agent, csrf: reg.body.csrfToken as string, id: reg.body.user.id as string };
  };

  it('confirmation emails sent again: per account, the 3rd in the hour is refused and appends nothing; another account still may', async () => {
    const p = await registered(1);
    const other = await registered(2);
    const before = await requested(p.id);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await p.agent.post('/api/me/email/confirmation').set('X-CSRF-Token', p.csrf).send({})).status);
    expect(statuses).toEqual([202, 202, 429, 429, 429]);
    expect(await requested(p.id)).toBe(before + 2);
    expect429(await p.agent.post('/api/me/email/confirmation').set('X-CSRF-Token', p.csrf).send({}));
    expect((await other.agent.post('/api/me/email/confirmation').set('X-CSRF-Token', other.csrf).send({})).status).toBe(202);
  });

  it('current-password checks: counted before the check (25 concurrent wrong ones evaluate at most 3), a right one gives its point back', async () => {
    const [p, q] = await registerPatients(app, 2);
    const change = (c: typeof p, currentPassword: string) =>
      c.agent.post('/api/me/password').set('X-CSRF-Token', c.csrf).send({ currentPassword, newPassword: 'orto-di-Carlo-1987' });
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => change(p, `sbagliata-${i}`)));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(22);
    expect429(
      answers.find((a) => a.status === 429)!,
      'troppi_tentativi',
    );
    // used up: even the right password waits
    expect((await change(p, DEMO_PASSWORD)).status).toBe(429);
    // another account: two wrong, the right one (given back), then one more wrong is still checked
    expect((await change(q, 'sbagliata-1')).status).toBe(400);
    expect((await change(q, 'sbagliata-2')).status).toBe(400);
    expect((await change(q, DEMO_PASSWORD)).status).toBe(200);
    expect((await change(q, 'sbagliata-3')).status).toBe(400);
    expect((await change(q, 'sbagliata-4')).status).toBe(429);
  });

  it('PayPal webhooks: forged ones use up their address before PayPal is asked; verified deliveries give their point back and are never refused', async () => {
    const { pp } = paying;
    const productId = await firstProductId((await registerPatients(app, 1))[0]);
    const { patient, orderId } = await approvedOrder(app, pp, productId, '2030-03-05T09:00:00Z');
    expect((await confirmOrder(patient, orderId, productId)).status).toBe(200);
    const signed = pp.webhookFor(orderId, 'PAYMENT.CAPTURE.COMPLETED');
    const send = (from: string, message: { body: Record<string, unknown>; headers: Record<string, string> }) =>
      request(app.app.getHttpServer()).post('/api/paypal/webhook').set('X-Forwarded-For', from).set(message.headers).send(message.body);

    // PayPal's own burst, well past the limit from one address: every delivery is acted on
    for (let i = 0; i < 6; i++) expect((await send('10.7.7.7', signed)).status).toBe(200);

    const verifies = pp.calls.verify;
    const forged = { body: { ...signed.body, summary: 'falso' }, headers: signed.headers };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send('10.8.8.8', forged)).status);
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
    expect(pp.calls.verify).toBe(verifies + 3);
    expect429(await send('10.8.8.8', signed));
    // another address is not held back by them
    expect((await send('10.7.7.7', signed)).status).toBe(200);
  });
});

describe('TRUST_PROXY off (default): X-Forwarded-For is ignored', () => {
  let app: TestApp;
  beforeAll(
    async () =>
      (app = await startTestApp({
        HOLD_SWEEP_SECONDS: '0',
        RATE_LIMIT_COUPON: '3',
      })),
  );
  afterAll(() => app?.close());

  it('a spoofed X-Forwarded-For per request does not make a new client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await request(app.app.getHttpServer())
            .get('/pagamenti/coupon')
            .set('X-Forwarded-For', `203.0.113.${i}`)
            .query({ coupon: `NOPE${i}` })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
