import { sql } from 'kysely';
import { createReadModelStore, type ReadModelStore } from './read-model-store';
import { counterProjection, readModelBackends, uniqueName, type CounterDoc } from './testing/fixtures';

const backends = readModelBackends();
afterAll(() => Promise.all(backends.map((b) => b.dispose())));

describe.each(backends)('read-model store on $kind', (backend) => {
  let readModels: ReadModelStore;
  beforeEach(async () => {
    readModels = await createReadModelStore(backend.config);
  });
  afterEach(() => readModels.close());

  const doc = (stream: string, count: number): CounterDoc => ({ stream, group: stream.split('-')[1], count, events: 1 });

  async function seeded() {
    const def = counterProjection(uniqueName('store'));
    await readModels.ensureCollection(def);
    await readModels.transaction((tx) =>
      tx.put(def.name, [
        { id: 'counter-a-1', doc: doc('counter-a-1', 5), position: 3 },
        { id: 'counter-a-2', doc: doc('counter-a-2', 10), position: 7 },
        { id: 'counter-b-1', doc: doc('counter-b-1', -2), position: 9 },
        { id: 'counter-c-1', doc: { ...doc('counter-c-1', 0), group: null as unknown as string }, position: 12 },
      ]),
    );
    return def.name;
  }
  const ids = (docs: { id: string }[]) => docs.map((d) => d.id);

  it('round-trips a JSON document identically, with positions as numbers', async () => {
    const def = counterProjection(uniqueName('json'));
    await readModels.ensureCollection(def);
    const tricky = {
      stream: 'counter-x-1',
      group: 'x',
      count: 9007199254740991,
      events: 0.1 + 0.2,
      text: 'àèìòù €  “quoted” \\ / \n\t 🩺 ß',
      nested: { list: [1, 'two', null, true, false, { deep: [] }], empty: {}, negative: -42, exp: 1e21, small: 5e-7 },
      nothing: null,
    };
    const position = 2 ** 40 + 3;
    await readModels.transaction((tx) => tx.put(def.name, { id: 'counter-x-1', doc: tricky, position }));
    const back = await readModels.get(def.name, 'counter-x-1');
    expect(back).toStrictEqual({ id: 'counter-x-1', doc: tricky, position });
    expect(typeof back!.position).toBe('number');
    expect(await readModels.get(def.name, 'nope')).toBeNull();
  });

  it('finds with eq, gt, gte, lt, lte, in, null on index columns and position', async () => {
    const name = await seeded();
    expect(ids(await readModels.find(name, { group: 'a' }))).toEqual(['counter-a-1', 'counter-a-2']);
    expect(ids(await readModels.find(name, { group: { eq: 'b' } }))).toEqual(['counter-b-1']);
    expect(ids(await readModels.find(name, { count: { gt: 0 } }))).toEqual(['counter-a-1', 'counter-a-2']);
    expect(ids(await readModels.find(name, { count: { gte: 0, lt: 10 } }))).toEqual(['counter-a-1', 'counter-c-1']);
    expect(ids(await readModels.find(name, { count: { lte: 0 } }))).toEqual(['counter-b-1', 'counter-c-1']);
    expect(ids(await readModels.find(name, { group: { in: ['b', 'a'] } }))).toEqual(['counter-a-1', 'counter-a-2', 'counter-b-1']);
    expect(await readModels.find(name, { group: { in: [] } })).toEqual([]);
    expect(ids(await readModels.find(name, { group: null }))).toEqual(['counter-c-1']);
    expect(ids(await readModels.find(name, { position: { gt: 3, lte: 9 } }))).toEqual(['counter-a-2', 'counter-b-1']);
    expect(ids(await readModels.find(name, { group: { gte: 'a', lt: 'b' }, count: 10 }))).toEqual(['counter-a-2']);
    await expect(readModels.find(name, { 'count; drop table x': 1 })).rejects.toThrow(/Nome non valido/);
  });

  it('orders and limits', async () => {
    const name = await seeded();
    expect(ids(await readModels.find(name, {}, { orderBy: [{ column: 'count', direction: 'desc' }], limit: 2 }))).toEqual(['counter-a-2', 'counter-a-1']);
    // NULL is the smallest value on both databases
    const byGroup = await readModels.find(name, {}, { orderBy: [{ column: 'group' }, { column: 'position', direction: 'desc' }] });
    expect(ids(byGroup)).toEqual(['counter-c-1', 'counter-a-2', 'counter-a-1', 'counter-b-1']);
    const byGroupDesc = await readModels.find(name, {}, { orderBy: [{ column: 'group', direction: 'desc' }] });
    expect(ids(byGroupDesc)).toEqual(['counter-b-1', 'counter-a-1', 'counter-a-2', 'counter-c-1']);
  });

  it('moves several checkpoints in one call, new ones and existing ones, each with its own version', async () => {
    const [a, b] = [uniqueName('cpa'), uniqueName('cpb')];
    await readModels.transaction((tx) => tx.setCheckpoint(a, 4, 1));
    await readModels.transaction((tx) =>
      tx.setCheckpoints([
        { projection: a, position: 9, version: 2 },
        { projection: b, position: 7, version: 3 },
      ]),
    );
    expect(await readModels.checkpointInfo(a)).toEqual({ position: 9, version: 2 });
    expect(await readModels.checkpointInfo(b)).toEqual({ position: 7, version: 3 });
    await readModels.transaction((tx) => tx.setCheckpoints([]));
    expect(await readModels.checkpoint(a)).toBe(9);
  });

  it('commits documents and checkpoint together, or neither', async () => {
    const def = counterProjection(uniqueName('tx'));
    await readModels.ensureCollection(def);
    expect(await readModels.checkpoint(def.name)).toBe(0);
    expect(await readModels.checkpointInfo(def.name)).toBeNull();
    await expect(
      readModels.transaction(async (tx) => {
        await tx.put(def.name, { id: 'a', doc: doc('counter-a-1', 1), position: 1 });
        await tx.setCheckpoint(def.name, 1, 1);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await readModels.get(def.name, 'a')).toBeNull();
    expect(await readModels.checkpoint(def.name)).toBe(0);

    await readModels.transaction(async (tx) => {
      await tx.put(def.name, { id: 'a', doc: doc('counter-a-1', 1), position: 1 });
      await tx.setCheckpoint(def.name, 1, 1);
      expect((await tx.getForUpdate<CounterDoc>(def.name, 'a'))?.doc.count).toBe(1);
    });
    expect((await readModels.get<CounterDoc>(def.name, 'a'))?.doc.count).toBe(1);
    expect(await readModels.checkpointInfo(def.name)).toEqual({ position: 1, version: 1 });
    await readModels.transaction((tx) => tx.delete(def.name, 'a'));
    expect(await readModels.get(def.name, 'a')).toBeNull();
  });

  it('keeps its collections across reopen, and offers Kysely for custom queries', async () => {
    const name = await seeded();
    await readModels.close();
    readModels = await createReadModelStore(backend.config);
    await expect(readModels.find(name)).resolves.toHaveLength(4);
    const table = await readModels.activeTable(name);
    const row = await readModels.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.sum<number>('count').as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(row.total)).toBe(13);
    const groups = await sql<{
      group: string;
    }>`select distinct ${sql.ref('group')} from ${sql.table(table)} where ${sql.ref('group')} is not null order by 1`.execute(readModels.kysely);
    expect(groups.rows.map((r) => r.group)).toEqual(['a', 'b']);
  });

  it('a two-column index (then) answers "this group, ordered by count" from the index, and is added to a table made before it', async () => {
    const plain = counterProjection(uniqueName('then'));
    await readModels.ensureCollection(plain);
    const withThen = { ...plain, indexes: { ...plain.indexes, group: { ...plain.indexes.group, then: 'count' } } };
    // the table exists already: ensureCollection builds the new index on it and drops the one-column one it extends
    await readModels.ensureCollection(withThen);
    const table = await readModels.activeTable(plain.name);
    const fresh = await readModels.createTable(withThen);
    for (const t of [table, fresh]) {
      const names =
        backend.kind === 'sqlite'
          ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${t}`.execute(readModels.kysely)).rows
          : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${t}`.execute(readModels.kysely)).rows;
      expect(names.map((r) => r.name)).toEqual(expect.arrayContaining([`ix_${t}_group_count`, `ix_${t}_count`, `ix_${t}_position`]));
      expect(names.map((r) => r.name)).not.toContain(`ix_${t}_group`);
    }
    if (backend.kind === 'sqlite') {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select id from ${sql.table(table)} where ${sql.ref('group')} = 'a' and count >= 1 order by count`.execute(readModels.kysely);
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain(`ix_${table}_group_count`);
    }
    await readModels.dropTable(fresh);
  });
});
