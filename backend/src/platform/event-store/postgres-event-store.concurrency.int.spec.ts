import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import type { RecordedEvent, Subscription } from '@studio/contracts';
import { createTestDatabase } from '../../testing/pg-database';
import { testMetadata, waitFor } from './test-events';
import { PostgresEventStore } from './postgres-event-store';
import { eventLog } from './postgres-group-commit';

/**
 * The proof that "position > checkpoint" never skips on PostgreSQL: writer processes append in groups, each commit
 * paused a random while inside its transaction (after its positions were taken), while subscribers in this process
 * follow the log live. With the ordering lock every subscriber's events are the final log. The negative control forces,
 * without the lock, the interleaving the lock forbids and shows the subscriber skipping an event, so a skip is visible.
 */
const root = join(__dirname, '../../../..');
const writerScript = join(__dirname, '../../testing/pg-event-writer.ts');

function startWriter(env: Record<string, string>): { child: ChildProcess; acknowledged: number[]; lines: string[]; done: Promise<number | null> } {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', writerScript], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acknowledged: number[] = [];
  const lines: string[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const complete = buffer.split('\n');
    buffer = complete.pop()!;
    for (const line of complete) {
      lines.push(line);
      if (/^\d+$/.test(line)) acknowledged.push(Number(line));
    }
  });
  const done = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
  return { child, acknowledged, lines, done };
}

describe('PostgreSQL event store under concurrent writer processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const stores: PostgresEventStore[] = [];
  const subscriptions: Subscription[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('event_store_race');
  });
  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.close()));
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });
  afterAll(() => database.drop());

  const open = (schema: string) => {
    const store = new PostgresEventStore(database.url, { schema, pollIntervalMs: 20 });
    stores.push(store);
    return store;
  };

  /** K writers and three live subscribers (all streams; one writer's streams; two writers'); what each one saw */
  async function race() {
    const schema = `race_on_${randomBytes(3).toString('hex')}`;
    const store = open(schema);
    await store.headPosition();
    const filters = [undefined, ['w0-'], ['w1-', 'w2-']];
    const seen = filters.map(() => [] as RecordedEvent[]);
    /** how far each subscriber has read: its last event, or the position it passed over other streams' events at */
    const reached = filters.map(() => 0);
    filters.forEach((streamPrefixes, i) => {
      // each subscriber on a store of its own: its own connections, woken by NOTIFY or its poll
      const onCheckpoint = (position: number) => (reached[i] = Math.max(reached[i], position));
      const subscription = open(schema).subscribeToAll({ streamPrefixes, onCheckpoint }, (e) => {
        seen[i].push(e);
        onCheckpoint(e.position);
      });
      subscriptions.push(subscription);
    });
    await Promise.all(subscriptions.map((s) => s.caughtUp));
    const writers = Array.from({ length: 4 }, (_, k) =>
      startWriter({ PG_URL: database.url, PG_SCHEMA: schema, WRITER: `w${k}`, LOOPS: '4', APPENDS: '15', PAUSE_MS: '6' }),
    );
    expect(await Promise.all(writers.map((w) => w.done))).toEqual([0, 0, 0, 0]);
    const all = await store.readAll();
    const expected = filters.map((prefixes) => all.filter((e) => !prefixes || prefixes.some((p) => e.stream.startsWith(p))));
    // every subscriber has read up to the head (a skipped event lies below it, for ever)
    const head = all[all.length - 1].position;
    await waitFor(() => reached.every((position) => position >= head), 'the subscribers at the head', 30_000);
    return { all, expected, seen, acknowledged: writers.flatMap((w) => w.acknowledged) };
  }

  it('with the ordering lock: each subscriber gets exactly the final log, positions strictly increasing, revisions contiguous', async () => {
    const { all, expected, seen, acknowledged } = await race();
    // 4 writers × 4 appenders × 15 appends of 1, 2 or 3 events
    expect(all).toHaveLength(4 * 4 * (5 * 1 + 5 * 2 + 5 * 3));
    const stored = new Set(all.map((e) => e.position));
    expect(acknowledged.filter((p) => !stored.has(p))).toEqual([]);
    for (let i = 0; i < seen.length; i++) {
      expect(seen[i].map((e) => e.id)).toEqual(expected[i].map((e) => e.id));
      for (let j = 1; j < seen[i].length; j++) expect(seen[i][j].position).toBeGreaterThan(seen[i][j - 1].position);
      const revisions = new Map<string, number[]>();
      for (const e of seen[i]) revisions.set(e.stream, [...(revisions.get(e.stream) ?? []), e.revision]);
      for (const list of revisions.values()) expect(list).toEqual(list.map((_, r) => r));
    }
    expect(seen[1].length).toBeGreaterThan(0);
  }, 120_000);

  it('the negative control: without the lock, a commit whose positions were taken earlier lands after a later one, and a subscriber skips it for ever', async () => {
    // the interleaving the lock forbids, forced step by step rather than left to chance
    const schema = `race_off_${randomBytes(3).toString('hex')}`;
    let positionsTaken!: () => void;
    const taken = new Promise<void>((resolve) => (positionsTaken = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const early = new PostgresEventStore(database.url, {
      schema,
      orderingGuard: false,
      beforeCommit: () => {
        positionsTaken();
        return gate;
      },
    });
    stores.push(early);
    const late = new PostgresEventStore(database.url, { schema, orderingGuard: false });
    stores.push(late);
    await late.headPosition();
    const seen: RecordedEvent[] = [];
    let reached = 0;
    const subscription = open(schema).subscribeToAll({ onCheckpoint: (p) => (reached = Math.max(reached, p)) }, (e) => {
      seen.push(e);
      reached = Math.max(reached, e.position);
    });
    subscriptions.push(subscription);
    await subscription.caughtUp;
    const event = (type: string) => [{ type, data: {}, metadata: testMetadata() }];
    const earlyAppend = early.append('early', event('Early'), { expectedRevision: 'no_stream' });
    await taken;
    const lateAppend = await late.append('late', event('Late'), { expectedRevision: 'no_stream' });
    await waitFor(() => reached >= lateAppend.position, 'the subscriber past the later commit', 30_000);
    release();
    const earlyAppended = await earlyAppend;
    expect(earlyAppended.position).toBeLessThan(lateAppend.position);
    const last = await late.append('last', event('Last'), { expectedRevision: 'no_stream' });
    await waitFor(() => reached >= last.position, 'the subscriber at the head', 30_000);
    expect((await late.readAll()).map((e) => e.type)).toEqual(['Early', 'Late', 'Last']);
    expect(seen.map((e) => e.type)).toEqual(['Late', 'Last']);
  }, 60_000);

  it('kill -9 of a writer holding the lock inside its commit: no event of its group is ever visible, and the lock is free again', async () => {
    const schema = `held_${randomBytes(3).toString('hex')}`;
    const store = open(schema);
    await store.append('before', [{ type: 'Before', data: {}, metadata: { userId: 't', role: 'system', at: '', correlationId: 'c', causationId: 'c' } }], {
      expectedRevision: 'no_stream',
    });
    const writer = startWriter({ PG_URL: database.url, PG_SCHEMA: schema, WRITER: 'held', LOOPS: '3', HOLD: '1' });
    await waitFor(() => writer.lines.includes('holding'), 'the writer inside its commit', 30_000);
    const lockKey = eventLog(schema).lockKey;
    const probe = new Client({ connectionString: database.url });
    await probe.connect();
    try {
      // held: another session cannot take it; its inserted rows are not visible
      expect((await probe.query(`SELECT pg_try_advisory_lock(${lockKey}) AS got`)).rows[0].got).toBe(false);
      expect((await store.readAll()).map((e) => e.type)).toEqual(['Before']);
      writer.child.kill('SIGKILL');
      await writer.done;
      // the server ends the dead client's session, rolling its transaction back and freeing the lock
      let free = false;
      for (let i = 0; i < 200 && !free; i++) {
        free = (await probe.query(`SELECT pg_try_advisory_lock(${lockKey}) AS got`)).rows[0].got as boolean;
        if (!free) await new Promise((r) => setTimeout(r, 50));
      }
      expect(free).toBe(true);
      await probe.query(`SELECT pg_advisory_unlock(${lockKey})`);
    } finally {
      await probe.end();
    }
    const after = await store.append(
      'after',
      [{ type: 'After', data: {}, metadata: { userId: 't', role: 'system', at: '', correlationId: 'c', causationId: 'c' } }],
      {
        expectedRevision: 'no_stream',
      },
    );
    const all = await store.readAll();
    expect(all.map((e) => e.type)).toEqual(['Before', 'After']);
    expect(all.filter((e) => e.stream.startsWith('held-'))).toEqual([]);
    expect(after.position).toBeGreaterThan(all[0].position);
  }, 60_000);
});
