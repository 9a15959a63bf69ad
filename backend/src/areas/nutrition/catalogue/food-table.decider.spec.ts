import type { CatalogueFood } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { FOODS_PER_CHUNK, foodTableDecider, importCommands, type FoodTableEvent, type FoodTableState } from './food-table.decider';
import { decideImport, tableFood } from './food-tables.fixtures';

describe('food table decider (foodtable-<source>)', () => {
  const given = deciderSpec(foodTableDecider);
  const files = [{ name: 'Table Ciqual 2025_FR_2025_11_03.xlsx', sha256: 'a'.repeat(64) }];
  const foods = Array.from({ length: 450 }, (_, i) => tableFood('ciqual', String(1000 + i)));
  const input = (changes: Partial<Parameters<typeof importCommands>[0]> = {}) => ({
    source: 'ciqual' as const,
    version: '2025-11-03',
    files,
    importId: 'imp-1',
    at: '2030-01-01T10:00:00.000Z',
    foods,
    ...changes,
  });
  const run = (state: FoodTableState, changes: Partial<Parameters<typeof importCommands>[0]> = {}) => decideImport(state, input(changes));
  const initial = foodTableDecider.initialState();
  const chunk = (foodsOf: CatalogueFood[], n = 0, importId = 'imp-1') =>
    ({ type: 'ImportFoodTableChunk', source: 'ciqual', version: '2025-11-03', files, importId, chunk: n, foods: foodsOf }) as const;

  it('writes the foods in chunks of 200, each its own command, then the closing event that makes the version complete', () => {
    expect(FOODS_PER_CHUNK).toBe(200);
    expect(importCommands(input()).map((c) => c.type)).toEqual([
      'ImportFoodTableChunk',
      'ImportFoodTableChunk',
      'ImportFoodTableChunk',
      'CloseFoodTableImport',
    ]);
    const { events } = run(initial);
    expect(events.slice(0, 3).map((e) => (e.type === 'FoodTableChunkImported' ? [e.data.chunk, e.data.foods.length] : null))).toEqual([
      [0, 200],
      [1, 200],
      [2, 50],
    ]);
    expect(events[3]).toMatchObject({
      type: 'FoodTableImported',
      data: { importId: 'imp-1', source: 'ciqual', version: '2025-11-03', files, foods: 450, chunks: 3, removedIds: [] },
    });
    expect(events[3].type === 'FoodTableImported' && events[3].data.foodIds).toEqual(foods.map((f) => f.id));
  });

  it('answers a re-import of the same version from the same files without appending', () => {
    const first = run(initial);
    expect(run(first.state, { importId: 'imp-2' }).events).toEqual([]);
    given(first.events)
      .when(chunk(foods.slice(0, 200), 0, 'imp-2'))
      .then([]);
  });

  it('imports again a version whose files changed, and a new version, naming the foods it no longer has', () => {
    const first = run(initial);
    const again = run(first.state, { importId: 'imp-2', files: [{ name: files[0].name, sha256: 'b'.repeat(64) }] });
    expect(again.events.at(-1)).toMatchObject({ type: 'FoodTableImported', data: { importId: 'imp-2', removedIds: [] } });
    const newer = foods.slice(1).map((f) => ({ ...f, version: '2026-01-01' }));
    const next = run(first.state, { importId: 'imp-3', version: '2026-01-01', foods: newer });
    expect(next.events.at(-1)).toMatchObject({ type: 'FoodTableImported', data: { version: '2026-01-01', foods: 449, removedIds: ['ciqual-1000'] } });
  });

  it('takes a retried chunk or closing once, and refuses chunks out of order and a closing before every chunk', () => {
    const [c0, c1] = run(initial).events as FoodTableEvent[];
    given([c0])
      .when(chunk(foods.slice(0, 200), 0))
      .then([]);
    given([c0])
      .when(chunk(foods.slice(400), 2))
      .thenThrows('tabella_non_valida');
    given([c0, c1])
      .when({ type: 'CloseFoodTableImport', source: 'ciqual', version: '2025-11-03', files, importId: 'imp-1', chunks: 3, at: 'x' })
      .thenThrows('tabella_non_valida');
    const done = run(initial).events;
    given(done).when({ type: 'CloseFoodTableImport', source: 'ciqual', version: '2025-11-03', files, importId: 'imp-1', chunks: 3, at: 'x' }).then([]);
    given(done)
      .when(chunk(foods.slice(0, 200), 1))
      .thenThrows('importazione_conclusa');
  });

  it('starts again after an import a crash left half-way (its chunks stay unclosed, never shown)', () => {
    const [orphan] = run(initial).events;
    const afterOrphan = foodTableDecider.evolve(initial, orphan);
    const { events } = run(afterOrphan, { importId: 'imp-2' });
    expect(events.at(-1)).toMatchObject({ type: 'FoodTableImported', data: { importId: 'imp-2', foods: 450, chunks: 3 } });
  });

  it('refuses an empty table, foods of another table or version, and a food twice (also across chunks)', () => {
    given([]).when(chunk([])).thenThrows('tabella_non_valida');
    given([])
      .when(chunk([tableFood('svizzera', '1')]))
      .thenThrows('tabella_non_valida');
    given([])
      .when(chunk([tableFood('ciqual', '1', '2020-07-07')]))
      .thenThrows('tabella_non_valida');
    given([])
      .when(chunk([tableFood('ciqual', '1'), tableFood('ciqual', '1')]))
      .thenThrows('tabella_non_valida');
    const [c0] = run(initial).events;
    given([c0])
      .when(chunk([foods[0]], 1))
      .thenThrows('tabella_non_valida');
    given([])
      .when({ ...chunk([foods[0]]), files: [] })
      .thenThrows('tabella_non_valida');
  });
});
