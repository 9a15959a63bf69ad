/**
 * The event-store port. Every adapter (SQLite, PostgreSQL, EventStoreDB) implements it and is held to the
 * same contract suite. Revisions are 0-based per stream; positions are global, strictly
 * increasing, and always > 0 for a stored event.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventMetadata {
  /** who caused it; 'system' for seeds and timers */
  userId: string;
  role: 'patient' | 'doctor' | 'admin' | 'auditor' | 'system';
  /** ISO instant the command was handled */
  at: string;
  correlationId: string;
  causationId: string;
  [extra: string]: unknown;
}

export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
  metadata: EventMetadata;
  /** uuid; the adapter makes one when missing */
  id?: string;
}

export interface RecordedEvent<T extends string = string, D = any> {
  id: string;
  stream: string;
  revision: number;
  position: number;
  type: T;
  data: D;
  metadata: EventMetadata;
  recordedAt: string;
}

export interface AppendResult {
  /** revision of the last event written */
  nextRevision: number;
  /** global position of the last event written */
  position: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** inclusive; default: start (forwards) or end (backwards) */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** exclusive; 0 or undefined = from the start */
  after?: number;
  maxCount?: number;
  streamPrefixes?: string[];
}

export interface SubscribeOptions {
  /** exclusive checkpoint; 0 or undefined = from the start */
  after?: number;
  /** only streams whose name starts with one of these */
  streamPrefixes?: string[];
  /**
   * Called, when the adapter can tell, with a position up to which every matching event has been handled although
   * none was at that position: a filtered subscription that moved past other streams' events (EventStoreDB's
   * checkpointReached). Storing it saves the next start from scanning those events again.
   */
  onCheckpoint?: (position: number) => void;
}

export type EventHandler = (event: RecordedEvent) => void | Promise<void>;

export interface Subscription {
  /** resolves once every event stored when the subscription started has been handled */
  readonly caughtUp: Promise<void>;
  /** true once closed, by its holder or by the store's own close (what reacts to it stops there) */
  readonly closed: boolean;
  close(): Promise<void>;
}

export interface EventStore {
  append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** [] when the stream does not exist */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Catch-up then live. Handlers are awaited one at a time, in global order. A dropped
   * connection is resumed from the last handled position, so nothing is lost or repeated.
   */
  subscribeToAll(options: SubscribeOptions, handler: EventHandler, onError?: (error: Error) => void): Subscription;
  /** position of the newest event, 0 when empty */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** current revision, or 'no_stream' */
    readonly actual: number | 'no_stream',
  ) {
    super(`Revisione attesa ${String(expected)} per ${stream}, trovata ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * The expected-revision rule every adapter applies. `current` is the stream's last revision,
 * -1 when the stream does not exist.
 */
export function checkExpectedRevision(stream: string, expected: ExpectedRevision, current: number): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === -1) ||
    (expected === 'stream_exists' && current >= 0) ||
    (typeof expected === 'number' && current === expected);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, current < 0 ? 'no_stream' : current);
}

/** the stream-prefix filter; an empty list means "no filter", like an absent one */
export function matchesPrefixes(stream: string, prefixes: string[] | undefined): boolean {
  return !prefixes?.length || prefixes.some((p) => stream.startsWith(p));
}
