import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError,
  checkExpectedRevision,
  type AppendResult,
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from '@studio/contracts';
import { GENESIS_HASH, chained } from './hash-chain';
/** Helpers shared by the adapters, so they agree on the semantics the contract suite checks. */

/** one append as the SQL adapters' group commits take it */
export interface AppendRequest {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

/** one append's answer; plain data, so it crosses from the SQLite writer thread unchanged */
export type AppendOutcome = { ok: AppendResult } | { conflict: number | 'no_stream' } | { error: string };

/** an append waiting for its group to commit */
export interface PendingAppend {
  request: AppendRequest;
  resolve(result: AppendResult): void;
  reject(error: Error): void;
}

/** the append's promise settled by its outcome: a conflict is the port's WrongExpectedRevisionError */
export function settleAppend(pending: PendingAppend, outcome: AppendOutcome): void {
  if ('ok' in outcome) pending.resolve(outcome.ok);
  else if ('conflict' in outcome) pending.reject(new WrongExpectedRevisionError(pending.request.stream, pending.request.expected, outcome.conflict));
  else pending.reject(new Error(outcome.error));
}

/** a stream's last event as an append finds it: revision -1 and the genesis hash when there is none */
export interface StreamHead {
  revision: number;
  hash: string;
}

export const noStream = (): StreamHead => ({ revision: -1, hash: GENESIS_HASH });

/** an event as both SQL logs store it (but its position, which each hands out its own way) */
export interface EventRow {
  id: string;
  stream: string;
  revision: number;
  type: string;
  /** JSON text */
  data: string;
  /** JSON text, with the event's hash and, with a chain key, its head signature */
  metadata: string;
}

/**
 * An append decided against its stream's head, which the caller read under its write lock: the expected-revision
 * check, then the rows with the hash chain extended from the head (each signed with `chainKey`). Either the conflict
 * (the stream's actual revision) or the rows and the head they leave.
 */
export function planAppend(
  request: AppendRequest,
  head: StreamHead,
  chainKey?: Buffer,
): { conflict: number | 'no_stream' } | { rows: EventRow[]; head: StreamHead } {
  try {
    checkExpectedRevision(request.stream, request.expected, head.revision);
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return { conflict: error.actual };
    throw error;
  }
  let hash = head.hash;
  const rows = request.events.map((event, i): EventRow => {
    const revision = head.revision + 1 + i;
    const metadata = chained(event.type, event.data, event.metadata, hash, chainKey && { key: chainKey, stream: request.stream, revision });
    hash = metadata.hash as string;
    return {
      id: event.id ?? randomUUID(),
      stream: request.stream,
      revision,
      type: event.type,
      data: JSON.stringify(event.data ?? null),
      metadata: JSON.stringify(metadata),
    };
  });
  return { rows, head: { revision: head.revision + rows.length, hash } };
}

/** the columns the SQL adapters read an event from, in the order `recordedEvent` takes them */
export const EVENT_COLUMNS = 'position, id, stream, revision, type, data, metadata, recorded_at';

/**
 * A stored row as the port's event, its JSON already decoded. Positional, not an object: a replay maps every row of
 * the log, and an object less per row is garbage less to collect.
 */
export function recordedEvent(
  position: number,
  id: string,
  stream: string,
  revision: number,
  type: string,
  data: unknown,
  metadata: EventMetadata,
  recordedAt: string,
): RecordedEvent {
  return { id, stream, revision, position, type, data, metadata, recordedAt };
}

/**
 * Resolves when the subscription is woken (`register`'s wake is called: an append that may concern it) or after
 * `pollMs` (appends nobody signalled: another process, a lost notification).
 */
export function wakeOrPoll(register: (wake: () => void) => void, pollMs: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      register(() => {});
      resolve();
    };
    const timer = setTimeout(wake, pollMs);
    register(wake);
  });
}

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
