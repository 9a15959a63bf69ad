import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { RecordedEvent } from '@studio/contracts';
import { createTestDatabase } from '../../testing/pg-database';
import { describeEventStoreContract, testMetadata, waitFor } from './event-store.contract';
import { ChainVerifier } from './hash-chain';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store';
import { eventLog } from './postgres-group-commit';

describe('PostgreSQL event store (a database of its own, dropped at the end)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase('event_store_test');
  });
  afterAll(() => database.drop());

  describeEventStoreContract('PostgreSQL', async () => {
    const store = new PostgresEventStore(database.url, { pollIntervalMs: 50 });
    return { store, cleanup: () => store.close() };
  });

  describe('PostgresEventStore', () => {
    const opened: PostgresEventStore[] = [];
    let schema: string;
    const open = (options: PostgresEventStoreOptions = {}) => {
      const store = new PostgresEventStore(database.url, { schema, pollIntervalMs: 50, ...options });
      opened.push(store);
      return store;
    };
    const event = (type: string) => ({ type, data: { type }, metadata: testMetadata() });
    /** another connection of its own, as another machine's would be */
    async function foreign<T>(fn: (c: Client) => Promise<T>): Promise<T> {
      const c = new Client({ connectionString: database.url });
      await c.connect();
      try {
        return await fn(c);
      } finally {
        await c.end();
      }
    }
    /** an event written as the adapter writes it (position from the sequence under the lock), by another connection */
    const insertForeign = (c: Client, stream: string, revision: number, notify: boolean) =>
      c.query(
        `BEGIN; SELECT pg_advisory_xact_lock(${eventLog(schema).lockKey});
         INSERT INTO "${schema}".events (position, id, stream, revision, type, data, metadata, recorded_at)
         VALUES (nextval('"${schema}".events_position'), '${randomBytes(8).toString('hex')}', '${stream}', ${revision}, 'Foreign', '{}', '${JSON.stringify(testMetadata())}', now());
         ${notify ? `NOTIFY "${schema}_appended";` : ''} COMMIT`,
      );

    beforeEach(() => {
      // a schema per test: each starts from an empty log
      schema = `events_${randomBytes(4).toString('hex')}`;
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });

    it('starts empty, creates its table once even when several instances start together, and keeps its log across a reopen', async () => {
      const [one, two, three] = [open(), open(), open()];
      expect(await Promise.all([one.headPosition(), two.headPosition(), three.headPosition()])).toEqual([0, 0, 0]);
      await one.append('a', [event('A0'), event('A1')], { expectedRevision: 'no_stream' });
      await two.append('b', [event('B0')], { expectedRevision: 'no_stream' });
      const before = await one.readAll();
      await one.close();
      const reopened = open();
      expect(await reopened.readAll()).toEqual(before);
      const next = await reopened.append('a', [event('A2')], { expectedRevision: 1 });
      expect(next).toEqual({ nextRevision: 2, position: before[2].position + 1 });
    });

    it('group commit: appends requested together share one transaction; one failing (a duplicate id) fails alone', async () => {
      const store = open();
      await store.append('taken', [{ ...event('Taken'), id: 'dup-id' }], { expectedRevision: 'no_stream' });
      const good = Array.from({ length: 5 }, (_, i) => store.append(`ok${i}`, [event('A'), event('B')], { expectedRevision: 'no_stream' }));
      const broken = store.append('broken', [event('First'), { ...event('Second'), id: 'dup-id' }], { expectedRevision: 'no_stream' });
      const stale = store.append('ok0', [event('Stale')], { expectedRevision: 3 });
      expect((await Promise.all(good)).map((r) => r.nextRevision)).toEqual([1, 1, 1, 1, 1]);
      await expect(broken).rejects.toThrow(/duplicate key/);
      await expect(stale).rejects.toMatchObject({ actual: 1 });
      expect(await store.readStream('broken')).toEqual([]);
      // without a failing one, appends requested together commit in one transaction: the group's one timestamp
      const together = Array.from({ length: 5 }, (_, i) => store.append(`g${i}`, [event('A')], { expectedRevision: 'no_stream' }));
      await Promise.all(together);
      const groupStamps = await foreign((c) => c.query(`SELECT DISTINCT recorded_at FROM "${schema}".events WHERE stream LIKE 'g%'`));
      expect(groupStamps.rowCount).toBe(1);
    });

    it('signs each head with the chain key, which never reaches the database', async () => {
      const key = randomBytes(32);
      const store = open({ chainKey: key });
      await store.append('a', [event('A0'), event('A1')], { expectedRevision: 'no_stream' });
      await store.append('b', [event('B0')], { expectedRevision: 'no_stream' });
      const verifier = new ChainVerifier(key);
      for (const e of await store.readAll()) verifier.visit(e);
      expect(verifier.checked).toBe(3);
      expect(verifier.firstBroken).toBeNull();
      const wrong = new ChainVerifier(randomBytes(32));
      for (const e of await store.readAll()) wrong.visit(e);
      expect(wrong.firstBroken).toMatchObject({ reason: 'signature_mismatch' });
      const dump = await foreign((c) => c.query(`SELECT string_agg(t::text, '') AS all FROM "${schema}".events t`));
      expect(dump.rows[0].all).not.toContain(key.toString('hex'));
      expect(dump.rows[0].all).not.toContain(key.toString('base64'));
    });

    it("another machine's commit wakes a live subscription through LISTEN/NOTIFY, without waiting for a poll", async () => {
      const store = open({ pollIntervalMs: 10 * 60_000 });
      await store.append('s', [event('Ours')], { expectedRevision: 'no_stream' });
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({}, (e) => void seen.push(e));
      await subscription.caughtUp;
      // the listener is connected once its first look has come (it looks right after LISTEN)
      await waitFor(() => (store as unknown as { listener?: unknown }).listener !== undefined, 'the LISTEN connection');
      await foreign((c) => insertForeign(c, 's', 1, true));
      await waitFor(() => seen.length >= 2, 'the foreign event', 20_000);
      expect(seen.map((e) => e.type)).toEqual(['Ours', 'Foreign']);
    });

    it("a filtered subscription is not woken by commits on other streams, its instance's or another's; a NOTIFY naming no streams wakes it", async () => {
      const store = open({ pollIntervalMs: 10 * 60_000 });
      // another instance: another connection string, so only NOTIFY reaches this one
      const elsewhere = new URL(database.url);
      elsewhere.searchParams.set('application_name', 'another_instance');
      const other = new PostgresEventStore(elsewhere.toString(), { schema, pollIntervalMs: 10 * 60_000 });
      opened.push(other);
      await waitFor(() => (store as unknown as { listener?: unknown }).listener !== undefined, 'the LISTEN connection');
      const seen: string[] = [];
      const subscription = store.subscribeToAll({ streamPrefixes: ['ours-'] }, (e) => void seen.push(e.type));
      await subscription.caughtUp;
      // every wake-up is one look (the head and the events up to it)
      const looks = jest.spyOn(store as unknown as { headAndRange: () => Promise<unknown> }, 'headAndRange');
      await other.append('theirs-1', [event('Altro')], { expectedRevision: 'no_stream' });
      await store.append('theirs-2', [event('Altro')], { expectedRevision: 'no_stream' });
      await other.append('ours-1', [event('Nostro')], { expectedRevision: 'no_stream' });
      await waitFor(() => seen.length >= 1, 'Nostro', 20_000);
      // notifications come in commit order on the one LISTEN connection: once this bare one has woken the
      // subscription, the earlier ones were all heard
      await foreign((c) => c.query(`NOTIFY "${schema}_appended"`));
      await waitFor(() => looks.mock.calls.length >= 2, 'a look after the bare NOTIFY', 20_000);
      expect(seen).toEqual(['Nostro']);
      expect(looks).toHaveBeenCalledTimes(2);
    });

    it('without a notification, polling finds a commit made elsewhere', async () => {
      const store = open();
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({}, (e) => void seen.push(e));
      await subscription.caughtUp;
      await foreign((c) => insertForeign(c, 's', 0, false));
      await waitFor(() => seen.length >= 1, 'the foreign event');
      expect(seen.map((e) => e.type)).toEqual(['Foreign']);
    });

    it('a subscription whose connections the server drops goes on from its last position: nothing lost, nothing repeated', async () => {
      const store = open();
      await store.append('s', [event('E0'), event('E1')], { expectedRevision: 'no_stream' });
      const seen: RecordedEvent[] = [];
      const errors: Error[] = [];
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const subscription = store.subscribeToAll(
          {},
          (e) => void seen.push(e),
          (e) => errors.push(e),
        );
        await subscription.caughtUp;
        // every connection to the test database but this one: the pool's, the writer's, the listener's
        await foreign((c) => c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()'));
        await waitFor(() => !!(store as unknown as { listener?: unknown }).listener, 'the listener back');
        // the writer's connection was dropped too: the append gets a fresh one
        let appended = false;
        while (!appended)
          appended = await store.append('s', [event('E2')], { expectedRevision: 1 }).then(
            () => true,
            () => false,
          );
        await store.append('s', [event('E3')], { expectedRevision: 2 });
        await waitFor(() => seen.length >= 4, 'the events after the drop');
        expect(seen.map((e) => e.type)).toEqual(['E0', 'E1', 'E2', 'E3']);
        expect(errors).toEqual([]);
      } finally {
        warn.mockRestore();
      }
    });

    it('a filtered subscription reports the position it passed over other streams at (onCheckpoint)', async () => {
      const store = open();
      await store.append('x-1', [event('X1')], { expectedRevision: 'no_stream' });
      const other = await store.append('y-1', [event('Y1'), event('Y2')], { expectedRevision: 'no_stream' });
      const checkpoints: number[] = [];
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({ streamPrefixes: ['x-'], onCheckpoint: (p) => checkpoints.push(p) }, (e) => void seen.push(e));
      await subscription.caughtUp;
      expect(seen.map((e) => e.type)).toEqual(['X1']);
      expect(checkpoints).toEqual([other.position]);
    });

    it('a prefix with LIKE wildcards matches only itself', async () => {
      const store = open();
      await store.append('a_b-1', [event('Under')], { expectedRevision: 'no_stream' });
      await store.append('axb-1', [event('X')], { expectedRevision: 'no_stream' });
      await store.append('a%c-1', [event('Percent')], { expectedRevision: 'no_stream' });
      expect((await store.readAll({ streamPrefixes: ['a_b'] })).map((e) => e.type)).toEqual(['Under']);
      expect((await store.readAll({ streamPrefixes: ['a%'] })).map((e) => e.type)).toEqual(['Percent']);
    });
  });
});
