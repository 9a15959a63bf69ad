import type { Subscription } from '@studio/contracts';
/** Helpers shared by the adapters, so they agree on the semantics the contract suite checks. */

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

/**
 * A promise settled from outside. The rejection is pre-handled: a subscription whose `caughtUp`
 * nobody awaits must not crash Node with an unhandled rejection when its handler fails.
 */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** Used when a subscriber passes no onError: a stopped subscription must not go unnoticed. */
export function reportSubscriptionError(error: Error): void {
  console.error('Sottoscrizione agli eventi interrotta:', error);
}

/**
 * A subscription as the adapters hand it out: closed once, by its holder or by the store's own close (it leaves the
 * store's set `open`, its pending catch-up is refused, `stop` ends the adapter's reading). `run` is the delivery loop,
 * which looks at `closed()` between events. A failing handler stops the subscription: the runner restarts it from its
 * own stored checkpoint.
 */
export function startSubscription(
  open: Set<Subscription>,
  caughtUp: Deferred<void>,
  run: (closed: () => boolean) => Promise<void>,
  onError: (error: Error) => void,
  stop: () => void | Promise<void>,
): Subscription {
  let closed = false;
  const subscription: Subscription = {
    caughtUp: caughtUp.promise,
    get closed() {
      return closed;
    },
    close: async () => {
      closed = true;
      open.delete(subscription);
      caughtUp.reject(new Error('Sottoscrizione chiusa prima di essere in pari'));
      await stop();
    },
  };
  open.add(subscription);
  run(() => closed).catch((error: unknown) => {
    const err = toError(error);
    caughtUp.reject(err);
    void subscription.close();
    onError(err);
  });
  return subscription;
}
