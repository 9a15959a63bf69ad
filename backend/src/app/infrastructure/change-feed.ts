import type { DocumentChange, ProjectionRunner } from '@studio/projections';
import { type ChangeFeed } from '../../platform/kernel/tokens';
import Redis from 'ioredis';

const changesChannel = (prefix: string) => `${prefix}read-model-changes`;
const appendsChannel = (prefix: string) => `${prefix}events-appended`;

export function runnerChangeFeed(runner: ProjectionRunner): ChangeFeed {
  return {
    onChange: (listener) => runner.onChange(listener),
    waitFor: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
    close: async () => undefined,
  };
}

/** the worker's side: forwards every committed batch */
export function publishChangesToRedis(runner: ProjectionRunner, redisUrl: string, prefix: string): () => Promise<void> {
  const redis = new Redis(redisUrl);
  const CHANNEL = changesChannel(prefix);
  const off = runner.onChange((changes) => {
    const position = Math.max(...changes.map((c) => c.position));
    void redis.publish(CHANNEL, JSON.stringify({ position, changes: changes.map(({ event: _event, ...c }) => c) }));
  });
  return async () => {
    off();
    await redis.quit();
  };
}

/** how often a waiting request reads the checkpoints itself, should a Redis message be lost (a reconnection) */
const CHECKPOINT_POLL_MS = 200;

/** a backend instance's side */
export function redisChangeFeed(redisUrl: string, prefix: string, readCheckpoint: () => Promise<number>): ChangeFeed {
  const sub = new Redis(redisUrl);
  const CHANNEL = changesChannel(prefix);
  const listeners = new Set<(changes: DocumentChange[]) => void>();
  const waiters = new Set<{ position: number; resolve: () => void }>();
  /** highest position the read models are known to hold; only ever moves forward */
  let seen = 0;
  const advance = (position: number) => {
    seen = Math.max(seen, position);
    for (const w of waiters) if (w.position <= seen) (waiters.delete(w), w.resolve());
  };
  void sub.subscribe(CHANNEL);
  sub.on('message', (_channel, payload) => {
    const { position, changes } = JSON.parse(payload) as { position: number; changes: DocumentChange[] };
    advance(position);
    for (const l of listeners) l(changes);
  });
  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async waitFor(position, timeoutMs = 5000) {
      if (position <= seen) return;
      await new Promise<void>((resolve, reject) => {
        // registered before the checkpoint is read: a message arriving meanwhile resolves it
        const waiter = { position, resolve: () => (clearTimeout(timer), clearInterval(poll), resolve()) };
        const check = () => void readCheckpoint().then(advance, () => undefined);
        const poll = setInterval(check, CHECKPOINT_POLL_MS);
        const timer = setTimeout(() => {
          clearInterval(poll);
          if (waiters.delete(waiter)) reject(new Error(`read model non aggiornato alla posizione ${position} entro ${timeoutMs} ms`));
        }, timeoutMs);
        timer.unref();
        poll.unref();
        waiters.add(waiter);
        check();
      });
    },
    async close() {
      await sub.quit();
    },
  };
}

/**
 * Scale-out on one SQLite event file: every process announces its commits on Redis, and the
 * others' live subscriptions wake at once instead of at their next poll (which stays as a
 * fallback should a message be lost).
 */
export function announceAppendsOnRedis(store: { onCommitted?: () => void; wake(): void }, redisUrl: string, prefix: string): () => Promise<void> {
  const pub = new Redis(redisUrl);
  const sub = new Redis(redisUrl);
  const channel = appendsChannel(prefix);
  const self = Math.random().toString(36).slice(2);
  void sub.subscribe(channel);
  sub.on('message', (_channel, from) => {
    if (from !== self) store.wake();
  });
  store.onCommitted = () => void pub.publish(channel, self);
  return async () => {
    store.onCommitted = undefined;
    await Promise.all([pub.quit(), sub.quit()]);
  };
}
