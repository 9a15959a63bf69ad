import type { CatalogueFood, EventStore } from '@studio/contracts';
import { createReadModelStore, InMemoryEventStore, ProjectionRunner, type ReadModelStoreConfig } from '@studio/projections';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { foodTableDecider, type FoodTableState } from './food-table.decider';
import { decideImport, tableFood } from './food-tables.fixtures';
import { catalogueFoodsProjection, foodTableImportsProjection } from './food-tables.projection';
import { catalogueFoodsReadModel, foodTableImportsReadModel } from './read-models';

// The tables' read models on both stores the app runs on: a whole table's closing event touches thousands of documents.
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const dir = mkdtempSync(join(tmpdir(), 'catalogo-rm-'));
const schema = `test_catalogo_${randomBytes(5).toString('hex')}`;
const backends: { kind: string; config: ReadModelStoreConfig }[] = [
  { kind: 'sqlite', config: { kind: 'sqlite', filename: join(dir, 'read-models.db') } },
  { kind: 'postgres', config: { kind: 'postgres', connectionString: PG_URL, schema } },
];
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const client = new Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
});

const metadata = { userId: 'admin', role: 'admin' as const, at: '2030-03-04T10:00:00.000Z', correlationId: 'c', causationId: 'c' };
async function importVersion(
  store: EventStore,
  state: FoodTableState,
  input: { version: string; files: { name: string; sha256: string }[]; foods: CatalogueFood[]; importId: string },
) {
  const decided = decideImport(state, { source: 'ciqual', at: metadata.at, ...input });
  // each command its own append, as the service sends them
  for (const e of decided.events) await store.append('foodtable-ciqual', [{ type: e.type, data: e.data, metadata }], { expectedRevision: 'any' });
  return decided.state;
}

describe.each(backends)('the food tables’ read models on $kind', ({ config }) => {
  it('shows a whole version of 3,500 foods, then the next one without the foods it dropped', async () => {
    const readModels = await createReadModelStore(config);
    const store = new InMemoryEventStore();
    const runner = new ProjectionRunner({ store, readModels, projections: [catalogueFoodsProjection, foodTableImportsProjection] });
    try {
      const v1 = Array.from({ length: 3500 }, (_, i) => tableFood('ciqual', String(10_000 + i)));
      const files = [{ name: 'tabella.xlsx', sha256: 'd'.repeat(64) }];
      let state = await importVersion(store, foodTableDecider.initialState(), { version: '2025-11-03', files, foods: v1, importId: 'imp-1' });
      await runner.start();
      await runner.waitFor(await store.headPosition(), 60_000);
      expect(await catalogueFoodsReadModel.find(readModels, { visible: 1, source: 'ciqual' })).toHaveLength(3500);
      expect((await catalogueFoodsReadModel.get(readModels, 'ciqual-10007'))?.doc).toEqual({
        id: 'ciqual-10007',
        source: 'ciqual',
        food: v1[7],
        pending: null,
      });

      const v2 = v1.slice(100).map((f) => ({ ...f, version: '2026-01-01', name: `${f.name} (2026)` }));
      state = await importVersion(store, state, { version: '2026-01-01', files: [{ ...files[0], sha256: 'e'.repeat(64) }], foods: v2, importId: 'imp-2' });
      await runner.waitFor(await store.headPosition(), 60_000);
      const shown = await catalogueFoodsReadModel.find(readModels, { visible: 1 });
      expect(shown).toHaveLength(3400);
      expect(shown.every(({ doc }) => doc.food?.version === '2026-01-01' && doc.pending === null)).toBe(true);
      expect(await catalogueFoodsReadModel.get(readModels, 'ciqual-10000')).toBeNull();
      const log = await foodTableImportsReadModel.find(readModels, {}, { orderBy: [{ column: 'imported_at', direction: 'desc' }] });
      expect(log.map(({ doc }) => [doc.version, doc.foods, doc.removed])).toEqual(
        expect.arrayContaining([
          ['2025-11-03', 3500, 0],
          ['2026-01-01', 3400, 100],
        ]),
      );
      expect(state.imports).toHaveLength(2);
    } finally {
      await runner.stop();
      await store.close();
      await readModels.close();
    }
  });
});
