// Server-side PayPal Orders v2 client. Production code path: every answer is validated with zod.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { centsToValue, valueToCents } from './money';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface PaypalConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Injectable for tests; defaults to the global fetch. */
  fetch?: FetchLike;
  /** Refresh the token this many ms before it expires (default 60s). */
  tokenSkewMs?: number;
  /** Clock, injectable for tests. */
  now?: () => number;
  /** each attempt of a call is abandoned after this many ms (default 10 s): a hung PayPal never holds a confirmation */
  timeoutMs?: number;
  /** attempts after the first on a lost answer (network, timeout, 5xx, 429), with the same PayPal-Request-Id (default 2) */
  retries?: number;
  /** waits between attempts (injectable for tests; default setTimeout) */
  sleep?: (ms: number) => Promise<void>;
  /** the id of this app's webhook at PayPal (PAYPAL_WEBHOOK_ID), for verify-webhook-signature */
  webhookId?: string;
}

export type PaypalCurrency = 'EUR';

export interface CreateOrderInput {
  referenceId: string;
  customId?: string;
  description?: string;
  amountCents: number;
  currency: PaypalCurrency;
}

export interface CreatedOrder {
  id: string;
  status: string;
}

export interface CaptureSummary {
  orderId: string;
  /** Order status (CREATED, APPROVED, COMPLETED, ...). */
  status: string;
  /** Status of the capture itself (COMPLETED, DECLINED, PENDING, ...), null when nothing was captured. */
  captureStatus: string | null;
  captureId: string | null;
  /** True only when both the order and its capture are COMPLETED: the one check callers should trust. */
  paid: boolean;
  /** capture_status_details.reason of a PENDING or DENIED capture (e.g. PENDING_REVIEW, ECHECK), null otherwise */
  captureReason: string | null;
  amountCents: number | null;
  currency: string | null;
  referenceId: string | null;
  customId: string | null;
}

/** Error from PayPal (HTTP status + PayPal name/message/issue) or a malformed/untrusted answer. */
export class PaypalError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly paypalName: string,
    readonly issue?: string,
    readonly debugId?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'PaypalError';
  }
}

// ---- response schemas ----

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  token_type: z.string().optional(),
});

const linkSchema = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

const createdOrderSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  links: z.array(linkSchema).optional(),
});

const amountSchema = z.object({
  currency_code: z.string().length(3),
  value: z.string().regex(/^\d+(\.\d{1,2})?$/, 'value con più di 2 decimali o non numerico'),
});

const captureSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  /** why a capture is PENDING or DENIED (capture_status_details.reason) */
  status_details: z.object({ reason: z.string().optional() }).optional(),
  amount: amountSchema,
  custom_id: z.string().optional(),
});

const refundSchema = z.object({ id: z.string(), status: z.string() });
export interface RefundSummary {
  refundId: string;
  /** COMPLETED, or PENDING while PayPal finishes it */
  status: string;
}

/** GET /v2/payments/captures/{id} (Payments v2): the capture's status and its links (the refunds among them) */
const paymentCaptureSchema = z.object({ id: z.string(), status: z.string(), links: z.array(linkSchema).optional() });

const verifySignatureSchema = z.object({ verification_status: z.enum(['SUCCESS', 'FAILURE']) });

/** the transmission headers PayPal sends with each webhook message (notifications_webhooks_v1 verify_webhook_signature) */
export interface WebhookTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        amount: amountSchema.optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .min(1),
});

const errorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  error: z.string().optional(), // oauth errors: {error, error_description}
  error_description: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
});

function summarize(order: z.infer<typeof orderSchema>): CaptureSummary {
  const unit = order.purchase_units[0];
  const capture = unit.payments?.captures?.[0];
  return {
    orderId: order.id,
    status: order.status,
    captureStatus: capture?.status ?? null,
    captureId: capture?.id ?? null,
    paid: order.status === 'COMPLETED' && capture?.status === 'COMPLETED',
    captureReason: capture?.status_details?.reason ?? null,
    amountCents: capture ? valueToCents(capture.amount.value) : unit.amount ? valueToCents(unit.amount.value) : null,
    currency: capture?.amount.currency_code ?? unit.amount?.currency_code ?? null,
    referenceId: unit.reference_id ?? null,
    customId: capture?.custom_id ?? unit.custom_id ?? null,
  };
}

export class PaypalClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: FetchLike;
  private readonly skewMs: number;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenInFlight: Promise<string> | null = null;

  constructor(private readonly config: PaypalConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = config.fetch ?? ((input, init) => fetch(input, init));
    this.skewMs = config.tokenSkewMs ?? 60_000;
    this.now = config.now ?? Date.now;
    this.timeoutMs = config.timeoutMs ?? 10_000;
    this.retries = config.retries ?? 2;
    this.sleep = config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async getAccessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    if (!this.tokenInFlight) {
      this.tokenInFlight = this.fetchToken().finally(() => {
        this.tokenInFlight = null;
      });
    }
    return this.tokenInFlight;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const body = await this.request(
      'POST',
      '/v1/oauth2/token',
      tokenSchema,
      {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      'grant_type=client_credentials',
    );
    const lifetimeMs = body.expires_in * 1000;
    // Short-lived tokens: cache for half their life rather than not at all.
    const skew = Math.min(this.skewMs, lifetimeMs / 2);
    this.token = { value: body.access_token, expiresAt: this.now() + lifetimeMs - skew };
    return body.access_token;
  }

  /** `requestId`: the PayPal-Request-Id that makes a retried creation PayPal's same order */
  async createOrder(input: CreateOrderInput, requestId: string = randomUUID()): Promise<CreatedOrder> {
    if (input.currency !== 'EUR') throw new RangeError(`Valuta non supportata: ${input.currency}`);
    const unit: Record<string, unknown> = {
      reference_id: input.referenceId,
      amount: { currency_code: input.currency, value: centsToValue(input.amountCents) },
    };
    if (input.customId !== undefined) unit.custom_id = input.customId;
    if (input.description !== undefined) unit.description = input.description;
    const body = {
      intent: 'CAPTURE',
      purchase_units: [unit],
      // no shipping; experience_context replaces the deprecated application_context.shipping_preference
      payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
    };
    const res = await this.authed('POST', '/v2/checkout/orders', createdOrderSchema, JSON.stringify(body), { 'PayPal-Request-Id': requestId });
    return { id: res.id, status: res.status };
  }

  async captureOrder(orderId: string, requestId: string): Promise<CaptureSummary> {
    const order = await this.authed('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, orderSchema, '{}', {
      'PayPal-Request-Id': requestId,
      Prefer: 'return=representation',
    });
    return this.toSummary(order);
  }

  /**
   * A full refund of a capture (Payments v2); the request id makes a retry safe. Past PayPal's idempotency window a retry
   * answers 422 CAPTURE_FULLY_REFUNDED: the capture is refunded, which is what was asked; its refund is looked up.
   */
  async refundCapture(captureId: string, requestId: string): Promise<RefundSummary> {
    const path = `/v2/payments/captures/${encodeURIComponent(captureId)}`;
    try {
      const refund = await this.authed('POST', `${path}/refund`, refundSchema, '{}', { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' });
      return { refundId: refund.id, status: refund.status };
    } catch (error) {
      if (!(error instanceof PaypalError && error.issue === 'CAPTURE_FULLY_REFUNDED')) throw error;
      const capture = await this.authed('GET', path, paymentCaptureSchema);
      const refundLink = capture.links?.find((l) => l.rel === 'refund');
      return { refundId: refundLink ? decodeURIComponent(refundLink.href.split('/').pop()!) : `rimborsato-${captureId}`, status: 'COMPLETED' };
    }
  }

  /** POST /v1/notifications/verify-webhook-signature: PayPal's word on whether this message is theirs, for our webhook */
  async verifyWebhookSignature(transmission: WebhookTransmission, event: unknown): Promise<boolean> {
    if (!this.config.webhookId) return false;
    const body = {
      auth_algo: transmission.authAlgo,
      cert_url: transmission.certUrl,
      transmission_id: transmission.transmissionId,
      transmission_sig: transmission.transmissionSig,
      transmission_time: transmission.transmissionTime,
      webhook_id: this.config.webhookId,
      webhook_event: event,
    };
    const res = await this.authed('POST', '/v1/notifications/verify-webhook-signature', verifySignatureSchema, JSON.stringify(body));
    return res.verification_status === 'SUCCESS';
  }

  async getOrder(orderId: string): Promise<CaptureSummary> {
    const order = await this.authed('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`, orderSchema);
    return this.toSummary(order);
  }

  private toSummary(order: z.infer<typeof orderSchema>): CaptureSummary {
    try {
      return summarize(order);
    } catch (e) {
      throw new PaypalError(`Risposta PayPal non valida: ${(e as Error).message}`, 502, 'MALFORMED_RESPONSE');
    }
  }

  private async authed<T>(method: string, path: string, schema: z.ZodType<T>, body?: string, extra: Record<string, string> = {}): Promise<T> {
    const call = async () => {
      const headers: Record<string, string> = { Authorization: `Bearer ${await this.getAccessToken()}`, ...extra };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      return this.request(method, path, schema, headers, body);
    };
    try {
      return await call();
    } catch (e) {
      if (!(e instanceof PaypalError && e.httpStatus === 401)) throw e;
      // a token PayPal revoked or expired before its time: a new one, and the same call (same request id) once more
      this.token = null;
      return call();
    }
  }

  /** one call, retried with the same headers (so the same PayPal-Request-Id) while the answer is lost */
  private async request<T>(method: string, path: string, schema: z.ZodType<T>, headers: Record<string, string>, body?: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(method, path, schema, headers, body);
      } catch (e) {
        const lost = e instanceof PaypalError && (e.httpStatus === 0 || e.httpStatus === 429 || e.httpStatus >= 500);
        if (!lost || attempt >= this.retries) throw e;
        await this.sleep(Math.min(250 * 2 ** attempt, 2000));
      }
    }
  }

  private async attempt<T>(method: string, path: string, schema: z.ZodType<T>, headers: Record<string, string>, body?: string): Promise<T> {
    let res: Response;
    let text: string;
    try {
      res = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers: { Accept: 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      const timedOut = (e as Error).name === 'TimeoutError';
      throw new PaypalError(
        timedOut ? `PayPal non ha risposto entro ${this.timeoutMs} ms` : `PayPal non raggiungibile: ${(e as Error).message}`,
        0,
        timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
      );
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const parsed = errorSchema.safeParse(json);
      const err = parsed.success ? parsed.data : {};
      const name = err.name ?? err.error ?? `HTTP_${res.status}`;
      const issue = err.details?.find((d) => d.issue)?.issue;
      const message = err.message ?? err.error_description ?? (issue ? `${name}: ${issue}` : `PayPal HTTP ${res.status}`);
      throw new PaypalError(message, res.status, name, issue, err.debug_id, err.details);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new PaypalError(`Risposta PayPal non valida su ${method} ${path}: ${parsed.error.message}`, res.status, 'MALFORMED_RESPONSE');
    }
    return parsed.data;
  }
}
