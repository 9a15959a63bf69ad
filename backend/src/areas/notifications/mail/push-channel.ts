import type { Decided } from './messages';

/**
 * The outbox's second channel: a notification decided with `channel: 'push'` goes to the recipient's devices through
 * Web Push. The outbox owns the once-only sending, the retries and the dead letters; the push feature, above it,
 * implements this port (bound in the composition root), so the outbox imports nothing of it.
 */
export abstract class PushChannel {
  /** null when it is to send; otherwise why not (no device subscribed, the topic opted out) */
  abstract unwanted(n: Decided): Promise<string | null>;
  /** sends to every device of the recipient; throws (to be retried) when no device took it and some may later */
  abstract send(n: Decided): Promise<{ delivered: number; removed: number }>;
}
