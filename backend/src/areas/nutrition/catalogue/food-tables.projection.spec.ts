import type { CatalogueFood, RecordedEvent } from '@studio/contracts';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';
import { foodTableDecider, type FoodTableState } from './food-table.decider';
import { decideImport, tableFood } from './food-tables.fixtures';
import { catalogueFoodsProjection, foodTableImportsProjection } from './food-tables.projection';

const files = [{ name: 'tabella.xlsx', sha256: 'c'.repeat(64) }];
function importEvents(state: FoodTableState, changes: { foods: CatalogueFood[]; version?: string; importId?: string }) {
  return decideImport(state, { source: 'svizzera', version: '6.4', files, importId: 'imp-1', at: '2030-01-01T10:00:00.000Z', ...changes });
}
const record = (events: { type: string; data: object }[]): RecordedEvent[] => events.map((e) => recorded('foodtable-svizzera', e.type, e.data));

describe('the publishers’ tables as read models', () => {
  const v64 = Array.from({ length: 250 }, (_, i) => tableFood('svizzera', String(i + 1), '6.4'));
  const first = importEvents(foodTableDecider.initialState(), { foods: v64 });

  it('shows an import’s foods only once its closing event is there', () => {
    const chunksOnly = record(first.events.slice(0, -1));
    const open = fold(catalogueFoodsProjection, chunksOnly);
    expect(open.size).toBe(250);
    expect([...open.values()].every((d) => d?.food === null && d.pending?.importId === 'imp-1')).toBe(true);
    expect(catalogueFoodsProjection.indexes.visible.value(open.get('svizzera-1')!)).toBe(0);

    const done = fold(catalogueFoodsProjection, record(first.events));
    expect(done.get('svizzera-250')).toEqual({ id: 'svizzera-250', source: 'svizzera', food: v64[249], pending: null });
    expect(catalogueFoodsProjection.indexes.visible.value(done.get('svizzera-1')!)).toBe(1);
  });

  it('keeps the complete version visible while the next one is being written, then replaces it and drops the foods it no longer has', () => {
    const v65 = v64.slice(1).map((f) => ({ ...f, version: '6.5', name: `${f.name} (6.5)` }));
    const second = importEvents(first.state, { foods: v65, version: '6.5', importId: 'imp-2' });
    const midway = fold(catalogueFoodsProjection, record([...first.events, ...second.events.slice(0, -1)]));
    expect(midway.get('svizzera-2')?.food?.version).toBe('6.4');
    expect(midway.get('svizzera-2')?.pending?.food.version).toBe('6.5');

    const after = fold(catalogueFoodsProjection, record([...first.events, ...second.events]));
    expect(after.get('svizzera-2')).toMatchObject({ food: { version: '6.5', name: 'Alimento 2 (6.5)' }, pending: null });
    expect(after.get('svizzera-1')).toBeNull();
  });

  it('logs each complete import with its files, counts and instant', () => {
    const log = fold(foodTableImportsProjection, record(first.events));
    expect([...log.values()]).toEqual([
      { importId: 'imp-1', source: 'svizzera', version: '6.4', importedAt: '2030-01-01T10:00:00.000Z', files, foods: 250, chunks: 2, removed: 0 },
    ]);
  });
});
