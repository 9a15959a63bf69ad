import type { Clock } from '../common/clock';

export const COUPON_GUESS_LIMIT = 10;
export const COUPON_GUESS_WINDOW_MS = 10 * 60_000;

/**
 * Wrong coupon guesses per client, in memory (one process): at most `limit` within a sliding
 * window; past that the client is refused until the oldest guess leaves the window.
 */
export class CouponGuessLimiter {
  private readonly misses = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limit = COUPON_GUESS_LIMIT,
    private readonly windowMs = COUPON_GUESS_WINDOW_MS,
  ) {}

  /** true when the client has used up its wrong guesses */
  blocked(client: string): boolean {
    return this.recent(client).length >= this.limit;
  }

  recordMiss(client: string): void {
    const list = this.recent(client);
    list.push(this.clock.now().getTime());
    this.misses.set(client, list);
    if (this.misses.size > 10_000) this.sweep();
  }

  private recent(client: string): number[] {
    const since = this.clock.now().getTime() - this.windowMs;
    const list = (this.misses.get(client) ?? []).filter((t) => t > since);
    if (list.length === 0) this.misses.delete(client);
    else this.misses.set(client, list);
    return list;
  }

  private sweep(): void {
    for (const client of [...this.misses.keys()]) this.recent(client);
  }
}
