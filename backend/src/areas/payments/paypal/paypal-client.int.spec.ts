import { PaypalClient, PaypalError, type FetchLike } from './paypal-client';
import { startPaypalStandIn, type PaypalStandIn } from './paypal-stand-in';
import { centsToValue, valueToCents } from './money';

describe('PaypalClient contro lo stand-in', () => {
  let pp: PaypalStandIn;
  let client: PaypalClient;

  beforeAll(async () => {
    pp = await startPaypalStandIn();
  });
  afterAll(() => pp.close());
  beforeEach(() => {
    client = new PaypalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: pp.clientSecret });
  });

  const order = (amountCents = 8000) => client.createOrder({ referenceId: 'pren-1', customId: 'cust-42', description: 'Visita', amountCents, currency: 'EUR' });

  async function expectPaypalError(p: Promise<unknown>): Promise<PaypalError> {
    const e = await p.then(
      () => {
        throw new Error('doveva fallire');
      },
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(PaypalError);
    return e as PaypalError;
  }

  it('usa un solo token per più richieste', async () => {
    const before = pp.calls.token;
    const created = await order();
    await client.getOrder(created.id);
    await Promise.all([order(), order(), client.getAccessToken()]);
    expect(pp.calls.token - before).toBe(1);
  });

  it('rinnova il token poco prima della scadenza', async () => {
    let now = 1_000_000;
    const c = new PaypalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: pp.clientSecret, now: () => now });
    const before = pp.calls.token;
    const t1 = await c.getAccessToken();
    now += (32400 - 61) * 1000;
    expect(await c.getAccessToken()).toBe(t1);
    now += 2000; // dentro il margine di 60s
    const t2 = await c.getAccessToken();
    expect(t2).not.toBe(t1);
    expect(pp.calls.token - before).toBe(2);
  });

  it('create → approve → capture COMPLETED con importo esatto', async () => {
    const created = await order(8000);
    expect(created.status).toBe('CREATED');
    expect(pp.orders.get(created.id)?.amount).toEqual({ currency_code: 'EUR', value: '80.00' });

    const pending = await client.getOrder(created.id);
    expect(pending).toMatchObject({ orderId: created.id, status: 'CREATED', captureId: null, paid: false, amountCents: 8000 });

    pp.approve(created.id);
    const cap = await client.captureOrder(created.id, 'req-1');
    expect(cap).toEqual({
      orderId: created.id,
      status: 'COMPLETED',
      captureStatus: 'COMPLETED',
      captureReason: null,
      captureId: expect.any(String),
      paid: true,
      amountCents: 8000,
      currency: 'EUR',
      referenceId: 'pren-1',
      customId: 'cust-42',
    });
    expect(await client.getOrder(created.id)).toEqual(cap);
  });

  it('lato browser: serve lo script dello SDK e approva un ordine come farebbe il pagatore (una volta sola)', async () => {
    const script = await fetch(pp.sdkUrl);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain('window.paypal');

    const created = await order(5000);
    const approval = await fetch(`${pp.baseUrl}/standin/orders/${created.id}/approve`, { method: 'POST' });
    expect(approval.status).toBe(200);
    expect(approval.headers.get('access-control-allow-origin')).toBe('*');
    expect(pp.orders.get(created.id)?.status).toBe('APPROVED');
    expect((await fetch(`${pp.baseUrl}/standin/orders/${created.id}/approve`, { method: 'POST' })).status).toBe(422);
    expect((await fetch(`${pp.baseUrl}/standin/orders/SCONOSCIUTO/approve`, { method: 'POST' })).status).toBe(404);
    expect((await client.captureOrder(created.id, 'req-browser')).status).toBe('COMPLETED');
  });

  it('capture prima dell’approvazione → PaypalError 422 ORDER_NOT_APPROVED', async () => {
    const created = await order();
    const e = await expectPaypalError(client.captureOrder(created.id, 'req-na'));
    expect(e.httpStatus).toBe(422);
    expect(e.paypalName).toBe('UNPROCESSABLE_ENTITY');
    expect(e.issue).toBe('ORDER_NOT_APPROVED');
  });

  it('capture idempotente con lo stesso PayPal-Request-Id', async () => {
    const created = await order(7250);
    pp.approve(created.id);
    const a = await client.captureOrder(created.id, 'req-idem');
    const b = await client.captureOrder(created.id, 'req-idem');
    expect(b).toEqual(a);
    expect(a.amountCents).toBe(7250);
    // Un request id diverso è una seconda capture: rifiutata.
    const e = await expectPaypalError(client.captureOrder(created.id, 'req-other'));
    expect(e.issue).toBe('ORDER_ALREADY_CAPTURED');
  });

  it('lo stato DECLINED / PENDING della capture emerge', async () => {
    const d = await order();
    pp.approve(d.id);
    pp.setNextCaptureStatus('DECLINED');
    const declined = await client.captureOrder(d.id, 'req-d');
    expect(declined.captureStatus).toBe('DECLINED');
    expect(declined.paid).toBe(false);

    const p = await order();
    pp.approve(p.id);
    pp.setNextCaptureStatus('PENDING');
    const pending = await client.captureOrder(p.id, 'req-p');
    expect(pending.captureStatus).toBe('PENDING');
    expect(pending.paid).toBe(false);

    const ok = await order();
    pp.approve(ok.id);
    expect((await client.captureOrder(ok.id, 'req-ok')).paid).toBe(true); // il default torna COMPLETED
  });

  it('ordine sconosciuto → 404 RESOURCE_NOT_FOUND', async () => {
    const e = await expectPaypalError(client.getOrder('NOPE123'));
    expect(e.httpStatus).toBe(404);
    expect(e.paypalName).toBe('RESOURCE_NOT_FOUND');
    const e2 = await expectPaypalError(client.captureOrder('NOPE123', 'r'));
    expect(e2.httpStatus).toBe(404);
  });

  it('credenziali sbagliate → PaypalError 401', async () => {
    const bad = new PaypalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: 'sbagliato' });
    const e = await expectPaypalError(bad.createOrder({ referenceId: 'x', amountCents: 100, currency: 'EUR' }));
    expect(e.httpStatus).toBe(401);
    expect(e.paypalName).toBe('invalid_client');
  });

  it('bearer non valido → 401', async () => {
    const res = await fetch(`${pp.baseUrl}/v2/checkout/orders/X`, { headers: { Authorization: 'Bearer falso' } });
    expect(res.status).toBe(401);
  });

  it('un 401 su una chiamata: nuovo token e la stessa chiamata ripetuta una volta', async () => {
    let apiCalls = 0;
    let tokenCalls = 0;
    const f: FetchLike = async (url, init) => {
      if (url.endsWith('/v1/oauth2/token')) tokenCalls++;
      else if (apiCalls++ === 0) return new Response('{"error":"invalid_token"}', { status: 401 });
      return fetch(url, init);
    };
    const c = new PaypalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: pp.clientSecret, fetch: f });
    await c.createOrder({ referenceId: 'r', amountCents: 100, currency: 'EUR' });
    expect([tokenCalls, apiCalls]).toEqual([2, 2]);
  });

  it('un token revocato da PayPal (401 dallo stand-in): la capture riesce con un token nuovo, stesso request id', async () => {
    const created = await order();
    pp.approve(created.id);
    pp.revokeTokens();
    const tokens = pp.calls.token;
    const ids = pp.captureRequestIds.length;
    expect((await client.captureOrder(created.id, 'req-401')).paid).toBe(true);
    expect(pp.calls.token).toBe(tokens + 1);
    expect(pp.captureRequestIds.slice(ids)).toEqual(['req-401']);
  });

  it('un secondo 401 di fila non si ripete oltre: PaypalError 401', async () => {
    const created = await order();
    pp.fault('get', { kind: 'status', status: 401 });
    pp.fault('get', { kind: 'status', status: 401 });
    expect((await expectPaypalError(client.getOrder(created.id))).httpStatus).toBe(401);
  });

  it('risposta persa dopo la capture: ritenta con lo stesso PayPal-Request-Id e riceve la stessa cattura', async () => {
    const c = new PaypalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: pp.clientSecret, sleep: async () => undefined });
    const created = await order();
    pp.approve(created.id);
    pp.fault('capture', { kind: 'lost' });
    const ids = pp.captureRequestIds.length;
    const captured = await c.captureOrder(created.id, 'req-lost');
    expect(captured.paid).toBe(true);
    expect(pp.captureRequestIds.slice(ids)).toEqual(['req-lost', 'req-lost']);
    expect(pp.orders.get(created.id)!.capture!.id).toBe(captured.captureId);
  });

  it('PayPal lento oltre il timeout: tentativi limitati con lo stesso request id, poi PaypalError TIMEOUT', async () => {
    const c = new PaypalClient({
      baseUrl: pp.baseUrl,
      clientId: pp.clientId,
      clientSecret: pp.clientSecret,
      timeoutMs: 100,
      retries: 1,
      sleep: async () => undefined,
    });
    const created = await order();
    pp.approve(created.id);
    pp.fault('capture', { kind: 'slow', ms: 1000 });
    pp.fault('capture', { kind: 'slow', ms: 1000 });
    const ids = pp.captureRequestIds.length;
    const e = await expectPaypalError(c.captureOrder(created.id, 'req-slow'));
    expect(e.paypalName).toBe('TIMEOUT');
    expect(pp.captureRequestIds.slice(ids)).toEqual(['req-slow', 'req-slow']);
  });

  it('un 500 seguito da una risposta: riesce al secondo tentativo; un 422 non si ritenta', async () => {
    const c = new PaypalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: pp.clientSecret, sleep: async () => undefined });
    const created = await order();
    pp.fault('get', { kind: 'status', status: 500 });
    expect((await c.getOrder(created.id)).orderId).toBe(created.id);
    const gets = pp.calls.get;
    pp.fault('get', { kind: 'status', status: 422, issue: 'SOMETHING' });
    await expectPaypalError(c.getOrder(created.id));
    expect(pp.calls.get).toBe(gets);
  });

  it('rimborso ripetuto oltre la finestra di idempotenza: 422 CAPTURE_FULLY_REFUNDED vale come rimborsato (lo stesso rimborso)', async () => {
    const created = await order();
    pp.approve(created.id);
    const { captureId } = await client.captureOrder(created.id, 'req-ref');
    const first = await client.refundCapture(captureId!, 'refund-x');
    expect(await client.refundCapture(captureId!, 'refund-x')).toEqual(first);
    pp.forgetRefundRequests();
    expect(await client.refundCapture(captureId!, 'refund-x')).toEqual({ refundId: first.refundId, status: 'COMPLETED' });
    expect(pp.orders.get(created.id)!.refund!.id).toBe(first.refundId);
  });

  it('crea l’ordine con payment_source.paypal.experience_context (NO_SHIPPING), non con application_context', async () => {
    const bodies: unknown[] = [];
    const f: FetchLike = async (url, init) => {
      if (url.endsWith('/v2/checkout/orders') && init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
      return fetch(url, init);
    };
    await new PaypalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: pp.clientSecret, fetch: f }).createOrder({
      referenceId: 'r',
      amountCents: 100,
      currency: 'EUR',
    });
    expect(bodies).toEqual([expect.objectContaining({ payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } } })]);
    expect(bodies[0]).not.toHaveProperty('application_context');
  });

  it('verify-webhook-signature: SUCCESS per un messaggio firmato dallo stand-in, FAILURE se alterato o per un altro webhook', async () => {
    const c = new PaypalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: pp.clientSecret, webhookId: pp.webhookId });
    const created = await order();
    pp.approve(created.id);
    await c.captureOrder(created.id, 'req-wh');
    const { body, headers } = pp.webhookFor(created.id, 'PAYMENT.CAPTURE.COMPLETED');
    const transmission = {
      authAlgo: headers['paypal-auth-algo'],
      certUrl: headers['paypal-cert-url'],
      transmissionId: headers['paypal-transmission-id'],
      transmissionSig: headers['paypal-transmission-sig'],
      transmissionTime: headers['paypal-transmission-time'],
    };
    expect(await c.verifyWebhookSignature(transmission, body)).toBe(true);
    expect(await c.verifyWebhookSignature(transmission, { ...body, event_type: 'PAYMENT.CAPTURE.REFUNDED' })).toBe(false);
    const other = new PaypalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: pp.clientSecret, webhookId: 'WH-ALTRO' });
    expect(await other.verifyWebhookSignature(transmission, body)).toBe(false);
  });

  it('capture rifiutata prima dell’approvazione si può ritentare con lo stesso request id', async () => {
    const created = await order();
    await expectPaypalError(client.captureOrder(created.id, 'req-retry'));
    pp.approve(created.id);
    expect((await client.captureOrder(created.id, 'req-retry')).paid).toBe(true);
  });

  describe('risposte malformate (fetch iniettato)', () => {
    const json = (status: number, body: unknown) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const fakeFetch =
      (api: (url: string) => Response): FetchLike =>
      async (url) =>
        url.endsWith('/v1/oauth2/token') ? json(200, { access_token: 'tok', expires_in: 3600 }) : api(url);
    const mk = (f: FetchLike) => new PaypalClient({ baseUrl: 'http://fake', clientId: 'a', clientSecret: 'b', fetch: f });

    it('corpo non JSON', async () => {
      const e = await expectPaypalError(mk(fakeFetch(() => json(200, '<html>garbage'))).getOrder('X'));
      expect(e.paypalName).toBe('MALFORMED_RESPONSE');
    });

    it('capture senza purchase_units', async () => {
      const e = await expectPaypalError(mk(fakeFetch(() => json(201, { id: 'X', status: 'COMPLETED' }))).captureOrder('X', 'r'));
      expect(e.paypalName).toBe('MALFORMED_RESPONSE');
    });

    it('importo con più di 2 decimali o numerico', async () => {
      const bad = (value: unknown) => ({
        id: 'X',
        status: 'COMPLETED',
        purchase_units: [{ reference_id: 'r', payments: { captures: [{ id: 'C', status: 'COMPLETED', amount: { currency_code: 'EUR', value } }] } }],
      });
      for (const v of ['80.001', 80, '1e3', '-5.00']) {
        const e = await expectPaypalError(mk(fakeFetch(() => json(201, bad(v)))).captureOrder('X', 'r'));
        expect(e.paypalName).toBe('MALFORMED_RESPONSE');
      }
    });

    it('token malformato', async () => {
      const c = mk(async () => json(200, { access_token: 42 }));
      const e = await expectPaypalError(c.getAccessToken());
      expect(e.paypalName).toBe('MALFORMED_RESPONSE');
    });

    it('errore di rete → PaypalError NETWORK_ERROR', async () => {
      const e = await expectPaypalError(
        mk(async () => {
          throw new TypeError('fetch failed');
        }).getAccessToken(),
      );
      expect(e.paypalName).toBe('NETWORK_ERROR');
    });
  });
});

describe('conversione centesimi ↔ value', () => {
  it.each([
    [8000, '80.00'],
    [7200, '72.00'],
    [0, '0.00'],
    [5, '0.05'],
    [10, '0.10'],
    [99, '0.99'],
    [1999, '19.99'],
    [123456789, '1234567.89'],
  ])('%d ↔ %s', (cents, value) => {
    expect(centsToValue(cents)).toBe(value);
    expect(valueToCents(value)).toBe(cents);
  });

  it('accetta value con 0 o 1 decimale', () => {
    expect(valueToCents('72')).toBe(7200);
    expect(valueToCents('0.5')).toBe(50);
    expect(valueToCents('0.29')).toBe(29); // 0.29*100 = 28.999… in float
    expect(valueToCents('1.15')).toBe(115);
  });

  it.each(['80.001', '1e3', '-1.00', '', ' 1.00', '1.', '.50', 'abc', '1,00'])('rifiuta %p', (v) => {
    expect(() => valueToCents(v)).toThrow(RangeError);
  });

  it.each([-1, 1.5, NaN, Infinity, Number.MAX_SAFE_INTEGER + 1])('rifiuta centesimi %p', (c) => {
    expect(() => centsToValue(c)).toThrow(RangeError);
  });

  it('createOrder rifiuta centesimi non interi prima di chiamare PayPal', async () => {
    const f = jest.fn();
    const c = new PaypalClient({ baseUrl: 'http://fake', clientId: 'a', clientSecret: 'b', fetch: f });
    await expect(c.createOrder({ referenceId: 'r', amountCents: 80.5, currency: 'EUR' })).rejects.toThrow(RangeError);
    expect(f).not.toHaveBeenCalled();
  });
});
