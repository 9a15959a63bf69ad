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
import { chained, storedHash } from './hash-chain';
import { deferred, reportSubscriptionError, runUntilFailure } from './support';

export interface SqliteEventStoreOptions {
  /** How often live subscriptions look for appends made by other processes. */
  pollIntervalMs?: number;
  /** Rows read per query while catching up. */
  batchSize?: number;
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
  private readonly appendTx: (stream: string, events: NewEvent[], expected: ExpectedRevision) => AppendResult;
  private readonly lastOfStream: Database.Statement<[string], Pick<Row, 'revision' | 'position' | 'metadata'>>;

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

    this.lastOfStream = this.db.prepare('SELECT revision, position, metadata FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1');
    const insert = this.db.prepare(
      `INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at)
       VALUES (@id, @stream, @revision, @type, @data, @metadata, @recordedAt)`,
    );
    const tx = this.db.transaction((stream: string, events: NewEvent[], expected: ExpectedRevision): AppendResult => {
      const last = this.lastOfStream.get(stream);
      const current = last?.revision ?? -1;
      checkExpectedRevision(stream, expected, current);
      let position = last?.position ?? 0;
      const recordedAt = new Date().toISOString();
      // the chain is extended inside the write lock, so no concurrent append can fork it
      let previousHash = storedHash(last ? JSON.parse(last.metadata) : undefined);
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
    // IMMEDIATE takes the write lock before the revision check, so check and insert are atomic
    // even against another process (a DEFERRED read-then-write could fail to upgrade instead).
    this.appendTx = (stream, events, expected) => tx.immediate(stream, events, expected);
  }

  async append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const result = this.appendTx(stream, events, options.expectedRevision);
    if (events.length > 0) appendSignals.emit(this.signalKey);
    return result;
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
