import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Pool } from 'pg';
import type { EventStore, RecordedEvent } from '@studio/contracts';
import { PostgresEventStore } from '../backend/src/platform/event-store/postgres-event-store';
import { eventLog } from '../backend/src/platform/event-store/postgres-group-commit';
import { SqliteEventStore } from '../backend/src/platform/event-store/sqlite-event-store';
import { record, type Figure } from './report';
import { percentile, summary } from './stats';

const metadata = { userId: 'bench', role: 'system' as const, at: new Date().toISOString(), correlationId: 'bench', causationId: 'bench' };
const event = (i: number) => ({ type: 'Measured', data: { i, note: 'un evento di prova di qualche decina di byte' }, metadata });
const CLIENTS = 16;

/** CLIENTS appenders, each on its own stream with its expected revision, `total` appends of one event in all */
async function appendsPerSecond(store: EventStore, total: number, tag: string): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let r = 0; r < total / CLIENTS; r++) await store.append(`${tag}-${c}`, [event(r)], { expectedRevision: r === 0 ? 'no_stream' : r - 1 });
    }),
  );
  return total / ((performance.now() - t0) / 1000);
}

async function readAllPerSecond(store: EventStore): Promise<number> {
  const t0 = performance.now();
  let read = 0;
  for (let after = 0; ;) {
    const page = await store.readAll({ after, maxCount: 1000 });
    if (page.length === 0) break;
    read += page.length;
    after = page[page.length - 1].position;
  }
  return read / ((performance.now() - t0) / 1000);
}

/** a live subscription on a second store of the same log (on PostgreSQL woken by NOTIFY): from each append's acknowledgement to its delivery, ms */
async function subscriptionLagP99(writer: EventStore, reader: EventStore, count: number): Promise<number> {
  const acknowledged = new Map<number, number>();
  const delivered = new Map<number, number>();
  const head = await writer.headPosition();
  const subscription = reader.subscribeToAll(
    { after: head, streamPrefixes: ['lag-'] },
    (e: RecordedEvent) => void delivered.set(e.position, performance.now()),
  );
  await subscription.caughtUp;
  for (let i = 0; i < count; i++) {
    const { position } = await writer.append('lag-1', [event(i)], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
    acknowledged.set(position, performance.now());
    // one at a time, a little apart: the lag of a quiet system, not of a queue
    await new Promise((r) => setTimeout(r, 2));
  }
  while (delivered.size < count) await new Promise((r) => setTimeout(r, 5));
  await subscription.close();
  const lags = [...acknowledged].map(([p, at]) => Math.max(0, delivered.get(p)! - at));
  console.log(`  ritardo della sottoscrizione: ${summary(lags)}`);
  return percentile(
    [...lags].sort((a, b) => a - b),
    99,
  );
}

/** the same work as the adapter's append with none of its code: one row per transaction under the same lock */
async function rawPgAppendsPerSecond(url: string, schema: string, total: number): Promise<number> {
  const log = eventLog(schema);
  const pool = new Pool({ connectionString: url, max: CLIENTS });
  pool.on('error', () => undefined);
  const setup = await pool.connect();
  await setup.query(`CREATE SCHEMA "${schema}"; CREATE SEQUENCE ${log.sequence};
    CREATE TABLE ${log.table} (position bigint PRIMARY KEY, id text NOT NULL UNIQUE, stream text NOT NULL, revision integer NOT NULL,
      type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL, recorded_at timestamptz NOT NULL, UNIQUE (stream, revision))`);
  setup.release();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const client = await pool.connect();
      for (let r = 0; r < total / CLIENTS; r++) {
        await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${log.lockKey})`);
        await client.query(`INSERT INTO ${log.table} VALUES (nextval('${log.sequence}'), gen_random_uuid()::text, $1, $2, 'Measured', $3, $4, now())`, [
          `raw-${c}`,
          r,
          JSON.stringify(event(r).data),
          JSON.stringify(metadata),
        ]);
        await client.query('COMMIT');
      }
      client.release();
    }),
  );
  const perSecond = total / ((performance.now() - t0) / 1000);
  await pool.end();
  return perSecond;
}

async function measure(name: string, writer: EventStore, reader: EventStore, total: number, figures: [Figure, Figure, Figure]): Promise<void> {
  const appends = await appendsPerSecond(writer, total, 'bench');
  const reads = await readAllPerSecond(writer);
  const lag = await subscriptionLagP99(writer, reader, 300);
  console.log(
    `${name}: ${appends.toFixed(0)} append/s (${CLIENTS} client, 1 evento), lettura di tutto ${reads.toFixed(0)} eventi/s, ritardo della sottoscrizione p99 ${lag.toFixed(2)} ms`,
  );
  record(figures[0], appends);
  record(figures[1], reads);
  record(figures[2], lag);
}

/** the SQLite and the PostgreSQL event store side by side, and a raw PostgreSQL insert under the same lock */
export async function eventStoresBench(dir: string): Promise<void> {
  const total = Number(process.env.BENCH_EVENT_STORE_APPENDS ?? 8000);
  const sqliteWriter = new SqliteEventStore(join(dir, 'events.db'), { writerThread: true });
  const sqliteReader = new SqliteEventStore(join(dir, 'events.db'));
  await measure('SQLite (thread di scrittura)', sqliteWriter, sqliteReader, total, ['sqliteStoreAppends', 'sqliteStoreReadAll', 'sqliteStoreLagP99']);
  await sqliteReader.close();
  await sqliteWriter.close();

  const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_events_${process.pid}`;
  const adminClient = new Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    const pgWriter = new PostgresEventStore(url.toString());
    // another name for the same database: the reader is not woken by the writer's in-process signal, only by NOTIFY,
    // as another instance would be
    const readerUrl = new URL(url);
    readerUrl.searchParams.set('application_name', 'bench_reader');
    const pgReader = new PostgresEventStore(readerUrl.toString());
    await measure('PostgreSQL', pgWriter, pgReader, total, ['pgStoreAppends', 'pgStoreReadAll', 'pgStoreLagP99']);
    await pgReader.close();
    await pgWriter.close();
    const raw = await rawPgAppendsPerSecond(url.toString(), 'raw_events', total);
    console.log(`PostgreSQL grezzo: ${raw.toFixed(0)} insert/s (${CLIENTS} client, una riga per transazione sotto lo stesso advisory lock)`);
    record('pgRawAppends', raw);
  } finally {
    await adminClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminClient.end();
  }
}
