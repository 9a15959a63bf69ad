import type { DocumentChange } from './projection';
import { createReadModelStore, type ReadModelStore } from './read-model-store';
import { ProjectionRunner, type ProjectionRunnerOptions } from './runner';
import { InMemoryEventStore } from './testing/in-memory-event-store';
import {
  counterProjection,
  eventually,
  inc,
  noted,
  readModelBackends,
  redelivering,
  removed,
  replay,
  stored,
  uniqueName,
  type CounterDoc,
} from './testing/fixtures';

const backends = readModelBackends();
afterAll(() => Promise.all(backends.map((b) => b.dispose())));

describe.each(backends)('projection runner on $kind', (backend) => {
  let readModels: ReadModelStore;
  let store: InMemoryEventStore;
  const runners: ProjectionRunner[] = [];
  const errors: Error[] = [];
  const runner = (options: Partial<ProjectionRunnerOptions> & Pick<ProjectionRunnerOptions, 'projections'>) => {
    const r = new ProjectionRunner({ store, readModels, retryDelayMs: 20, onError: (e) => errors.push(e), ...options });
    runners.push(r);
    return r;
  };

  beforeEach(async () => {
    readModels = await createReadModelStore(backend.config);
    store = new InMemoryEventStore();
    errors.length = 0;
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
    await store.close();
    await readModels.close();
  });

  /** a mixed log: three counters, a removal, an unhandled type, a stream of no projection */
  async function seed(n = 1) {
    for (let i = 0; i < n; i++) {
      await store.append(`counter-a-${i}`, [inc(1), inc(2), noted()], { expectedRevision: 'any' });
      await store.append(`counter-b-${i}`, [inc(10)], { expectedRevision: 'any' });
      await store.append(`other-${i}`, [inc(100)], { expectedRevision: 'any' });
      await store.append(`counter-c-${i}`, [inc(5), removed()], { expectedRevision: 'any' });
      await store.append(`counter-b-${i}`, [inc(-3)], { expectedRevision: 'any' });
    }
    return store.headPosition();
  }

  it('catches up from scratch in batches (a bulk load up to the head), and start resolves when caught up', async () => {
    await seed(20);
    const { position: head } = await store.append('other-z', [inc(1)], { expectedRevision: 'any' });
    const def = counterProjection(uniqueName('catchup'));
    await runner({ projections: [def], batchSize: 7, rebuildBatchSize: 7 }).start();
    expect(await stored(readModels, def.name)).toEqual(await replay(store, def));
    expect(await stored(readModels, def.name)).toHaveLength(40);
    // a projection starting from zero is loaded in bulk up to the head it found, even if the last
    // event is in a stream no projection reads
    const lastCounter = (await store.readAll({ streamPrefixes: ['counter-'] })).at(-1)!.position;
    expect(await readModels.checkpoint(def.name)).toBe(head);
    expect(lastCounter).toBe(head - 1);
    await runners[0].waitFor(head, 1000);
    expect(errors).toEqual([]);
  });

  it('a projection far behind the head at start is rebuilt in bulk (a fresh table); one a little behind catches up in place', async () => {
    await seed(1);
    const def = counterProjection(uniqueName('behind'));
    const first = runner({ projections: [def], bulkCatchUpMin: 20 });
    await first.start();
    await first.stop();
    const before = await readModels.activeTable(def.name);
    // a little behind: caught up in its own table
    await seed(1);
    const second = runner({ projections: [def], bulkCatchUpMin: 20 });
    await second.start();
    await second.stop();
    expect(await readModels.activeTable(def.name)).toBe(before);
    // far behind (at least bulkCatchUpMin events, more than a quarter of the log): loaded in bulk into a fresh table
    await seed(10);
    const head = await store.headPosition();
    await runner({ projections: [def], bulkCatchUpMin: 20 }).start();
    expect(await readModels.activeTable(def.name)).not.toBe(before);
    expect(await stored(readModels, def.name)).toEqual(await replay(store, def));
    expect(await readModels.checkpoint(def.name)).toBe(head);
    expect(errors).toEqual([]);
  });

  it('follows live appends, and waitFor resolves once they are applied', async () => {
    const def = counterProjection(uniqueName('live'));
    const r = runner({ projections: [def] });
    await r.start();
    expect(await stored(readModels, def.name)).toEqual([]);
    const { position } = await store.append('counter-a-1', [inc(4)], { expectedRevision: 'no_stream' });
    await r.waitFor(position);
    expect((await readModels.get<CounterDoc>(def.name, 'counter-a-1'))?.doc.count).toBe(4);
    await seed(3);
    // the head is an event of a stream it does not read: waitFor must not wait for it forever
    await store.append('other-x', [inc(1)], { expectedRevision: 'any' });
    await r.waitFor(await store.headPosition(), 2000);
    expect(await stored(readModels, def.name)).toEqual(await replay(store, def));
    await expect(r.waitFor((await store.headPosition()) + 1, 50)).rejects.toThrow(/non aggiornato/);
  });

  it('with a projection of every stream, waitFor answers from the checkpoints: no read of the log, also for events no read model folds', async () => {
    const def = counterProjection(uniqueName('every'));
    const everything = { ...counterProjection(uniqueName('log')), streamPrefixes: [], eventTypes: [] };
    const reads = { head: 0, all: 0 };
    // the runner's own reads are counted, not its subscription's
    const counting: InMemoryEventStore = Object.assign(Object.create(store) as InMemoryEventStore, {
      headPosition: () => (reads.head++, store.headPosition()),
      readAll: (options: Parameters<InMemoryEventStore['readAll']>[0]) => (reads.all++, store.readAll(options)),
      subscribeToAll: (...args: Parameters<InMemoryEventStore['subscribeToAll']>) => store.subscribeToAll(...args),
    });
    const r = runner({ store: counting, projections: [def, everything] });
    await r.start();
    reads.head = reads.all = 0;
    const waits: Promise<void>[] = [];
    for (const stream of ['counter-a-1', 'other-1', 'counter-b-1']) {
      const { position } = await store.append(stream, [inc(2)], { expectedRevision: 'any' });
      waits.push(r.waitFor(position, 5000));
    }
    await Promise.all(waits);
    expect((await readModels.get<CounterDoc>(def.name, 'counter-b-1'))?.doc.count).toBe(2);
    expect(reads).toEqual({ head: 0, all: 0 });
    await expect(r.waitFor((await store.headPosition()) + 1, 50)).rejects.toThrow(/non aggiornato/);
  });

  it('commits documents and checkpoint together: a batch that fails moves neither, and it resumes after the fault', async () => {
    let broken = true;
    const poisoned = (e: { data: { poison?: boolean } }) => broken && e.data.poison === true;
    const def = counterProjection(uniqueName('fault'), { fault: poisoned });
    const clean = counterProjection(def.name);
    const changes: DocumentChange[] = [];
    const r = runner({ projections: [def], batchSize: 100 });
    r.onChange((c) => changes.push(...c));
    await r.start();
    await store.append('counter-a-1', [inc(1)], { expectedRevision: 'any' });
    await r.waitFor(await store.headPosition());
    const before = { docs: await stored(readModels, def.name), checkpoint: await readModels.checkpoint(def.name), changes: changes.length };

    // one append, one batch: a good event, then one evolve cannot apply, then another good one
    await store.append('counter-a-1', [inc(10), inc(0, { poison: true }), inc(100)], { expectedRevision: 'any' });
    await store.append('counter-b-1', [inc(1000)], { expectedRevision: 'any' });
    await eventually(() => expect(errors.length).toBeGreaterThanOrEqual(2)); // failed, restarted, failed again
    expect(errors[0].message).toMatch(/evolve fallito/);
    expect(await stored(readModels, def.name)).toEqual(before.docs);
    expect(await readModels.checkpoint(def.name)).toBe(before.checkpoint);
    expect(changes).toHaveLength(before.changes);

    broken = false;
    await r.waitFor(await store.headPosition());
    expect(await stored(readModels, def.name)).toEqual(await replay(store, clean));
    expect((await readModels.get<CounterDoc>(def.name, 'counter-a-1'))?.doc.count).toBe(111);
    expect(changes.map((c) => c.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it('is idempotent: every event delivered twice, and from the start again, gives the same state', async () => {
    await seed(5);
    const def = counterProjection(uniqueName('twice'));
    const r = runner({ projections: [def], store: redelivering(store), batchSize: 4 });
    await r.start();
    await store.append('counter-a-0', [inc(7)], { expectedRevision: 'any' });
    await r.waitFor(await store.headPosition());
    const expected = await replay(store, def);
    expect(await stored(readModels, def.name)).toEqual(expected);
    await r.stop();

    // a lost checkpoint: documents remember their own position, so nothing counts twice
    await readModels.transaction((tx) => tx.setCheckpoint(def.name, 0, def.version));
    await runner({ projections: [def] }).start();
    expect(await stored(readModels, def.name)).toEqual(expected);
    expect(await readModels.checkpoint(def.name)).toBe(await store.headPosition());
  });

  it('restarts from the stored checkpoint without counting twice', async () => {
    await seed(3);
    const def = counterProjection(uniqueName('restart'));
    const first = runner({ projections: [def], batchSize: 5 });
    await first.start();
    await first.stop();
    const checkpoint = await readModels.checkpoint(def.name);
    await seed(2);
    await store.append('counter-a-0', [inc(50)], { expectedRevision: 'any' });

    // a new process: new store connection, new runner
    await readModels.close();
    readModels = await createReadModelStore(backend.config);
    const delivered: number[] = [];
    const spy = jest.spyOn(store, 'subscribeToAll');
    const second = runner({ projections: [def], readModels });
    second.onChange((c) => delivered.push(...c.map((x) => x.position)));
    await second.start();
    expect(spy.mock.calls[0][0].after).toBe(checkpoint);
    expect(Math.min(...delivered)).toBeGreaterThan(checkpoint);
    expect(await stored(readModels, def.name)).toEqual(await replay(store, def));
    expect((await readModels.get<CounterDoc>(def.name, 'counter-a-0'))?.doc.count).toBe(56);
  });

  it('publishes changes only after commit, with previous and doc', async () => {
    const def = counterProjection(uniqueName('changes'));
    const other = counterProjection(uniqueName('changes_other'));
    const r = runner({ projections: [def, other] });
    const seen: { changes: DocumentChange<CounterDoc>[]; checkpoint: Promise<number> }[] = [];
    r.onChange((changes) => {
      // a read issued from inside the listener must already see the batch's checkpoint
      seen.push({ changes, checkpoint: readModels.checkpoint(def.name) });
    });
    const off = r.onChange(() => {
      throw new Error('listener rotto');
    });
    await r.start();
    const { position } = await store.append('counter-a-1', [inc(1), inc(2), removed()], { expectedRevision: 'no_stream' });
    await r.waitFor(position);
    off();
    const changes = seen.flatMap((s) => s.changes).filter((c) => c.projection === def.name);
    expect(
      changes.map(({ previous, doc, position: p, id, event }) => ({ previous: previous?.count ?? null, doc: doc?.count ?? null, p, id, type: event.type })),
    ).toEqual([
      { previous: null, doc: 1, p: 1, id: 'counter-a-1', type: 'Incremented' },
      { previous: 1, doc: 3, p: 2, id: 'counter-a-1', type: 'Incremented' },
      { previous: 3, doc: null, p: 3, id: 'counter-a-1', type: 'Removed' },
    ]);
    expect(seen.flatMap((s) => s.changes).filter((c) => c.projection === other.name)).toHaveLength(3);
    for (const s of seen) expect(await s.checkpoint).toBeGreaterThanOrEqual(Math.max(...s.changes.map((c) => c.position)));
    expect(errors.map((e) => e.message)).toContain('listener rotto');
  });

  it('rebuilds on start when the definition version is newer than the stored one', async () => {
    await seed(4);
    const v1 = counterProjection(uniqueName('version'));
    const first = runner({ projections: [v1] });
    await first.start();
    const oldTable = await readModels.activeTable(v1.name);
    await first.stop();
    await seed(1);

    const v2 = counterProjection(v1.name, { version: 2, multiplier: 10 });
    const r = runner({ projections: [v2] });
    await r.start();
    expect(await readModels.checkpointInfo(v2.name)).toEqual({ position: await store.headPosition(), version: 2 });
    expect(await readModels.activeTable(v2.name)).not.toBe(oldTable);
    expect(await stored(readModels, v2.name)).toEqual(await replay(store, v2));
    expect((await readModels.get<CounterDoc>(v2.name, 'counter-a-0'))?.doc.count).toBe(60);
    await store.append('counter-a-0', [inc(1)], { expectedRevision: 'any' });
    await r.waitFor(await store.headPosition());
    expect((await readModels.get<CounterDoc>(v2.name, 'counter-a-0'))?.doc.count).toBe(70);
    // the old table is gone (checked by outcome: better-sqlite3's errors may come from another jest realm)
    const oldTableReadable = await readModels.kysely
      .selectFrom(oldTable)
      .selectAll()
      .execute()
      .then(
        () => true,
        () => false,
      );
    expect(oldTableReadable).toBe(false);
  });
});
