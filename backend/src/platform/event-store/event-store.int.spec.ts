import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@studio/contracts';
import { EsdbEventStore } from './esdb-event-store';
import { describeEventStoreContract, testMetadata, waitFor } from './event-store.contract';
import { SqliteEventStore, prefixFilter } from './sqlite-event-store';

function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'event-store-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describeEventStoreContract('SQLite file', async () => {
  const { dir, remove } = tempDir();
  const store = new SqliteEventStore(join(dir, 'events.db'), { pollIntervalMs: 50 });
  return {
    store,
    cleanup: async () => {
      await store.close();
      remove();
    },
  };
});

describeEventStoreContract('SQLite file, writer thread', async () => {
  const { dir, remove } = tempDir();
  const store = new SqliteEventStore(join(dir, 'events.db'), { pollIntervalMs: 50, writerThread: true });
  return {
    store,
    cleanup: async () => {
      await store.close();
      remove();
    },
  };
});

describeEventStoreContract('SQLite :memory:', async () => {
  const store = new SqliteEventStore(':memory:');
  return { store, cleanup: () => store.close() };
});

const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = new EsdbEventStore(eventStoreUrl);
    return { store, cleanup: () => store.close() };
  });
} else {
  describe.skip('EventStore contract: EventStoreDB (skipped: set EVENTSTORE_URL, e.g. esdb://localhost:2113?tls=false)', () => {
    it('runs the whole contract against a real server', () => undefined);
  });
}

describe('SqliteEventStore on a file', () => {
  let dir: string;
  let remove: () => void;
  let file: string;
  const opened: SqliteEventStore[] = [];
  const open = (pollIntervalMs = 50) => {
    const store = new SqliteEventStore(file, { pollIntervalMs });
    opened.push(store);
    return store;
  };
  const event = (type: string) => ({ type, data: { type }, metadata: testMetadata() });

  beforeEach(() => {
    ({ dir, remove } = tempDir());
    file = join(dir, 'events.db');
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    remove();
  });

  it('a live subscription reads again at once what was appended while its handler was busy, without waiting for a poll', async () => {
    // a poll that never comes within the test: only the append's own signal can deliver the second event
    const store = open(600_000);
    const seen: string[] = [];
    const subscription = store.subscribeToAll({}, async (e) => {
      seen.push(e.type);
      // appended and committed while this handler runs, after the batch holding Primo was read
      if (e.type === 'Primo') await store.append('s-1', [event('Secondo')], { expectedRevision: 0 });
    });
    await subscription.caughtUp;
    await store.append('s-1', [event('Primo')], { expectedRevision: 'no_stream' });
    await waitFor(() => seen.length >= 2, 'Secondo', 20_000);
    expect(seen).toEqual(['Primo', 'Secondo']);
    await subscription.close();
  });

  it("a subscription filtered on other streams is not woken by this process's commits on other streams; its own wake it still gets at once", async () => {
    const store = open(600_000);
    const seen: string[] = [];
    const subscription = store.subscribeToAll({ streamPrefixes: ['ours-'] }, async (e) => void seen.push(e.type));
    await subscription.caughtUp;
    // every wake-up reads the head first: how many times the subscription looked at the log
    const looks = jest.spyOn(store, 'headPosition');
    await store.append('theirs-1', [event('Altro')], { expectedRevision: 'no_stream' });
    await store.append('theirs-2', [event('Altro')], { expectedRevision: 'no_stream' });
    await store.append('ours-1', [event('Nostro')], { expectedRevision: 'no_stream' });
    await waitFor(() => seen.length >= 1, 'Nostro', 20_000);
    expect(seen).toEqual(['Nostro']);
    expect(looks).toHaveBeenCalledTimes(1);
    // another process's commit (wake, as announced on Redis) names no streams: every subscription looks
    store.wake();
    await waitFor(() => looks.mock.calls.length >= 2, 'a look after the wake', 20_000);
    await subscription.close();
  });

  it('starts empty: head 0, nothing to read', async () => {
    const store = open();
    expect(await store.headPosition()).toBe(0);
    expect(await store.readAll()).toEqual([]);
  });

  it('reads a stream-prefix filter in position order, never sorting every match of the log (one prefix or several)', () => {
    open();
    const raw = new Database(file, { readonly: true });
    try {
      for (const prefixes of [['availability-'], ['availability-', 'booking-']]) {
        const filter = prefixFilter(prefixes);
        const plan = raw
          .prepare(`EXPLAIN QUERY PLAN SELECT * FROM events WHERE position > ? ${filter.sql} ORDER BY position LIMIT ?`)
          .all(0, ...filter.params, 10) as { detail: string }[];
        const details = plan.map((p) => p.detail).join(' | ');
        expect(details).toContain('INTEGER PRIMARY KEY');
        expect(details).not.toContain('TEMP B-TREE');
      }
    } finally {
      raw.close();
    }
  });

  it('uses WAL, so readers in other processes do not block the writer', () => {
    open();
    const raw = new Database(file, { readonly: true });
    try {
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      raw.close();
    }
  });

  it('two stores on one file in one process wake each other at once, and share reads and checks', async () => {
    // a poll far beyond the test timeout: only the in-process wake-up can deliver in time
    const one = open(10 * 60_000);
    const two = open(10 * 60_000);
    const seenByOne: RecordedEvent[] = [];
    const seenByTwo: RecordedEvent[] = [];
    const subOne = one.subscribeToAll({}, (e) => void seenByOne.push(e));
    const subTwo = two.subscribeToAll({}, (e) => void seenByTwo.push(e));
    await Promise.all([subOne.caughtUp, subTwo.caughtUp]);

    await two.append('s', [event('FromTwo')], { expectedRevision: 'no_stream' });
    await one.append('s', [event('FromOne')], { expectedRevision: 0 });
    await waitFor(() => seenByOne.length >= 2 && seenByTwo.length >= 2, 'both stores to see both events');
    expect(seenByOne.map((e) => e.type)).toEqual(['FromTwo', 'FromOne']);
    expect(seenByTwo).toEqual(seenByOne);
    expect(await two.readStream('s')).toEqual(await one.readStream('s'));
    // the revision check holds across connections too
    await expect(two.append('s', [event('Stale')], { expectedRevision: 0 })).rejects.toMatchObject({ actual: 1 });
  });

  it('an append by another process reaches a live subscription through polling', async () => {
    const store = open();
    await store.append('s', [event('Ours')], { expectedRevision: 'no_stream' });
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({}, (e) => void seen.push(e));
    // once caught up, the subscription is idle, waiting for a wake-up or the next poll
    await subscription.caughtUp;
    // A separate connection that never goes through this process's wake-up signal: only the
    // poll can notice it, exactly like a write made by another process.
    const foreign = new Database(file);
    try {
      foreign
        .prepare('INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run('foreign-1', 's', 1, 'Foreign', '{}', JSON.stringify(testMetadata()), new Date().toISOString());
    } finally {
      foreign.close();
    }
    await waitFor(() => seen.length >= 2, 'the foreign event');
    expect(seen.map((e) => e.type)).toEqual(['Ours', 'Foreign']);
  });

  it('group commit: appends requested together share one transaction; one failing mid-way undoes only its own events', async () => {
    const store = open();
    await store.append('taken', [{ ...event('Taken'), id: 'dup-id' }], { expectedRevision: 'no_stream' });
    const good = Array.from({ length: 5 }, (_, i) => store.append(`ok${i}`, [event('A'), event('B')], { expectedRevision: 'no_stream' }));
    // its first event would insert, its second hits the unique id: the savepoint takes back both
    const broken = store.append('broken', [event('First'), { ...event('Second'), id: 'dup-id' }], { expectedRevision: 'no_stream' });
    const stale = store.append('ok0', [event('Stale')], { expectedRevision: 3 });
    const results = await Promise.all(good);
    await expect(broken).rejects.toThrow(/UNIQUE/);
    // in the order requested: ok0 already holds A and B
    await expect(stale).rejects.toMatchObject({ actual: 1 });
    expect(results.map((r) => r.nextRevision)).toEqual([1, 1, 1, 1, 1]);
    expect(await store.readStream('broken')).toEqual([]);
    const raw = new Database(file, { readonly: true });
    try {
      // one group, one transaction: every event committed together carries the group's one timestamp
      const stamps = raw.prepare("SELECT DISTINCT recorded_at FROM events WHERE stream GLOB 'ok*'").all();
      expect(stamps).toHaveLength(1);
    } finally {
      raw.close();
    }
  });

  it.each([false, true])(
    'an acknowledged append survives kill -9 of the process that made it (writer thread: %s)',
    async (writerThread) => {
      // a child process appends in groups and prints each acknowledged position; it is killed mid-load
      const script = join(dir, 'writer.ts');
      writeFileSync(
        script,
        `const { SqliteEventStore } = require(${JSON.stringify(join(__dirname, 'sqlite-event-store'))});
       const store = new SqliteEventStore(${JSON.stringify(file)}, { writerThread: ${writerThread} });
       let n = 0;
       const meta = { userId: 't', role: 'system', at: new Date().toISOString(), correlationId: 'c', causationId: 'c' };
       const loop = async (w) => { for (;;) { const i = n++; const r = await store.append('w' + w + '-' + i, [{ type: 'E', data: { i }, metadata: meta }], { expectedRevision: 'no_stream' }); process.stdout.write(r.position + '\\n'); } };
       for (let w = 0; w < 8; w++) void loop(w);`,
      );
      const child = spawn(process.execPath, ['-r', '@swc-node/register', script], {
        cwd: join(__dirname, '../../../..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const acknowledged: number[] = [];
      let buffer = '';
      await new Promise<void>((resolve, reject) => {
        child.on('error', reject);
        child.on('exit', () => resolve());
        child.stdout!.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          const lines = buffer.split('\n');
          buffer = lines.pop()!;
          acknowledged.push(...lines.filter(Boolean).map(Number));
          if (acknowledged.length >= 300 && !child.killed) child.kill('SIGKILL');
        });
      });
      expect(acknowledged.length).toBeGreaterThanOrEqual(300);
      const reopened = open();
      const stored = new Set((await reopened.readAll()).map((e) => e.position));
      expect(acknowledged.filter((p) => !stored.has(p))).toEqual([]);
    },
    60_000,
  );

  it('a reopened store keeps positions and revisions, and continues after them', async () => {
    const first = open();
    await first.append('a', [event('A0'), event('A1')], { expectedRevision: 'no_stream' });
    await first.append('b', [event('B0')], { expectedRevision: 'no_stream' });
    const before = await first.readAll();
    await first.close();

    const reopened = open();
    expect(await reopened.readAll()).toEqual(before);
    expect(await reopened.headPosition()).toBe(before[2].position);
    const result = await reopened.append('a', [event('A2')], { expectedRevision: 1 });
    expect(result.nextRevision).toBe(2);
    expect(result.position).toBeGreaterThan(before[2].position);
  });
});
