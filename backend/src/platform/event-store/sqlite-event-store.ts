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
import { WriterThread } from './sqlite-writer-thread';
import { groupCommitter } from './sqlite-group-commit';
import { headSignature } from './hash-chain';
import { privateDatabaseFile } from '../common/private-files';
import {
  EVENT_COLUMNS as COLUMNS,
  deferred,
  recordedEvent,
  reportSubscriptionError,
  settleAppend,
  startSubscription,
  wakeOrPoll,
  type AppendOutcome,
  type AppendRequest,
  type PendingAppend,
} from './support';
import { auditQuery, setAuditIndexes, type AuditLogFilter, type LoggedEventHead } from './audit-log';

export interface SqliteEventStoreOptions {
  /** How often live subscriptions look for appends made by other processes. */
  pollIntervalMs?: number;
  /** Rows read per query while catching up. */
  batchSize?: number;
  /** commit on a worker thread with its own connection (file only), keeping the event loop free during fsync */
  writerThread?: boolean;
  /** signs every appended event's stream head (HMAC-SHA-256, see hash-chain); none: unsigned */
  chainKey?: Buffer;
}

/** the columns the reads select (COLUMNS), in this order, as arrays (see statement) */
type Columns = [position: number, id: string, stream: string, revision: number, type: string, data: string, metadata: string, recorded_at: string];

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
 * A commit of this process names the streams it wrote (`streams`): a subscription filtered on other streams is not
 * woken by it (nothing of its own to read; its poll moves it past those events). Another process's commit, announced
 * by `wake`, names none and wakes every subscription.
 */
const appendSignals = new EventEmitter().setMaxListeners(0);
function signal(key: string, streams?: readonly string[]): void {
  appendSignals.emit(key, streams);
}

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
  private readonly commitGroup: (batch: AppendRequest[]) => Promise<AppendOutcome[]>;
  private readonly writer?: WriterThread;
  private inFlight?: Promise<void>;
  private pending: PendingAppend[] = [];
  private readonly statements = new Map<string, Database.Statement>();
  /** called after each commit that appended events (scale-out: tells the other processes) */
  onCommitted?: () => void;
  private flushScheduled = false;

  constructor(filename: string, options: SqliteEventStoreOptions = {}) {
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.batchSize = options.batchSize ?? 500;
    const inMemory = filename === ':memory:' || filename === '';
    // An in-memory database is private to its connection, so it gets a key nobody else shares.
    this.signalKey = inMemory ? `memory:${randomUUID()}` : path.resolve(filename);

    if (!inMemory) privateDatabaseFile(filename);
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    // several processes (scale-out) and the writer thread share the file: wait for the lock, do not fail
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);

    if (options.writerThread && !inMemory) {
      this.writer = new WriterThread(filename, options.chainKey);
      this.commitGroup = (batch) => this.writer!.commit(batch);
    } else {
      const commit = groupCommitter(this.db, options.chainKey);
      this.commitGroup = async (batch) => commit(batch);
    }
  }

  /**
   * Group commit: appends requested while the previous group is being written (or, on the main
   * thread, before its next turn) go into one transaction, so one fsync (synchronous=FULL)
   * acknowledges all of them. Each keeps its own expected-revision check in its own savepoint:
   * a conflict fails only its own append.
   */
  append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ request: { stream, events, expected: options.expectedRevision }, resolve, reject });
      if (!this.flushScheduled && !this.inFlight) {
        this.flushScheduled = true;
        setImmediate(() => {
          this.flushScheduled = false;
          void this.flushAppends();
        });
      }
    });
  }

  private flushAppends(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    const batch = this.pending.splice(0);
    if (batch.length === 0) return Promise.resolve();
    const flight = (async () => {
      let outcomes: AppendOutcome[];
      try {
        if (!this.db.open) throw new Error('Event store chiuso');
        outcomes = await this.commitGroup(batch.map((p) => p.request));
      } catch (error) {
        // the group's transaction did not commit (disk, lock): none of its appends happened
        const message = error instanceof Error ? error.message : String(error);
        outcomes = batch.map(() => ({ error: message }));
      }
      const streams: string[] = [];
      batch.forEach((p, i) => {
        if ('ok' in outcomes[i] && p.request.events.length > 0) streams.push(p.request.stream);
        settleAppend(p, outcomes[i]);
      });
      if (streams.length > 0) {
        signal(this.signalKey, streams);
        this.onCommitted?.();
      }
    })();
    this.inFlight = flight.finally(() => {
      this.inFlight = undefined;
      // what arrived while this group was being written is the next group
      if (this.pending.length > 0) void this.flushAppends();
    });
    return this.inFlight;
  }

  /** another process appended to the file: live subscriptions look now, not at their next poll */
  wake(): void {
    signal(this.signalKey);
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const rows = this.statement(
      backwards
        ? `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`
        : `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
    ).all(stream, from, options.maxCount ?? -1) as Columns[];
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const filter = prefixFilter(options.streamPrefixes);
    const rows = this.statement(`SELECT ${COLUMNS} FROM events WHERE position > ? ${filter.sql} ORDER BY position LIMIT ?`).all(
      options.after ?? 0,
      ...filter.params,
      options.maxCount ?? -1,
    ) as Columns[];
    return rows.map(toRecorded);
  }

  /**
   * Prepared once per SQL text (a filter's text depends only on how many prefixes it has). Rows come as arrays of
   * columns when the text selects COLUMNS: a replay reads every event of the log, and one object less per row is a
   * tenth less garbage to collect.
   */
  private statement(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      if (text.startsWith(`SELECT ${COLUMNS} `)) statement.raw(true);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /** builds (once) or drops the auditor's indexes on the log (see audit-log.ts) */
  setAuditIndex(enabled: boolean): void {
    setAuditIndexes(this.db, enabled);
  }

  /** a page of the auditor's list, newest first, read from the log in place (data left out) */
  async auditEvents(filter: AuditLogFilter): Promise<LoggedEventHead[]> {
    const { sql, params } = auditQuery(filter);
    return (this.statement(sql).all(...params) as Omit<Row, 'data'>[]).map(toHead);
  }

  /** the event at a global position, or null */
  async eventAt(position: number): Promise<RecordedEvent | null> {
    const row = this.statement(`SELECT ${COLUMNS} FROM events WHERE position = ?`).get(position) as Columns | undefined;
    return row ? toRecorded(row) : null;
  }

  async headPosition(): Promise<number> {
    const row = this.statement('SELECT max(position) AS head FROM events').get() as { head: number | null };
    return row.head ?? 0;
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler, onError: (error: Error) => void = reportSubscriptionError): Subscription {
    const filter = prefixFilter(options.streamPrefixes);
    const nextBatch = this.db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? AND position <= ? ${filter.sql} ORDER BY position LIMIT ?`).raw(true);
    let checkpoint = options.after ?? 0;
    let wakeUp = () => {};
    const prefixes = options.streamPrefixes?.length ? options.streamPrefixes : null;
    /** signals that may concern this subscription: a commit of this process on one of its streams, or another process's */
    let signals = 0;
    const onSignal = (streams?: readonly string[]) => {
      if (prefixes && streams && !streams.some((s) => prefixes.some((p) => s.startsWith(p)))) return;
      signals++;
      wakeUp();
    };
    appendSignals.on(this.signalKey, onSignal);
    const caughtUp = deferred();
    // every match up to the head is handled: the checkpoint moves there, and the holder hears of it when that passed
    // over other streams' events (a handled event's position it has from the handler)
    const passedOver = (head: number) => {
      if (head <= checkpoint) return;
      checkpoint = head;
      options.onCheckpoint?.(head);
    };

    const run = async (closed: () => boolean) => {
      while (!closed()) {
        const seen = signals;
        // The head first, then the events up to it: a filtered subscription moves past the events of other streams
        // (positions commit in order, so none can appear below a head already seen) and never scans them again.
        const head = await this.headPosition();
        const rows = nextBatch.all(checkpoint, head, ...filter.params, this.batchSize) as Columns[];
        for (const row of rows) {
          if (closed()) return;
          await handler(toRecorded(row));
          checkpoint = row[0];
        }
        if (rows.length === this.batchSize) continue;
        // a short batch was every match up to the head: everything stored at subscribe time has been handled
        passedOver(head);
        caughtUp.resolve();
        // No commit of this process on its streams meanwhile: nothing to read until the next one (or the poll, for
        // other processes). Before, each wake read the head and the log a second time to find nothing, on every
        // subscription; and every commit woke every subscription, those on other streams to read the head and nothing
        // (the reactors of notifications and receipts, on each toggle)
        if (signals === seen) await wakeOrPoll((wake) => (wakeUp = wake), this.pollIntervalMs);
      }
    };
    return startSubscription(this.subscriptions, caughtUp, run, onError, () => {
      appendSignals.off(this.signalKey, onSignal);
      wakeUp();
    });
  }

  /**
   * A log written before its events were signed (an older version, an older backup) gets every event's
   * head signed now, once: only when no event carries a signature yet, so a store that is signed never
   * has signatures added to events someone stripped (a restore, having verified an older backup's
   * hashes, signs its events even past the erasures it appended). Returns how many were signed.
   */
  signUnsignedLog(chainKey: Buffer, evenIfSomeSigned = false): number {
    if (!evenIfSomeSigned && this.hasSignedEvents()) return 0;
    const rows = this.db
      .prepare("SELECT position, stream, revision, metadata FROM events WHERE json_extract(metadata, '$.signature') IS NULL ORDER BY position")
      .all() as Pick<Row, 'position' | 'stream' | 'revision' | 'metadata'>[];
    const update = this.db.prepare('UPDATE events SET metadata = ? WHERE position = ?');
    this.db.transaction(() => {
      for (const row of rows) {
        const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
        if (typeof metadata.hash !== 'string') continue;
        metadata.signature = headSignature(chainKey, row.stream, row.revision, metadata.hash);
        update.run(JSON.stringify(metadata), row.position);
      }
    })();
    return rows.length;
  }

  hasSignedEvents(): boolean {
    return this.db.prepare("SELECT 1 FROM events WHERE json_extract(metadata, '$.signature') IS NOT NULL LIMIT 1").get() !== undefined;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    // appends already requested are committed (or refused), never left hanging
    while (this.inFlight || this.pending.length > 0) await this.flushAppends();
    await this.writer?.close();
    if (this.db.open) this.db.close();
  }
}

const toRecorded = (row: Columns): RecordedEvent => recordedEvent(row[0], row[1], row[2], row[3], row[4], JSON.parse(row[5]), JSON.parse(row[6]), row[7]);
function toHead(row: Omit<Row, 'data'>): LoggedEventHead {
  return {
    id: row.id,
    stream: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    metadata: JSON.parse(row.metadata),
    recordedAt: row.recorded_at,
  };
}

/**
 * GLOB, not LIKE: LIKE ignores ASCII case, and a prefix must match exactly. `+stream` keeps SQLite from
 * answering a one-prefix filter from the (stream, revision) index: that plan sorted every matching event
 * of the log on each page, so paging through a prefix took quadratic time (a rebuild of availability_slots
 * over 1,000,000 events spent two thirds of its time there); reading in position order stays linear.
 */
export function prefixFilter(prefixes: string[] | undefined): { sql: string; params: string[] } {
  if (!prefixes?.length) return { sql: '', params: [] };
  return {
    sql: `AND (${prefixes.map(() => '+stream GLOB ?').join(' OR ')})`,
    params: prefixes.map((p) => p.replace(/[*?[]/g, '[$&]') + '*'),
  };
}
