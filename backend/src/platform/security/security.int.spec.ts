import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { DEMO_PASSWORD } from '../../app/seed/demo-seed';
import { client, lastRequestPosition, startTestApp, type TestApp } from '../../testing/test-app';
import { looksItalian } from './italian';

/** everything the app logs, at every level */
class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.lines.push(chunk.toString());
    done();
  }
  get text(): string {
    return this.lines.join('');
  }
}

const sidOf = (res: request.Response) => String(res.headers['set-cookie'] ?? '').match(/sid=([^;]+)/)?.[1];

describe('logs hold no secret and no personal field, at any level', () => {
  const logs = new LogCapture();
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp({ LOG_LEVEL: 'trace', HOLD_SWEEP_SECONDS: '0' }, undefined, undefined, logs)));
  afterAll(() => app?.close());

  it('logs in, registers, calls routes: no cookie, set-cookie, CSRF token, authorization, password, email, name or tax code in the log', async () => {
    const agent = request.agent(app.app.getHttpServer());
    const session = await agent.get('/api/auth/session').expect(200);
    const csrf0 = session.body.csrfToken as string;
    const login = await agent
      .post('/api/auth/login')
      .set('X-CSRF-Token', csrf0)
      .set('Authorization', 'Bearer segretissimo-token-123')
      .send({ email: 'admin@example.it', password: DEMO_PASSWORD })
      .expect(200);
    const sid = sidOf(login)!;
    const csrf = login.body.csrfToken as string;
    await agent.get('/api/admin/products').expect(200);
    await agent.get('/api/audit/verify').set('X-CSRF-Token', csrf).expect(200);
    await agent.post('/api/auth/login').set('X-CSRF-Token', csrf).send({ email: 'admin@example.it', password: 'Sbagliata-42!' }).expect(401);
    const visitor = await client(app);
    const reg = await visitor.agent.post('/api/auth/register').set('X-CSRF-Token', visitor.csrf).send({
      name: 'Ottavia',
      surname: 'Zanardelli',
      email: 'ottavia.zanardelli@example.it',
      password: 'Parola-Segreta-99',
      phone: '+39 333 7654321',
      taxcode: 'RSSMRA75C22H50MA',
      consent: true,
    });
    expect(reg.status).toBe(201);
    const text = logs.text;
    expect(text.length).toBeGreaterThan(1000); // trace level: there is a log to scan
    expect(text).toMatch(/"url":"\/api\/auth\/login"/);
    for (const secret of [
      sid,
      decodeURIComponent(sid),
      csrf0,
      csrf,
      sidOf(reg)!,
      reg.body.csrfToken,
      'segretissimo-token-123',
      DEMO_PASSWORD,
      'Sbagliata-42!',
      'Parola-Segreta-99',
      'admin@example.it',
      'Ottavia',
      'Zanardelli',
      'ottavia.zanardelli',
      '7654321',
      'RSSMRA75C22H50MA',
    ]) {
      expect({ secret, found: text.includes(secret) }).toEqual({
        secret,
        found: false,
      });
    }
    expect(text).not.toMatch(/"cookie"|set-cookie|x-csrf-token|"authorization"/i);
  });
});

describe('headers, errors, inputs', () => {
  let app: TestApp;
  beforeAll(async () => (app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' })));
  afterAll(() => app?.close());
  // what requests appended: the outbox appends a new patient's confirmation email on its own time (role 'system')
  const head = () => lastRequestPosition(app);

  it('security headers on every answer, no X-Powered-By, no-store on /api/me/*', async () => {
    const patient = await client(app, 'paziente1@example.it');
    const res = await patient.agent.get('/api/me/bookings').expect(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src [^;]*'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.headers['strict-transport-security']).toBeUndefined(); // not in production
    // the session answer carries the CSRF token: not cached either
    expect((await patient.agent.get('/api/auth/session')).headers['cache-control']).toMatch(/no-store/);
  });

  it('a bad Content-Encoding or a broken gzip body is a 4xx in Italian, never a 5xx', async () => {
    const c = await client(app);
    for (const encoding of ['bogus', 'gzip', 'deflate', 'br']) {
      const res = await c.agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', c.csrf)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('non compresso');
      expect({ encoding, status: res.status }).toEqual({
        encoding,
        status: encoding === 'bogus' ? 415 : 400,
      });
      expect(looksItalian(res.body.error.message)).toBe(true);
    }
  });

  it('413 and 431 answer Italian JSON', async () => {
    const c = await client(app);
    const big = await c.agent
      .post('/api/auth/login')
      .set('X-CSRF-Token', c.csrf)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'x'.repeat(3_000_000) }));
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(/troppo grand/);
    const huge = await request(app.app.getHttpServer()).get('/api/auth/session').set('X-Grande', 'x'.repeat(20_000));
    expect(huge.status).toBe(431);
    expect(huge.body.error.message).toMatch(/intestazion/i);
  });

  it('431 carries the security headers, and no body to a HEAD; socket.io polling answers carry them too', async () => {
    const server = app.app.getHttpServer();
    for (const method of ['get', 'head'] as const) {
      const res = await request(server)[method]('/api/auth/session').set('X-Grande', 'x'.repeat(20_000));
      expect(res.status).toBe(431);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      if (method === 'head') expect(res.text ?? '').toBe('');
    }
    const polling = await request(server).get('/socket.io/').query({ EIO: '4', transport: 'polling' });
    expect(polling.status).toBe(200);
    expect(polling.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(polling.headers['x-content-type-options']).toBe('nosniff');
    expect(polling.headers['cache-control']).toMatch(/no-store/);
  });

  it('HOST selects the listening address', async () => {
    const local = await startTestApp({ HOST: '127.0.0.1' });
    try {
      expect((local.app.getHttpServer().address() as { address: string }).address).toBe('127.0.0.1');
    } finally {
      await local.close();
    }
    expect((app.app.getHttpServer().address() as { address: string }).address).toBe('0.0.0.0');
  });

  it("zod's own messages are Italian and name the field", async () => {
    const admin = await client(app, 'admin@example.it');
    const res = await admin.agent
      .post('/api/admin/products')
      .set('X-CSRF-Token', admin.csrf)
      .send({ name: 'Visita', description: 'x', priceCents: -5, active: true });
    expect(res.status).toBe(400);
    expect(looksItalian(res.body.error.message)).toBe(true);
    expect(res.body.error.message).toMatch(/priceCents|prezzo/i);
  });

  it.each([null, '', [], true, '9x', 9.5, 25])('working hours refuse startHour %p and store nothing', async (bad) => {
    const doctor = await client(app, 'medico1@example.it');
    const before = await head();
    const res = await doctor.agent
      .put(`/api/doctors/${app.ids['medico1@example.it']}/working-hours`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ startHour: bad, endHour: 12 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/startHour|inizio/i);
    expect(await head()).toBe(before);
  });

  it('a password over 72 bytes is refused at registration with a clear message', async () => {
    const c = await client(app);
    const res = await c.agent
      .post('/api/auth/register')
      .set('X-CSRF-Token', c.csrf)
      .send({
        name: 'Sara',
        surname: 'Neri',
        email: `lunga-${randomUUID()}@example.it`,
        password: 'è'.repeat(40),
        phone: '+39 333 1234567',
        taxcode: 'RSSMRA75C22H50MA',
        consent: true,
      });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/72 byte/);
  });

  it('a login with a password over 72 bytes never matches a prefix', async () => {
    const c = await client(app);
    const res = await c.agent
      .post('/api/auth/login')
      .set('X-CSRF-Token', c.csrf)
      .send({
        email: 'admin@example.it',
        password: DEMO_PASSWORD + 'x'.repeat(80),
      });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/72 byte/);
  });

  it("a client's X-Correlation-Id never reaches an event", async () => {
    const doctor = await client(app, 'medico1@example.it');
    const medico1 = app.ids['medico1@example.it'];
    const forged = 'catena-altrui-1234';
    const before = await head();
    await doctor.agent
      .post('/disponibilita/toggle')
      .set('X-CSRF-Token', doctor.csrf)
      .set('X-Correlation-Id', forged)
      .send({
        for: medico1,
        start: '2030-03-07T15:00:00Z',
        end: '2030-03-07T15:30:00Z',
      })
      .expect(200);
    const events = await app.core.eventStore.readAll({ after: before });
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.metadata.correlationId).not.toBe(forged);
  });

  it('a cookieless request creates no session row; expired sessions are purged', async () => {
    const count = async () =>
      Number(
        (
          await app.core.appDb
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (let i = 0; i < 5; i++) {
      const res = await request(app.app.getHttpServer()).get('/api/auth/session').expect(200);
      expect(res.body.csrfToken).toEqual(expect.any(String));
      await request(app.app.getHttpServer()).get('/disponibilita/query').query({ for: app.ids['medico1@example.it'], date: '2030-03-05' });
    }
    expect(await count()).toBe(before);
    // the anonymous token still works for the login form
    const c = await client(app);
    await c.agent.post('/api/auth/login').set('X-CSRF-Token', c.csrf).send({ email: 'paziente1@example.it', password: DEMO_PASSWORD }).expect(200);
    await app.core.appDb
      .insertInto('sessions')
      .values({ sid: 'scaduta', data: '{}', expires_at: Date.now() - 1000 })
      .execute();
    await app.purgeSessions();
    expect(await app.core.appDb.selectFrom('sessions').select('sid').where('sid', '=', 'scaduta').executeTakeFirst()).toBeUndefined();
  });
});

describe('headers in production', () => {
  let app: TestApp;
  beforeAll(
    async () =>
      (app = await startTestApp({
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
        COOKIE_SECURE: 'false',
        HOLD_SWEEP_SECONDS: '0',
        PAYPAL_SDK_URL: 'https://www.paypal.com/sdk/js',
        TRUST_PROXY: 'loopback',
      })),
  );
  afterAll(() => app?.close());

  it('HSTS, upgrade-insecure-requests, and the PayPal SDK origin allowed for scripts and frames (never inline scripts)', async () => {
    // as a TLS-terminating proxy on loopback forwards a request that came over https
    const res = await request(app.app.getHttpServer()).get('/api/auth/session').set('X-Forwarded-Proto', 'https').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/upgrade-insecure-requests/);
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.paypal\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.paypal\.com/);
    expect(csp).not.toMatch(/unsafe-inline'[^;]*;?\s*$|script-src[^;]*'unsafe-(inline|eval)'/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('a page asked over plain HTTP gets neither upgrade-insecure-requests nor HSTS: its scripts would be fetched over https:// and the page stay blank', async () => {
    const res = await request(app.app.getHttpServer()).get('/api/auth/session').expect(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toMatch(/upgrade-insecure-requests/);
    expect(csp).toMatch(/script-src 'self'/);
  });
});
