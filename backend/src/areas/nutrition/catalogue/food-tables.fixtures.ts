import type { CatalogueFood } from '@studio/contracts';
import { foodTableDecider, importCommands, type CloseFoodTableImportCommand, type FoodTableEvent, type FoodTableState } from './food-table.decider';

/** a small publisher's food for the import's tests (not a real table's values) */
export function tableFood(source: 'ciqual' | 'svizzera', code: string, version = '2025-11-03', changes: Partial<CatalogueFood> = {}): CatalogueFood {
  return {
    id: `${source}-${code}`,
    name: `Alimento ${code}`,
    synonyms: [],
    source,
    code,
    group: 'Frutta',
    per: '100g',
    density: null,
    version,
    baseWeight: 100,
    basic: true,
    nutrients: { ENERC_KCAL: { value: 52 }, PROCNT: { value: 0.3 }, FAT: { value: 0.2, flag: 'lt' }, VITD: { value: null, flag: 'missing' } },
    ...changes,
  };
}

/** the events of a whole import decided in turn (its chunks and its closing), and the state after them */
export function decideImport(
  state: FoodTableState,
  input: Omit<CloseFoodTableImportCommand, 'type' | 'chunks'> & { foods: CatalogueFood[] },
): { events: FoodTableEvent[]; state: FoodTableState } {
  const events: FoodTableEvent[] = [];
  for (const command of importCommands(input)) {
    const decided = foodTableDecider.decide(command, state);
    // the first chunk appends nothing: this version from these files is there already
    if (command.type === 'ImportFoodTableChunk' && command.chunk === 0 && decided.length === 0) break;
    events.push(...decided);
    state = decided.reduce((s, e) => foodTableDecider.evolve(s, e), state);
  }
  return { events, state };
}
