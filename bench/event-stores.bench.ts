import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Pool } from 'pg';
import type { EventStore, RecordedEvent } from '@studio/contracts';
import { PostgresEventStore } from '../backend/src/platform/event-store/postgres-event-store';
import { eventLog } from '../backend/src/platform/event-store/postgres-group-commit';
import { SqliteEventStore } from '../backend/src/platform/event-store/sqlite-event-store';
import { record, type Figure } from './report';
import { percentile } from './stats';

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

/** p50, p90, p99 and max of lags in ms, as printed and as documented */
function distribution(lags: number[]): { p50: number; p90: number; p99: number; max: number; text: string } {
  const sorted = [...lags].sort((a, b) => a - b);
  const [p50, p90, p99] = [50, 90, 99].map((p) => percentile(sorted, p));
  const max = sorted[sorted.length - 1];
  return { p50, p90, p99, max, text: `p50 ${p50.toFixed(2)} / p90 ${p90.toFixed(2)} / p99 ${p99.toFixed(2)} / max ${max.toFixed(2)} ms (n=${sorted.length})` };
}

const LAG_COUNT = 300;
/** one at a time, a little apart: the lag of a quiet system, not of a queue */
const pause = () => new Promise((r) => setTimeout(r, 2));

/**
 * A live subscription on a second store of the same log (on PostgreSQL woken by NOTIFY): from each append's
 * acknowledgement (the commit answered, as the command's caller sees it) to the subscriber's handler being called
 * with it, ms. The handler only notes the time. A delivery that came before the acknowledgement counts as 0.
 */
async function subscriptionLag(writer: EventStore, reader: EventStore): Promise<number[]> {
  const acknowledged = new Map<number, number>();
  const delivered = new Map<number, number>();
  const head = await writer.headPosition();
  const subscription = reader.subscribeToAll(
    { after: head, streamPrefixes: ['lag-'] },
    (e: RecordedEvent) => void delivered.set(e.position, performance.now()),
  );
  await subscription.caughtUp;
  for (let i = 0; i < LAG_COUNT; i++) {
    const { position } = await writer.append('lag-1', [event(i)], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
    acknowledged.set(position, performance.now());
    await pause();
  }
  while (delivered.size < LAG_COUNT) await new Promise((r) => setTimeout(r, 5));
  await subscription.close();
  return [...acknowledged].map(([p, at]) => Math.max(0, delivered.get(p)! - at));
}

/**
 * The floor under the adapter's lag, in the same run and process, paced the same: a bare NOTIFY (autocommit) from one
 * `pg` client to another that LISTENs, from the NOTIFY's answer to its arrival; and with `read`, the arrival followed by
 * one read of the log's last event on a third connection, as the adapter's look does.
 */
async function bareNotifyLag(url: string, read: boolean): Promise<number[]> {
  const [listener, notifier, reader] = [0, 1, 2].map(() => new Client({ connectionString: url }));
  await Promise.all([listener, notifier, reader].map((c) => c.connect()));
  const acknowledged = new Map<number, number>();
  const delivered = new Map<number, number>();
  // one read after another on the reading connection, as the adapter's subscription reads
  let reads = Promise.resolve();
  listener.on('notification', (n) => {
    const i = Number(n.payload);
    if (!read) return void delivered.set(i, performance.now());
    reads = reads.then(async () => {
      await reader.query('SELECT position, data FROM event_store.events ORDER BY position DESC LIMIT 1');
      delivered.set(i, performance.now());
    });
  });
  await listener.query('LISTEN bench_bare');
  for (let i = 0; i < LAG_COUNT; i++) {
    await notifier.query(`NOTIFY bench_bare, '${i}'`);
    acknowledged.set(i, performance.now());
    await pause();
  }
  while (delivered.size < LAG_COUNT) await new Promise((r) => setTimeout(r, 5));
  await reads;
  await Promise.all([listener, notifier, reader].map((c) => c.end()));
  return [...acknowledged].map(([i, at]) => Math.max(0, delivered.get(i)! - at));
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
  const lag = distribution(await subscriptionLag(writer, reader));
  console.log(`${name}: ${appends.toFixed(0)} append/s (${CLIENTS} client, 1 evento), lettura di tutto ${reads.toFixed(0)} eventi/s`);
  console.log(`  ritardo della sottoscrizione: ${lag.text}`);
  record(figures[0], appends);
  record(figures[1], reads);
  record(figures[2], lag.p99);
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
    const bare = distribution(await bareNotifyLag(url.toString(), false));
    console.log(`  NOTIFY nudo fra due client (stesso passo): ${bare.text}`);
    const bareRead = distribution(await bareNotifyLag(url.toString(), true));
    console.log(`  NOTIFY nudo + una lettura: ${bareRead.text}`);
    record('pgNotifyLagP99', bare.p99);
    record('pgNotifyReadLagP99', bareRead.p99);
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
