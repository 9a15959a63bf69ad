// In-memory stand-in of the PayPal REST API (OAuth token + Orders v2), for tests and the demo only.
// The production code path is PaypalClient; this only plays the remote side.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { PAYPAL_SDK_STAND_IN_SCRIPT } from './paypal-sdk-stand-in';

import type { PaypalStandIn, StandInFault, StandInOrder, StandInRoute } from './paypal-stand-in.types';
export type { PaypalStandIn, StandInFault, StandInOrder, StandInOrderStatus, StandInRoute, StandInWebhookHeaders } from './paypal-stand-in.types';

const TOKEN_TTL_S = 32400;

export async function startPaypalStandIn(opts: { port?: number; clientId?: string; clientSecret?: string } = {}): Promise<PaypalStandIn> {
  const clientId = opts.clientId ?? `stand-in-client-${randomBytes(4).toString('hex')}`;
  const clientSecret = opts.clientSecret ?? `stand-in-secret-${randomBytes(8).toString('hex')}`;
  const tokens = new Set<string>();
  const orders = new Map<string, StandInOrder>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const calls = { token: 0, create: 0, capture: 0, get: 0, refund: 0, verify: 0, getCapture: 0 };
  let captureHook: (() => Promise<void>) | null = null;
  let capturedHook: ((order: StandInOrder) => Promise<void>) | null = null;
  let nextCaptureStatus = 'COMPLETED';
  let nextCaptureReason: string | undefined;
  let baseUrl = '';
  const webhookId = `WH-STANDIN-${randomBytes(6).toString('hex').toUpperCase()}`;
  // PayPal signs webhook messages with its certificate; the stand-in with a secret of its own, checked by its verify API
  const webhookSecret = randomBytes(32);
  const faults = new Map<StandInRoute, StandInFault[]>();
  const captureRequestIds: string[] = [];
  /** refund requests still inside PayPal's idempotency window: `${captureId}|${requestId}` */
  const refundRequests = new Set<string>();
  const takeFault = (route: StandInRoute) => faults.get(route)?.shift();
  const signature = (transmissionId: string, time: string, body: string) =>
    createHmac('sha256', webhookSecret).update(`${transmissionId}|${time}|${webhookId}|${body}`).digest('base64');
  const signed = (body: Record<string, unknown>) => {
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    return {
      body,
      headers: {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-STANDIN',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature(transmissionId, time, JSON.stringify(body)),
        'paypal-transmission-time': time,
      },
    };
  };
  const captureEvent = (o: StandInOrder, eventType: string) =>
    signed({
      id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      event_type: eventType,
      summary: `Payment ${eventType}`,
      resource: { ...o.capture, supplementary_data: { related_ids: { order_id: o.id } } },
    });

  /** what the buyer does in PayPal's window: CREATED → APPROVED (tests call it directly, the SDK stand-in over HTTP) */
  const buyerApproves = (orderId: string): StandInOrder | 'unknown' | 'not_approvable' => {
    const order = orders.get(orderId);
    if (!order) return 'unknown';
    if (order.status !== 'CREATED') return 'not_approvable';
    order.status = 'APPROVED';
    return order;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Paypal-Debug-Id': randomBytes(6).toString('hex') });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, name: string, message: string, issue?: string) =>
    send(res, status, {
      name,
      message,
      debug_id: randomBytes(6).toString('hex'),
      ...(issue ? { details: [{ issue, description: message }] } : {}),
    });

  const orderJson = (o: StandInOrder) => ({
    id: o.id,
    status: o.status,
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: o.referenceId,
        custom_id: o.customId,
        description: o.description,
        amount: o.amount,
        ...(o.capture ? { payments: { captures: [o.capture] } } : {}),
      },
    ],
    links: [
      { href: `${baseUrl}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      { href: `https://www.sandbox.paypal.com/checkoutnow?token=${o.id}`, rel: 'approve', method: 'GET' },
      { href: `${baseUrl}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' },
    ],
  });

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (data += c));
      req.on('end', () => resolve(data));
      req.on('error', reject);
    });

  const bearerOk = (req: IncomingMessage) => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return !!m && tokens.has(m[1]);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const body = await readBody(req);

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      calls.token++;
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      }
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return send(res, 200, {
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-STANDIN',
        expires_in: TOKEN_TTL_S,
        nonce: randomUUID(),
      });
    }

    // the browser's side (JS SDK stand-in): the script, and the buyer's approval, which PayPal's window would give
    if (req.method === 'GET' && path === '/sdk/js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
      return res.end(PAYPAL_SDK_STAND_IN_SCRIPT);
    }
    const approval = /^\/standin\/orders\/([^/]+)\/approve$/.exec(path);
    if (approval) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method !== 'POST') return fail(res, 405, 'METHOD_NOT_SUPPORTED', 'Method not supported');
      const approved = buyerApproves(decodeURIComponent(approval[1]));
      if (approved === 'unknown') return fail(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      if (approved === 'not_approvable') return fail(res, 422, 'UNPROCESSABLE_ENTITY', 'Order cannot be approved.', 'ORDER_CANNOT_BE_APPROVED');
      return send(res, 200, { id: approved.id, status: approved.status });
    }

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      if (!bearerOk(req)) return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      calls.verify++;
      let v: any;
      try {
        v = JSON.parse(body);
      } catch {
        return fail(res, 400, 'INVALID_REQUEST', 'Request is not well-formed', 'MALFORMED_REQUEST_JSON');
      }
      const expected = Buffer.from(signature(String(v?.transmission_id), String(v?.transmission_time), JSON.stringify(v?.webhook_event)));
      const given = Buffer.from(String(v?.transmission_sig));
      const ok = v?.webhook_id === webhookId && expected.length === given.length && timingSafeEqual(expected, given);
      return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    const captureLookup = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (captureLookup && req.method === 'GET') {
      if (!bearerOk(req)) return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      calls.getCapture++;
      const captureId = decodeURIComponent(captureLookup[1]);
      const order = [...orders.values()].find((o) => o.capture?.id === captureId);
      if (!order?.capture) return fail(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      return send(res, 200, {
        id: captureId,
        status: order.refund ? 'REFUNDED' : order.capture.status,
        amount: order.capture.amount,
        links: [
          { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
          ...(order.refund ? [{ href: `${baseUrl}/v2/payments/refunds/${order.refund.id}`, rel: 'refund', method: 'GET' }] : []),
        ],
      });
    }

    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (refund && req.method === 'POST') {
      if (!bearerOk(req)) return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      calls.refund++;
      const captureId = decodeURIComponent(refund[1]);
      const order = [...orders.values()].find((o) => o.capture?.id === captureId);
      if (!order) return fail(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      // a retry with the same request id inside the idempotency window answers the same refund; any other: 422
      const requestId = req.headers['paypal-request-id'];
      const key = `${captureId}|${typeof requestId === 'string' ? requestId : ''}`;
      if (order.refund && !refundRequests.has(key)) {
        return fail(res, 422, 'UNPROCESSABLE_ENTITY', 'Capture has already been fully refunded', 'CAPTURE_FULLY_REFUNDED');
      }
      refundRequests.add(key);
      order.refund ??= { id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17), status: 'COMPLETED' };
      return send(res, 201, { id: order.refund.id, status: order.refund.status, amount: order.amount });
    }

    if (!path.startsWith('/v2/checkout/orders')) return fail(res, 404, 'RESOURCE_NOT_FOUND', 'Not found', 'INVALID_RESOURCE_ID');
    if (!bearerOk(req)) return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      calls.create++;
      const createKey = req.headers['paypal-request-id'];
      const replayed = typeof createKey === 'string' && createKey ? idempotent.get(`create|${createKey}`) : undefined;
      if (replayed) return send(res, replayed.status, replayed.body);
      let parsed: any;
      try {
        parsed = JSON.parse(body);
      } catch {
        return fail(res, 400, 'INVALID_REQUEST', 'Request is not well-formed', 'MALFORMED_REQUEST_JSON');
      }
      const unit = parsed?.purchase_units?.[0];
      const amount = unit?.amount;
      if (parsed?.intent !== 'CAPTURE') return fail(res, 422, 'UNPROCESSABLE_ENTITY', 'intent', 'INVALID_PARAMETER_VALUE');
      if (!amount || typeof amount.value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(amount.value) || typeof amount.currency_code !== 'string') {
        return fail(res, 400, 'INVALID_REQUEST', 'amount', 'INVALID_PARAMETER_SYNTAX');
      }
      const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      const order: StandInOrder = {
        id,
        status: 'CREATED',
        referenceId: unit.reference_id ?? 'default',
        customId: unit.custom_id,
        description: unit.description,
        amount: { currency_code: amount.currency_code, value: amount.value },
      };
      orders.set(id, order);
      const { id: oid, status, links } = orderJson(order);
      if (typeof createKey === 'string' && createKey) idempotent.set(`create|${createKey}`, { status: 201, body: { id: oid, status, links } });
      return send(res, 201, { id: oid, status, links });
    }

    const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (!m) return fail(res, 404, 'RESOURCE_NOT_FOUND', 'Not found', 'INVALID_RESOURCE_ID');
    const orderId = decodeURIComponent(m[1]);

    if (req.method === 'GET' && !m[2]) {
      calls.get++;
      const order = orders.get(orderId);
      if (!order) return fail(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      return send(res, 200, orderJson(order));
    }

    if (req.method === 'POST' && m[2]) {
      calls.capture++;
      const requestId = req.headers['paypal-request-id'];
      captureRequestIds.push(typeof requestId === 'string' ? requestId : '');
      const key = typeof requestId === 'string' && requestId ? `${orderId}|${requestId}` : null;
      const replay = key ? idempotent.get(key) : undefined;
      if (replay) return send(res, replay.status, replay.body);
      const reply = (status: number, payload: unknown) => {
        // Only successful captures are replayed: a refused attempt may be retried with the same id.
        if (key && status < 300) idempotent.set(key, { status, body: payload });
        send(res, status, payload);
      };
      const order = orders.get(orderId);
      if (!order) return fail(res, 404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      const err = (issue: string, description: string) => ({
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
        debug_id: randomBytes(6).toString('hex'),
        details: [{ issue, description }],
      });
      if (order.status === 'COMPLETED') return reply(422, err('ORDER_ALREADY_CAPTURED', 'Order already captured.'));
      if (order.status !== 'APPROVED') return reply(422, err('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.'));
      if (captureHook) {
        const hook = captureHook;
        captureHook = null;
        await hook();
      }
      const captureStatus = nextCaptureStatus;
      const captureReason = nextCaptureReason;
      nextCaptureStatus = 'COMPLETED';
      nextCaptureReason = undefined;
      order.status = 'COMPLETED';
      order.capture = {
        id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        status: captureStatus,
        ...(captureReason ? { status_details: { reason: captureReason } } : {}),
        amount: { ...order.amount },
        ...(order.customId !== undefined ? { custom_id: order.customId } : {}),
      };
      if (capturedHook) {
        const hook = capturedHook;
        capturedHook = null;
        await hook(order);
      }
      return reply(201, orderJson(order));
    }

    return fail(res, 405, 'METHOD_NOT_SUPPORTED', 'Method not supported');
  };

  const routeOf = (method: string | undefined, path: string): StandInRoute | null => {
    if (path === '/v1/oauth2/token') return 'token';
    if (path === '/v1/notifications/verify-webhook-signature') return 'verify';
    if (/^\/v2\/payments\/captures\/[^/]+\/refund$/.test(path)) return 'refund';
    if (method === 'POST' && path === '/v2/checkout/orders') return 'create';
    if (/^\/v2\/checkout\/orders\/[^/]+\/capture$/.test(path)) return 'capture';
    if (method === 'GET' && /^\/v2\/checkout\/orders\/[^/]+$/.test(path)) return 'get';
    return null;
  };

  const server = createServer((req, res) => {
    const route = routeOf(req.method, new URL(req.url ?? '/', 'http://stand-in').pathname);
    const fault = route ? takeFault(route) : undefined;
    if (fault?.kind === 'status') {
      if (route === 'capture') calls.capture++;
      if (fault.status === 401) return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
      return fail(res, fault.status, fault.status === 422 ? 'UNPROCESSABLE_ENTITY' : 'INTERNAL_SERVER_ERROR', `Guasto simulato ${fault.status}`, fault.issue);
    }
    if (fault) {
      // the work is done; the answer comes late, or never
      const realEnd = res.end.bind(res);
      const realWriteHead = res.writeHead.bind(res);
      let status = 200;
      let headers: unknown;
      res.writeHead = (code: number, h?: unknown) => ((status = code), (headers = h), res);
      res.end = ((chunk?: unknown) => {
        if (fault.kind === 'lost') {
          req.socket.destroy();
        } else {
          setTimeout(() => {
            if (res.destroyed || req.socket.destroyed) return;
            realWriteHead(status, headers as never);
            realEnd(chunk as never);
          }, fault.ms).unref();
        }
        return res;
      }) as typeof res.end;
    }
    handle(req, res).catch((e) => fail(res, 500, 'INTERNAL_SERVER_ERROR', String(e)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    sdkUrl: `${baseUrl}/sdk/js`,
    clientId,
    clientSecret,
    orders,
    calls,
    approve(orderId: string) {
      const approved = buyerApproves(orderId);
      if (approved === 'unknown') throw new Error(`Ordine sconosciuto: ${orderId}`);
      if (approved === 'not_approvable') throw new Error(`Ordine ${orderId} non approvabile (stato ${orders.get(orderId)!.status})`);
    },
    beforeNextCapture(hook: () => Promise<void>) {
      captureHook = hook;
    },
    afterNextCapture(hook) {
      capturedHook = hook;
    },
    setNextCaptureStatus(status: string, reason?: string) {
      nextCaptureStatus = status;
      nextCaptureReason = reason ?? (status === 'PENDING' ? 'PENDING_REVIEW' : undefined);
    },
    webhookId,
    captureRequestIds,
    fault(route, fault) {
      faults.set(route, [...(faults.get(route) ?? []), fault]);
    },
    settleCapture(orderId, status) {
      const order = orders.get(orderId);
      if (!order?.capture || order.capture.status !== 'PENDING') throw new Error(`Nessuna cattura in verifica per l’ordine ${orderId}`);
      order.capture = { ...order.capture, status };
      delete order.capture.status_details;
      return captureEvent(order, status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED');
    },
    webhookFor(orderId, eventType) {
      const order = orders.get(orderId);
      if (!order?.capture) throw new Error(`Nessuna cattura per l’ordine ${orderId}`);
      return captureEvent(order, eventType);
    },
    forgetRefundRequests() {
      refundRequests.clear();
    },
    revokeTokens() {
      tokens.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
