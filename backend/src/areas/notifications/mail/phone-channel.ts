import type { Sealed } from '@studio/contracts';
import type { Decided } from './messages';

/** a text the provider would not take: for good (the next channel is tried) or for now (retried, not before retryAfterMs) */
export class TextRefused extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/**
 * The outbox's text channels: a notification decided with `channel: 'sms'` or `'whatsapp'` goes to the recipient's
 * mobile through Twilio or Meta. The outbox owns once-only sending, retries and dead letters; the phone feature, above
 * it, implements this port (bound in the composition root), so the outbox imports nothing of it.
 */
export abstract class PhoneChannel {
  /** null when it is to send; otherwise why not (no consent for the channel, no mobile, no provider) */
  abstract unwanted(n: Decided): Promise<string | null>;
  /** hands the text to the provider; throws TextRefused */
  abstract send(n: Decided): Promise<{ messageId: string; transport: 'twilio' | 'meta'; content: Sealed }>;
}
