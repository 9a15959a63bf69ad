import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import type {
  AppendResult,
  EventHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '@studio/contracts';
import { checkExpectedRevision } from '@studio/contracts';
import { GENESIS_HASH, chained } from './hash-chain';
import { deferred, reportSubscriptionError, runUntilFailure } from './support';

export interface SqliteEventStoreOptions {
  /** How often live subscriptions look for appends made by other processes. */
  pollIntervalMs?: number;
  /** Rows read per query while catching up. */
  batchSize?: number;
}

interface PendingAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: Error): void;
  result?: AppendResult;
  error?: unknown;
}

interface Row {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

/**
 * Wakes live subscriptions right after a commit made in this process. Keyed by the resolved
 * file name, so every SqliteEventStore on the same file wakes, not only the one that appended.
 */
const appendSignals = new EventEmitter().setMaxListeners(0);

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY,   -- the global position: rowid, assigned inside the write lock
    id          TEXT NOT NULL UNIQUE,
    stream      TEXT NOT NULL,
    revision    INTEGER NOT NULL,
    type        TEXT NOT NULL,
    data        TEXT NOT NULL,
    metadata    TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    -- Guards against lost updates, and its automatic index on (stream, revision) is the index that
    -- stream reads and the revision check seek on; a second identical index would only slow writes.
    UNIQUE (stream, revision)
  );
`;

/**
 * The embedded adapter. Positions come from the INTEGER PRIMARY KEY: SQLite serialises writers and
 * assigns it inside the transaction, so positions commit in order and a reader that has seen
 * position N will never later find a smaller committed one. That makes "position > checkpoint"
 * a gap-free catch-up query, also across processes.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly signalKey: string;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly subscriptions = new Set<Subscription>();
  private readonly commitGroup: (batch: PendingAppend[]) => void;
  private readonly lastOfStream: Database.Statement<[string], { revision: number; position: number; hash: unknown }>;
  private pending: PendingAppend[] = [];
  /** called after each commit that appended events (scale-out: tells the other processes) */
  onCommitted?: () => void;
  private flushScheduled = false;

  constructor(filename: string, options: SqliteEventStoreOptions = {}) {
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.batchSize = options.batchSize ?? 500;
    const inMemory = filename === ':memory:' || filename === '';
    // An in-memory database is private to its connection, so it gets a key nobody else shares.
    this.signalKey = inMemory ? `memory:${randomUUID()}` : path.resolve(filename);

    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(SCHEMA);

    this.lastOfStream = this.db.prepare(
      "SELECT revision, position, json_extract(metadata, '$.hash') AS hash FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1",
    );
    const insert = this.db.prepare(
      `INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at)
       VALUES (@id, @stream, @revision, @type, @data, @metadata, @recordedAt)`,
    );
    // one append; called inside the group's transaction, a nested better-sqlite3 transaction is a
    // SAVEPOINT: a failing append (a wrong expected revision) rolls back only its own inserts
    const appendOne = this.db.transaction((stream: string, events: NewEvent[], expected: ExpectedRevision, recordedAt: string): AppendResult => {
      const last = this.lastOfStream.get(stream);
      const current = last?.revision ?? -1;
      checkExpectedRevision(stream, expected, current);
      let position = last?.position ?? 0;
      // the chain is extended inside the write lock, so no concurrent append can fork it
      let previousHash = typeof last?.hash === 'string' ? last.hash : GENESIS_HASH;
      events.forEach((event, i) => {
        const metadata = chained(event.type, event.data, event.metadata, previousHash);
        previousHash = metadata.hash as string;
        const info = insert.run({
          id: event.id ?? randomUUID(),
          stream,
          revision: current + 1 + i,
          type: event.type,
          data: JSON.stringify(event.data ?? null),
          metadata: JSON.stringify(metadata),
          recordedAt,
        });
        position = Number(info.lastInsertRowid);
      });
      return { nextRevision: current + events.length, position };
    });
    const group = this.db.transaction((batch: PendingAppend[]): void => {
      const recordedAt = new Date().toISOString();
      for (const p of batch) {
        try {
          p.result = appendOne(p.stream, p.events, p.expected, recordedAt);
        } catch (error) {
          p.error = error;
        }
      }
    });
    // IMMEDIATE takes the write lock before the revision checks, so checks and inserts are atomic
    // even against another process (a DEFERRED read-then-write could fail to upgrade instead).
    this.commitGroup = (batch) => group.immediate(batch);
  }

  /**
   * Group commit: every append requested before the next turn of the event loop goes into one
   * transaction, so one fsync (synchronous=FULL) acknowledges all of them. Each keeps its own
   * expected-revision check in its own savepoint: a conflict fails only its own append.
   */
  append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ stream, events, expected: options.expectedRevision, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flushAppends());
      }
    });
  }

  private flushAppends(): void {
    this.flushScheduled = false;
    const batch = this.pending.splice(0);
    if (batch.length === 0) return;
    try {
      if (!this.db.open) throw new Error('Event store chiuso');
      this.commitGroup(batch);
    } catch (error) {
      // the group's transaction did not commit (disk, lock): none of its appends happened
      for (const p of batch) (p.result = undefined), (p.error = error);
    }
    let appended = false;
    for (const p of batch) {
      if (p.result) {
        appended ||= p.events.length > 0;
        p.resolve(p.result);
      } else p.reject(p.error instanceof Error ? p.error : new Error(String(p.error)));
    }
    if (appended) {
      appendSignals.emit(this.signalKey);
      this.onCommitted?.();
    }
  }

  /** another process appended to the file: live subscriptions look now, not at their next poll */
  wake(): void {
    appendSignals.emit(this.signalKey);
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const rows = this.db
      .prepare(
        backwards
          ? 'SELECT * FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?'
          : 'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ASC LIMIT ?',
      )
      .all(stream, from, options.maxCount ?? -1) as Row[];
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const filter = prefixFilter(options.streamPrefixes);
    const rows = this.db
      .prepare(`SELECT * FROM events WHERE position > ? ${filter.sql} ORDER BY position LIMIT ?`)
      .all(options.after ?? 0, ...filter.params, options.maxCount ?? -1) as Row[];
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<number> {
    const row = this.db.prepare('SELECT max(position) AS head FROM events').get() as { head: number | null };
    return row.head ?? 0;
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler, onError: (error: Error) => void = reportSubscriptionError): Subscription {
    const filter = prefixFilter(options.streamPrefixes);
    const nextBatch = this.db.prepare(`SELECT * FROM events WHERE position > ? ${filter.sql} ORDER BY position LIMIT ?`);
    let checkpoint = options.after ?? 0;
    let closed = false;
    let wakeUp = () => {};
    const caughtUp = deferred();

    const run = async () => {
      while (!closed) {
        const rows = nextBatch.all(checkpoint, ...filter.params, this.batchSize) as Row[];
        if (rows.length === 0) {
          // Nothing after the checkpoint, so everything stored at subscribe time has been handled.
          caughtUp.resolve();
          await this.nextAppendOrPoll((wake) => (wakeUp = wake));
          continue;
        }
        for (const row of rows) {
          if (closed) return;
          await handler(toRecorded(row));
          checkpoint = row.position;
        }
      }
    };

    const subscription: Subscription = {
      caughtUp: caughtUp.promise,
      close: async () => {
        closed = true;
        this.subscriptions.delete(subscription);
        caughtUp.reject(new Error('Sottoscrizione chiusa prima di essere in pari'));
        wakeUp();
      },
    };
    this.subscriptions.add(subscription);
    runUntilFailure(run, caughtUp, subscription, onError);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    // appends already requested are committed (or refused), never left hanging
    this.flushAppends();
    if (this.db.open) this.db.close();
  }

  /** Resolves on the next append in this process, or after the poll interval (other processes). */
  private nextAppendOrPoll(register: (wake: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        appendSignals.off(this.signalKey, wake);
        resolve();
      };
      const timer = setTimeout(wake, this.pollIntervalMs);
      appendSignals.on(this.signalKey, wake);
      register(wake);
    });
  }
}

function toRecorded(row: Row): RecordedEvent {
  return {
    id: row.id,
    stream: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    recordedAt: row.recorded_at,
  };
}

/** GLOB, not LIKE: LIKE ignores ASCII case, and a prefix must match exactly. */
function prefixFilter(prefixes: string[] | undefined): { sql: string; params: string[] } {
  if (!prefixes?.length) return { sql: '', params: [] };
  return {
    sql: `AND (${prefixes.map(() => 'stream GLOB ?').join(' OR ')})`,
    params: prefixes.map((p) => p.replace(/[*?[]/g, '[$&]') + '*'),
  };
}
