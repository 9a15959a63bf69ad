import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { GENESIS_HASH } from './hash-chain';
import { noStream, planAppend, type AppendOutcome, type AppendRequest, type EventRow, type StreamHead } from './support';

/** where one PostgreSQL event log lives: its table and sequence, its NOTIFY channel, its ordering lock */
export interface PgEventLog {
  schema: string;
  table: string;
  sequence: string;
  channel: string;
  /** a signed 64-bit number, written into the SQL as it is */
  lockKey: string;
}

/** the names of the log in `schema` (a plain identifier: it is written into the SQL) */
export function eventLog(schema: string): PgEventLog {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Schema non valido per il registro degli eventi: ${schema}`);
  return {
    schema,
    table: `"${schema}".events`,
    sequence: `"${schema}".events_position`,
    channel: `${schema}_appended`,
    // a key of its own per schema, so two logs in one database do not wait on each other
    lockKey: createHash('sha256').update(`${schema}.events`).digest().readBigInt64BE().toString(),
  };
}

export interface PgAppendOptions {
  chainKey?: Buffer;
  /** test only: false leaves out the ordering lock (the concurrency proof's negative control) */
  orderingGuard?: boolean;
  /** test only: awaited inside the committing transaction, after the inserts, before COMMIT */
  beforeCommit?: () => Promise<void>;
}

/** Creates the log's schema, sequence and table when missing; instances starting together wait on the lock. */
export async function createEventsTable(client: PoolClient, log: PgEventLog): Promise<void> {
  await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${log.lockKey})`);
  await client.query(`
    CREATE SCHEMA IF NOT EXISTS "${log.schema}";
    CREATE SEQUENCE IF NOT EXISTS ${log.sequence};
    CREATE TABLE IF NOT EXISTS ${log.table} (
      position    bigint PRIMARY KEY,
      id          text NOT NULL UNIQUE,
      stream      text NOT NULL,
      revision    integer NOT NULL,
      type        text NOT NULL,
      data        jsonb NOT NULL,
      metadata    jsonb NOT NULL,
      recorded_at timestamptz NOT NULL,
      -- guards against lost updates; its index is the one stream reads and the revision check seek on
      UNIQUE (stream, revision)
    );
    -- prefix filters (LIKE 'x%') on the catch-up's position range
    CREATE INDEX IF NOT EXISTS events_stream_prefix ON ${log.table} (stream text_pattern_ops, position);
    COMMIT`);
}

/**
 * Group commit on the writer's connection: the appends of a batch in one transaction, which first takes the log's
 * ordering lock (held until the commit is visible, so positions, taken from the sequence under it, commit in order).
 * Heads are read under the lock, so the expected-revision checks and the hash chain are decided here in one pass;
 * a conflict fails only its own append. Throws when the group cannot commit (then none of it happened; the caller
 * rolls back).
 */
export async function commitGroup(client: PoolClient, names: PgEventLog, batch: AppendRequest[], options: PgAppendOptions): Promise<AppendOutcome[]> {
  await client.query(options.orderingGuard === false ? 'BEGIN' : `BEGIN; SELECT pg_advisory_xact_lock(${names.lockKey})`);
  // read under the lock: no other append can move these heads until this one commits
  const heads = await client.query<{ stream: string; revision: number; position: string; hash: string | null }>(
    `SELECT s.stream, e.revision, e.position, e.metadata->>'hash' AS hash FROM unnest($1::text[]) AS s(stream)
     CROSS JOIN LATERAL (SELECT revision, position, metadata FROM ${names.table} WHERE stream = s.stream ORDER BY revision DESC LIMIT 1) e`,
    [[...new Set(batch.map((r) => r.stream))]],
  );
  // each stream's head as this group moves it; `row`: its last event among this group's rows (its position is
  // known once the rows get theirs), -1 while it is the stored head
  type Head = StreamHead & { position: number; row: number };
  const state = new Map<string, Head>(
    heads.rows.map((h) => [h.stream, { revision: h.revision, position: Number(h.position), hash: h.hash ?? GENESIS_HASH, row: -1 }]),
  );
  const recordedAt = new Date();
  const rows: EventRow[] = [];
  const planned = batch.map((request): Head | { conflict: number | 'no_stream' } => {
    const head = state.get(request.stream) ?? { ...noStream(), position: 0, row: -1 };
    const plan = planAppend(request, head, options.chainKey);
    if ('conflict' in plan) return plan;
    for (const row of plan.rows) rows.push(row);
    const next = plan.rows.length > 0 ? { ...plan.head, position: 0, row: rows.length - 1 } : head;
    state.set(request.stream, next);
    return next;
  });
  let positions: number[] = [];
  if (rows.length > 0) {
    // handed out under the lock, so in commit order; sorted so each row gets the next one
    const taken = await client.query<{ p: string }>(`SELECT nextval('${names.sequence}') AS p FROM generate_series(1, $1) ORDER BY 1`, [rows.length]);
    positions = taken.rows.map((r) => Number(r.p));
    await client.query(
      `INSERT INTO ${names.table} (position, id, stream, revision, type, data, metadata, recorded_at)
       SELECT p, i, s, r, t, d, m, $8 FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[], $6::jsonb[], $7::jsonb[]) AS u(p, i, s, r, t, d, m)`,
      [
        positions,
        rows.map((r) => r.id),
        rows.map((r) => r.stream),
        rows.map((r) => r.revision),
        rows.map((r) => r.type),
        rows.map((r) => r.data),
        rows.map((r) => r.metadata),
        recordedAt,
      ],
    );
    await options.beforeCommit?.();
    await client.query(`SELECT pg_notify('${names.channel}', $1)`, [notifyPayload(rows)]);
  }
  await client.query('COMMIT');
  // an append with no events answers the stream's head as it was (as on SQLite)
  return planned.map((p) => ('conflict' in p ? p : { ok: { nextRevision: p.revision, position: p.row >= 0 ? positions[p.row] : p.position } }));
}

/**
 * The streams a group appended to, as its NOTIFY's payload: a listening subscription filtered on other streams is not
 * woken. PostgreSQL refuses payloads of 8,000 bytes or more: then it is empty, which wakes every subscription.
 */
function notifyPayload(rows: EventRow[]): string {
  const payload = JSON.stringify([...new Set(rows.map((r) => r.stream))]);
  return Buffer.byteLength(payload) < 7_900 ? payload : '';
}
