// What the PayPal stand-in (paypal-stand-in.ts) holds and what a test can ask of it.

export type StandInOrderStatus = 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';

export interface StandInOrder {
  id: string;
  status: StandInOrderStatus;
  referenceId?: string;
  customId?: string;
  description?: string;
  amount: { currency_code: string; value: string };
  capture?: {
    id: string;
    status: string;
    status_details?: { reason: string };
    amount: { currency_code: string; value: string };
    custom_id?: string;
  };
  refund?: { id: string; status: string };
}

/** what the stand-in does to the next call of a route instead of answering normally (each fault is used once) */
export type StandInFault =
  /** answer this status and PayPal error body (e.g. 401 invalid_token, 500, 422 with an issue) without doing anything */
  | { kind: 'status'; status: number; issue?: string }
  /** do the work, then answer only after this many ms */
  | { kind: 'slow'; ms: number }
  /** do the work, then drop the connection: the caller never hears the answer */
  | { kind: 'lost' };
export type StandInRoute = 'token' | 'create' | 'capture' | 'get' | 'refund' | 'verify';

/** the headers PayPal sends with a webhook message */
export interface StandInWebhookHeaders {
  'paypal-auth-algo': string;
  'paypal-cert-url': string;
  'paypal-transmission-id': string;
  'paypal-transmission-sig': string;
  'paypal-transmission-time': string;
}

export interface PaypalStandIn {
  /** the webhook id this stand-in signs messages for (PAYPAL_WEBHOOK_ID) */
  webhookId: string;
  /** the next call of `route` meets `fault` (queued: several faults apply to successive calls) */
  fault(route: StandInRoute, fault: StandInFault): void;
  /** PayPal ends its review of a PENDING capture: COMPLETED or DECLINED; answers the webhook message it would send */
  settleCapture(orderId: string, status: 'COMPLETED' | 'DECLINED'): { body: Record<string, unknown>; headers: StandInWebhookHeaders };
  /** a webhook message of this type about the order's capture, signed as PayPal would (verified by verify-webhook-signature) */
  webhookFor(orderId: string, eventType: string): { body: Record<string, unknown>; headers: StandInWebhookHeaders };
  /** PayPal's refund idempotency window (6 h) passes: a repeated refund now answers 422 CAPTURE_FULLY_REFUNDED */
  forgetRefundRequests(): void;
  /** every token issued so far stops working (the next authorised call answers 401) */
  revokeTokens(): void;
  /** the PayPal-Request-Id of each capture request, in order */
  captureRequestIds: string[];
  baseUrl: string;
  /** the JS SDK stand-in script (see paypal-sdk-stand-in.ts) */
  sdkUrl: string;
  clientId: string;
  clientSecret: string;
  /** What the buyer does in the browser SDK: CREATED → APPROVED. */
  approve(orderId: string): void;
  /** Status of the next capture (e.g. 'DECLINED', 'PENDING'); resets to COMPLETED after one use. */
  setNextCaptureStatus(status: string, reason?: string): void;
  orders: Map<string, StandInOrder>;
  /** runs once, before the next capture answers: lets a test change the world while PayPal is busy */
  beforeNextCapture(hook: () => Promise<void>): void;
  /**
   * runs once, after the next capture is made (the money is PayPal's) and before its answer is sent: a test kills the
   * caller here (kill -9), so the capture exists at PayPal and the caller never heard of it
   */
  afterNextCapture(hook: (order: StandInOrder) => Promise<void>): void;
  /** Counters, handy for assertions (e.g. token caching). */
  calls: { token: number; create: number; capture: number; get: number; refund: number; verify: number; getCapture: number };
  close(): Promise<void>;
}
