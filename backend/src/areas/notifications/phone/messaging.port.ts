/**
 * The one port every text channel goes through: a message to one phone, on SMS or WhatsApp, handed to a provider
 * (Twilio or Meta's Cloud API). The outbox owns once-only sending and retries; an adapter only says what the provider
 * answered: accepted (with its message id), or refused, permanently (another channel is tried) or for now (retried,
 * not before `retryAfterMs` when the provider said so).
 */
export interface OutgoingText {
  channel: 'sms' | 'whatsapp';
  /** E.164, `+393331234567` */
  to: string;
  body: string;
  /** the same on every attempt of one message: the provider's callbacks carry it back */
  idempotencyKey: string;
  /** an SMS's alphanumeric sender (the practice's name, up to 11 characters) instead of the number: it takes no replies */
  senderName?: string;
  /** WhatsApp outside the 24-hour service window: an approved template and its parameters */
  template?: { name: string; language: string; parameters: string[] };
}

export interface AcceptedText {
  providerMessageId: string;
  status: string;
}

export class ProviderRefusal extends Error {
  constructor(
    message: string,
    /** the provider's own code (21211, 21610, 131047…), or the HTTP status */
    readonly code: string,
    /** true: this channel will never take it (invalid number, unsubscribed, closed window) */
    readonly permanent: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface MessagingAdapter {
  readonly provider: 'twilio' | 'meta';
  readonly channels: readonly OutgoingText['channel'][];
  /** resolves with the provider's message id; rejects with a ProviderRefusal */
  send(text: OutgoingText): Promise<AcceptedText>;
}

/** a provider's Retry-After header (seconds or an HTTP date) in ms; null when absent or unreadable */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** a call that took longer than the provider's timeout, or whose connection dropped: sent again later, same key */
export async function providerCall(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const e = error as Error;
    throw new ProviderRefusal(`nessuna risposta dal fornitore (${e.name === 'TimeoutError' ? 'tempo scaduto' : 'connessione interrotta'})`, 'network', false);
  }
}
