import { sql } from 'kysely';
import type { EventStore } from '@studio/contracts';
import type { DocumentChange } from './projection';
import { createReadModelStore, type ReadModelStore } from './read-model-store';
import { rebuildProjection, type RebuildProgress } from './rebuild';
import { ProjectionRunner } from './runner';
import { InMemoryEventStore } from './testing/in-memory-event-store';
import { counterProjection, inc, noted, readModelBackends, removed, replay, stored, uniqueName, type CounterDoc } from './testing/fixtures';

const backends = readModelBackends();
afterAll(() => Promise.all(backends.map((b) => b.dispose())));

describe.each(backends)('rebuild on $kind', (backend) => {
  let readModels: ReadModelStore;
  let store: InMemoryEventStore;
  beforeEach(async () => {
    readModels = await createReadModelStore(backend.config);
    store = new InMemoryEventStore();
  });
  afterEach(async () => {
    await store.close();
    await readModels.close();
  });

  async function tableExists(table: string): Promise<boolean> {
    return readModels.kysely
      .selectFrom(table)
      .select('id')
      .limit(1)
      .execute()
      .then(
        () => true,
        () => false,
      );
  }

  it('rebuilds from 0 into a fresh table while the runner is live and events keep coming', async () => {
    for (let i = 0; i < 300; i++) {
      await store.append(`counter-${'abc'[i % 3]}-${i % 40}`, [inc(i % 7), ...(i % 11 === 0 ? [noted()] : [])], { expectedRevision: 'any' });
      if (i % 50 === 49) await store.append(`counter-a-${i % 40}`, [removed()], { expectedRevision: 'any' });
    }
    const def = counterProjection(uniqueName('rebuild'));
    const errors: Error[] = [];
    // The rebuild reads the head twice: at its start, and for its final catch-up. Right after that
    // second read, events arrive and time passes: a runner not held back would apply them to the
    // old table meanwhile, and the swap would then lose them.
    let headReads = 0;
    let rebuildStarted = false;
    const racing: EventStore = {
      append: (...args) => store.append(...args),
      readStream: (...args) => store.readStream(...args),
      readAll: (...args) => store.readAll(...args),
      subscribeToAll: (...args) => store.subscribeToAll(...args),
      close: () => store.close(),
      headPosition: async () => {
        const head = await store.headPosition();
        if (rebuildStarted && ++headReads === 2) {
          for (let i = 0; i < 5; i++) await store.append('counter-c-1', [inc(1000)], { expectedRevision: 'any' });
          await new Promise((r) => setTimeout(r, 50));
        }
        return head;
      },
    };
    const runner = new ProjectionRunner({ store: racing, readModels, projections: [def], batchSize: 20, onError: (e) => errors.push(e) });
    const changes: DocumentChange<CounterDoc>[] = [];
    runner.onChange((c) => changes.push(...c));
    await runner.start();
    const oldTable = await readModels.activeTable(def.name);

    // appends interleaved with the rebuild's pages, so some land before, during and after its final catch-up
    let rebuilding = true;
    let appended = 0;
    const writer = (async () => {
      while ((rebuilding || appended < 20) && appended < 3000) {
        await store.append(`counter-${'abc'[appended % 3]}-${appended % 45}`, [inc(1)], { expectedRevision: 'any' });
        appended++;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const progress: RebuildProgress[] = [];
    rebuildStarted = true;
    const result = await runner.rebuild(def.name, {
      batchSize: 25,
      onProgress: (p) => {
        progress.push(p);
        // appended past the head the rebuild started from: its final catch-up or the runner must apply them
        void store.append('counter-b-7', [inc(3)], { expectedRevision: 'any' });
      },
    });
    rebuilding = false;
    await writer;
    await runner.waitFor(await store.headPosition(), 20_000);

    expect(await stored(readModels, def.name)).toEqual(await replay(store, def));
    expect(await readModels.checkpoint(def.name)).toBe(await store.headPosition());
    const newTable = await readModels.activeTable(def.name);
    expect(newTable).not.toBe(oldTable);
    expect(await tableExists(oldTable)).toBe(false);
    expect(appended).toBeGreaterThanOrEqual(20);
    expect(await store.headPosition()).toBeGreaterThan(progress[0].total + progress.length);
    expect(result.events).toBeGreaterThanOrEqual(300);
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress[0].total).toBeGreaterThanOrEqual(300);
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);
    for (const p of progress) expect(p.eventsPerSecond).toBeGreaterThanOrEqual(0);
    // live changes kept flowing around the swap, each position once
    const livePositions = changes.map((c) => c.position);
    expect(new Set(livePositions).size).toBe(livePositions.length);
    expect(headReads).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);

    await runner.stop();
  });

  it('rebuilds without a runner, replacing a read model that drifted', async () => {
    for (let i = 0; i < 60; i++) await store.append(`counter-b-${i % 6}`, [inc(2)], { expectedRevision: 'any' });
    const def = counterProjection(uniqueName('offline'));
    const runner = new ProjectionRunner({ store, readModels, projections: [def] });
    await runner.start();
    await runner.stop();
    // a document damaged by hand: the rebuild throws the whole table away
    await readModels.transaction((tx) => tx.put(def.name, { id: 'counter-b-0', doc: { stream: 'x', group: 'b', count: -1, events: 0 }, position: 1e9 }));
    const oldTable = await readModels.activeTable(def.name);
    const result = await rebuildProjection({ store, readModels }, def);
    expect(result.events).toBe(60);
    expect(await stored(readModels, def.name)).toEqual(await replay(store, def));
    expect((await readModels.get<CounterDoc>(def.name, 'counter-b-0'))?.doc.count).toBe(20);
    expect(await tableExists(oldTable)).toBe(false);
    expect(await readModels.checkpointInfo(def.name)).toEqual({ position: 60, version: 1 });
    // loaded into a bare table, the rebuilt one still gets every index of the definition, at the end
    const table = await readModels.activeTable(def.name);
    const indexes =
      readModels.kind === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(readModels.kysely)).rows
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`.execute(readModels.kysely)).rows;
    const expected = ['position', ...Object.keys(def.indexes)].map((c) => `ix_${table}_${c}`);
    expect(indexes.map((i) => i.name)).toEqual(expect.arrayContaining(expected));
  });

  it('leaves the active table and checkpoint as they were when a rebuild fails', async () => {
    for (let i = 0; i < 30; i++) await store.append(`counter-c-${i % 3}`, [inc(1)], { expectedRevision: 'any' });
    const def = counterProjection(uniqueName('failed'));
    const runner = new ProjectionRunner({ store, readModels, projections: [def] });
    await runner.start();
    await runner.stop();
    const before = {
      table: await readModels.activeTable(def.name),
      docs: await stored(readModels, def.name),
      checkpoint: await readModels.checkpoint(def.name),
    };
    const broken = counterProjection(def.name, { fault: (e) => e.position === 25 });
    await expect(rebuildProjection({ store, readModels }, broken, { batchSize: 10 })).rejects.toThrow(/evolve fallito/);
    expect(await readModels.activeTable(def.name)).toBe(before.table);
    expect(await stored(readModels, def.name)).toEqual(before.docs);
    expect(await readModels.checkpoint(def.name)).toBe(before.checkpoint);
    // the half-built table was dropped
    expect(await tableExists(before.table.replace(/__g(\d+)$/, (_, g) => `__g${Number(g) + 1}`))).toBe(false);
  });
});
