import { couponStreamName } from '@studio/contracts';
import request from 'supertest';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { CatalogService, TOO_MANY_GUESSES_MESSAGE } from './catalog.service';

// demo seed on 2030-03-04: three products, BENVENUTO10 (10 %, 2030-03-04 … 2031-03-04) and SCADUTO20 (expired).
const NOW = '2030-03-04T06:00:00.000Z';
const meta = { userId: 'system', role: 'system', at: NOW, correlationId: 'c', causationId: 'c' } as const;

describe('catalog: products and coupons over HTTP', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let admin: Client;
  let ipSeq = 0;
  beforeAll(async () => {
    // the tests tell clients apart by X-Forwarded-For, from supertest on loopback
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', TRUST_PROXY: 'loopback', RATE_LIMIT_COUPON: '10' }, undefined, clock);
    admin = await client(app, 'admin@example.it');
  });
  afterEach(() => clock.set(NOW));
  afterAll(() => app.close());

  const head = () => app.core.eventStore.headPosition();
  const anon = () => request(app.app.getHttpServer());
  /** each test guesses from its own address, so the rate limit of one does not leak into another */
  const freshIp = () => `10.0.0.${++ipSeq}`;
  const check = (coupon: string, ip: string) => anon().get('/pagamenti/coupon').query({ coupon }).set('X-Forwarded-For', ip);
  const post = (c: Client, path: string, body: object) => c.agent.post(path).set('X-CSRF-Token', c.csrf).send(body);
  const put = (c: Client, path: string, body: object) => c.agent.put(path).set('X-CSRF-Token', c.csrf).send(body);
  const catalog = () => app.app.get(CatalogService);

  describe('products', () => {
    it('lists the active products to anyone as {id, name, description, priceCents, followUpOnly}, cheapest first', async () => {
      const res = await anon().get('/api/products').expect(200);
      expect(res.body.map((p: { name: string; priceCents: number }) => [p.name, p.priceCents])).toEqual([
        ['Visita di controllo', 5000],
        ['Prima visita nutrizionale', 8000],
        ['Pacchetto 3 visite', 13500],
      ]);
      expect(Object.keys(res.body[0]).sort()).toEqual(['description', 'followUpOnly', 'id', 'name', 'priceCents']);
    });

    it('lets the admin create, list and update a product; an inactive one leaves the public list', async () => {
      const created = await post(admin, '/api/admin/products', { name: ' Consulenza online ', description: 'Video', priceCents: 3500 }).expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'Consulenza online',
        description: 'Video',
        priceCents: 3500,
        active: true,
        followUpOnly: false,
      });
      const id = created.body.id as string;
      expect((await admin.agent.get('/api/admin/products').expect(200)).body).toContainEqual(created.body);
      expect((await anon().get('/api/products').expect(200)).body.map((p: { id: string }) => p.id)).toContain(id);

      const updated = await put(admin, `/api/admin/products/${id}`, {
        name: 'Consulenza online',
        description: 'Video',
        priceCents: 4000,
        active: false,
      }).expect(200);
      expect(updated.body).toMatchObject({ id, priceCents: 4000, active: false });
      expect((await anon().get('/api/products').expect(200)).body.map((p: { id: string }) => p.id)).not.toContain(id);
      expect((await admin.agent.get('/api/admin/products').expect(200)).body).toContainEqual(updated.body);
      const events = await app.core.eventStore.readStream(`product-${id}`);
      expect(events.map((e) => e.type)).toEqual(['ProductCreated', 'ProductUpdated']);
    });

    it('refuses invalid products in Italian and appends nothing', async () => {
      const before = await head();
      for (const [body, message] of [
        [{ description: 'x', priceCents: 1000 }, /mancante: name/],
        [{ name: 'X', priceCents: 0 }, /maggiore di zero/],
        [{ name: 'X', priceCents: 10.5 }, /centesimi|priceCents/],
        [{ name: 'X', priceCents: '1000' }, /priceCents/],
        [{ name: 'X' }, /Prezzo mancante|priceCents/],
      ] as const) {
        const res = await post(admin, '/api/admin/products', body).expect(400);
        expect(res.body.error.message).toMatch(message);
      }
      const unknown = await put(admin, '/api/admin/products/00000000-0000-4000-8000-000000000000', { name: 'X', priceCents: 100 }).expect(404);
      expect(unknown.body.error.message).toBe('Prodotto non trovato.');
      await put(admin, '/api/admin/products/non-un-id', { name: 'X', priceCents: 100 }).expect(400);
      expect(await head()).toBe(before);
    });
  });

  describe('permissions', () => {
    it('keeps the admin endpoints to the admin: anonymous 401, patient and doctor 403, no CSRF 403', async () => {
      const before = await head();
      const patient = await client(app, 'paziente1@example.it');
      const doctor = await client(app, 'medico1@example.it');
      const visitor = await client(app);
      for (const path of ['/api/admin/products', '/api/admin/coupons']) {
        await anon().get(path).expect(401);
        await patient.agent.get(path).expect(403);
        await doctor.agent.get(path).expect(403);
      }
      const product = { name: 'X', priceCents: 100 };
      const coupon = { code: 'HACK50', percentage: 50, validFrom: '2030-01-01', validTo: '2030-12-31' };
      expect((await post(visitor, '/api/admin/products', product).expect(401)).body.error.message).toMatch(/login/);
      await post(patient, '/api/admin/products', product).expect(403);
      await post(doctor, '/api/admin/coupons', coupon).expect(403);
      await put(patient, '/api/admin/coupons/BENVENUTO10', { ...coupon, percentage: 100 }).expect(403);
      const noCsrf = await admin.agent.post('/api/admin/coupons').send(coupon).expect(403);
      expect(noCsrf.body.error.code).toBe('csrf_non_valido');
      expect(await head()).toBe(before);
    });
  });

  describe('coupons (admin)', () => {
    it('lists the seeded coupons with their uses', async () => {
      const res = await admin.agent.get('/api/admin/coupons').expect(200);
      expect(res.body).toContainEqual({ code: 'BENVENUTO10', percentage: 10, validFrom: '2030-03-04', validTo: '2031-03-04', maxUses: null, uses: 0 });
      expect(res.body.find((c: { code: string }) => c.code === 'SCADUTO20').validTo < '2030-03-04').toBe(true);
    });

    it('creates a coupon under its upper-cased code, refuses a duplicate, updates it', async () => {
      const created = await post(admin, '/api/admin/coupons', {
        code: ' estate15 ',
        percentage: 15,
        validFrom: '2030-06-01',
        validTo: '2030-08-31',
        maxUses: 3,
      }).expect(201);
      expect(created.body).toEqual({ code: 'ESTATE15', percentage: 15, validFrom: '2030-06-01', validTo: '2030-08-31', maxUses: 3, uses: 0 });
      const dup = await post(admin, '/api/admin/coupons', { code: 'Estate15', percentage: 5, validFrom: '2030-06-01', validTo: '2030-08-31' }).expect(409);
      expect(dup.body.error.message).toMatch(/esiste già/);
      const updated = await put(admin, '/api/admin/coupons/estate15', { percentage: 20, validFrom: '2030-03-01', validTo: '2030-08-31', maxUses: null }).expect(
        200,
      );
      expect(updated.body).toEqual({ code: 'ESTATE15', percentage: 20, validFrom: '2030-03-01', validTo: '2030-08-31', maxUses: null, uses: 0 });
      expect((await app.core.eventStore.readStream(couponStreamName('ESTATE15'))).map((e) => e.type)).toEqual(['CouponCreated', 'CouponUpdated']);
      expect((await check('estate15', freshIp()).expect(200)).body).toEqual({ status: 'ok', percentage: 20 });
    });

    it('refuses invalid coupons in Italian and appends nothing', async () => {
      const before = await head();
      const ok = { code: 'PROVA10', percentage: 10, validFrom: '2030-03-01', validTo: '2030-03-31' };
      for (const [body, message] of [
        [{ ...ok, percentage: 0 }, /tra 1 e 100/],
        [{ ...ok, percentage: 101 }, /tra 1 e 100/],
        [{ ...ok, percentage: 12.5 }, /intero|percentage/],
        [{ ...ok, validTo: '2030-02-28' }, /fine validità/],
        [{ ...ok, validFrom: '01/03/2030' }, /AAAA-MM-GG/],
        [{ ...ok, maxUses: 0 }, /almeno 1/],
        [{ ...ok, code: 'a b' }, /Codice non valido/],
        [{ ...ok, code: undefined }, /code/],
      ] as const) {
        const res = await post(admin, '/api/admin/coupons', body).expect(400);
        expect(res.body.error.message).toMatch(message);
      }
      const unknown = await put(admin, '/api/admin/coupons/NESSUNO', { percentage: 10, validFrom: '2030-03-01', validTo: '2030-03-31' }).expect(404);
      expect(unknown.body.error.message).toBe('Coupon non trovato.');
      expect(await head()).toBe(before);
    });
  });

  describe('GET /pagamenti/coupon (public)', () => {
    it('answers ok with the percentage for a valid coupon, trimmed and in any case', async () => {
      const ip = freshIp();
      for (const code of ['BENVENUTO10', ' benvenuto10 ', 'Benvenuto10\t']) {
        expect((await check(code, ip).expect(200)).body).toEqual({ status: 'ok', percentage: 10 });
      }
    });

    it('answers ko for an unknown, empty, expired or not yet valid coupon', async () => {
      const ip = freshIp();
      expect((await check('NONESISTE', ip).expect(200)).body).toEqual({ status: 'ko' });
      expect((await anon().get('/pagamenti/coupon').set('X-Forwarded-For', ip).expect(200)).body).toEqual({ status: 'ko' });
      expect((await check('SCADUTO20', ip).expect(200)).body).toEqual({ status: 'ko' });
      await post(admin, '/api/admin/coupons', { code: 'FUTURO5', percentage: 5, validFrom: '2030-03-05', validTo: '2030-03-05' }).expect(201);
      expect((await check('FUTURO5', ip).expect(200)).body).toEqual({ status: 'ko' });
      // validity is the practice's calendar day: 2030-03-04T23:30Z is already the 5th in Rome
      clock.set('2030-03-04T23:30:00Z');
      expect((await check('FUTURO5', ip).expect(200)).body).toEqual({ status: 'ok', percentage: 5 });
      clock.set('2030-03-05T23:30:00Z');
      expect((await check('FUTURO5', ip).expect(200)).body).toEqual({ status: 'ko' });
    });

    it('answers ko once the use limit is reached', async () => {
      const ip = freshIp();
      await post(admin, '/api/admin/coupons', { code: 'UNAVOLTA', percentage: 30, validFrom: '2030-03-01', validTo: '2030-03-31', maxUses: 1 }).expect(201);
      expect((await check('unavolta', ip).expect(200)).body).toEqual({ status: 'ok', percentage: 30 });
      await catalog().redeemCoupon('unavolta', 'order-1', meta);
      expect((await check('unavolta', ip).expect(200)).body).toEqual({ status: 'ko' });
      expect((await admin.agent.get('/api/admin/coupons').expect(200)).body).toContainEqual(expect.objectContaining({ code: 'UNAVOLTA', uses: 1, maxUses: 1 }));
    });

    it('refuses a client after 10 wrong guesses in 10 minutes with a 429 and Retry-After', async () => {
      const ip = freshIp();
      // an existing coupon, even expired, is not a guess
      for (let i = 0; i < 3; i++) await check('SCADUTO20', ip).expect(200);
      for (let i = 0; i < 10; i++) {
        clock.advance(0.5);
        expect((await check(`SBAGLIATO${i}`, ip).expect(200)).body).toEqual({ status: 'ko' });
      }
      const refused = await check('BENVENUTO10', ip).expect(429);
      expect(refused.body.error).toEqual({ code: 'troppi_tentativi', message: TOO_MANY_GUESSES_MESSAGE });
      // the window is 10 minutes from the first wrong guess
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      // another client is not affected
      expect((await check('BENVENUTO10', freshIp()).expect(200)).body.status).toBe('ok');
    });
  });

  describe('RedeemCoupon under concurrency', () => {
    it('lets exactly 5 of 20 concurrent redemptions through a coupon with maxUses 5', async () => {
      await post(admin, '/api/admin/coupons', { code: 'LIMITE5', percentage: 25, validFrom: '2030-03-01', validTo: '2030-03-31', maxUses: 5 }).expect(201);
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => catalog().redeemCoupon('LIMITE5', `order-${i}`, meta)));
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const r of refused) expect(r.reason).toMatchObject({ status: 409, code: 'coupon_esaurito' });
      const stream = await app.core.eventStore.readStream(couponStreamName('LIMITE5'));
      expect(stream.filter((e) => e.type === 'CouponRedeemed')).toHaveLength(5);
      expect((await check('limite5', freshIp()).expect(200)).body).toEqual({ status: 'ko' });
    });

    it('never exceeds the limit even without re-deciding: the stream revision refuses the losers', async () => {
      const { handleCommand } = await import('../../../platform/event-store/command-handler');
      const { couponDecider } = await import('./catalog.decider');
      await post(admin, '/api/admin/coupons', { code: 'LIMITE2', percentage: 25, validFrom: '2030-03-01', validTo: '2030-03-31', maxUses: 2 }).expect(201);
      const stream = couponStreamName('LIMITE2');
      await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          handleCommand(app.core.eventStore, stream, couponDecider, { type: 'RedeemCoupon', code: 'LIMITE2', orderId: `o-${i}`, today: '2030-03-04' }, meta),
        ),
      );
      const redeemed = (await app.core.eventStore.readStream(stream)).filter((e) => e.type === 'CouponRedeemed');
      expect(redeemed.length).toBeGreaterThanOrEqual(1);
      expect(redeemed.length).toBeLessThanOrEqual(2);
    });
  });
});
