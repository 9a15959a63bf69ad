import type { CatalogueFood, EventData } from '@studio/contracts';
import { ConflictError, ValidationError } from '../../../platform/common/errors';

// ---- `foodtable-<source>`: a publisher's table and its imported versions ---------------------------
//
// An import is a few commands on the stream: its chunks of foods, one an append (an event store's append has a size
// limit: EventStoreDB's is 1 MB by default), then the closing one. A read model shows a version only once it is closed,
// so an import a crash left half-way is never shown, and the next one starts again.

export type ImportedTableSource = 'ciqual' | 'svizzera';
export type FoodTableEvent =
  { type: 'FoodTableChunkImported'; data: EventData<'FoodTableChunkImported'> } | { type: 'FoodTableImported'; data: EventData<'FoodTableImported'> };

export interface FoodTableImportSummary {
  importId: string;
  version: string;
  files: { name: string; sha256: string }[];
  foods: number;
  at: string;
}
export interface FoodTableState {
  /** the complete imports, oldest first */
  imports: FoodTableImportSummary[];
  /** the food ids of the latest complete import (its successor's closing event names those it drops) */
  currentIds: string[];
  /** imports with chunks written and no closing event (yet) */
  open: Record<string, { version: string; chunks: number; foodIds: string[] }>;
}

type TableFiles = { name: string; sha256: string }[];
export interface ImportFoodTableChunkCommand {
  type: 'ImportFoodTableChunk';
  source: ImportedTableSource;
  version: string;
  files: TableFiles;
  /** chosen by the caller, the same for every command of one import */
  importId: string;
  chunk: number;
  foods: CatalogueFood[];
}
export interface CloseFoodTableImportCommand {
  type: 'CloseFoodTableImport';
  source: ImportedTableSource;
  version: string;
  files: TableFiles;
  importId: string;
  chunks: number;
  at: string;
}
export type FoodTableCommand = ImportFoodTableChunkCommand | CloseFoodTableImportCommand;

/** foods per chunk event: a few hundred kilobytes each */
export const FOODS_PER_CHUNK = 200;

const INVALID = 'tabella_non_valida';
const sameFiles = (a: { sha256: string }[], b: { sha256: string }[]) =>
  a.length === b.length && [...a.map((f) => f.sha256)].sort().join() === [...b.map((f) => f.sha256)].sort().join();

/** the import of this version from these very files, when there was one */
export function sameImport(state: FoodTableState, version: string, files: { sha256: string }[]): FoodTableImportSummary | undefined {
  return state.imports.find((i) => i.version === version && sameFiles(i.files, files));
}

/** the commands of one import, in order: its chunks, then the closing one */
export function importCommands(input: Omit<CloseFoodTableImportCommand, 'type' | 'chunks'> & { foods: CatalogueFood[] }): FoodTableCommand[] {
  const { foods, at, ...common } = input;
  const chunks: FoodTableCommand[] = [];
  for (let start = 0; start < foods.length || start === 0; start += FOODS_PER_CHUNK)
    chunks.push({ type: 'ImportFoodTableChunk', ...common, chunk: chunks.length, foods: foods.slice(start, start + FOODS_PER_CHUNK) });
  return [...chunks, { type: 'CloseFoodTableImport', ...common, chunks: chunks.length, at }];
}

function checkHeader(command: FoodTableCommand): void {
  if (!command.version.trim()) throw new ValidationError('Versione della tabella mancante.', INVALID);
  if (command.files.length === 0) throw new ValidationError('Nessun file della tabella indicato.', INVALID);
}

function decideChunk(command: ImportFoodTableChunkCommand, state: FoodTableState): FoodTableEvent[] {
  const { source, version, importId, chunk, foods } = command;
  // the same version from the same files: already there, nothing to append (the caller stops at the first chunk)
  if (chunk === 0 && sameImport(state, version, command.files)) return [];
  if (state.imports.some((i) => i.importId === importId)) throw new ConflictError('Questa importazione è già conclusa.', 'importazione_conclusa');
  const open = state.open[importId];
  const expected = open?.chunks ?? 0;
  // a chunk already written (a retried command): nothing more
  if (chunk < expected) return [];
  if (chunk > expected) throw new ValidationError(`Parte ${chunk} dell’importazione fuori ordine: attesa la ${expected}.`, INVALID);
  if (open && open.version !== version) throw new ValidationError('Le parti di un’importazione hanno versioni diverse.', INVALID);
  if (foods.length === 0) throw new ValidationError('La tabella non contiene alimenti.', INVALID);
  const ids = new Set(open?.foodIds);
  for (const food of foods) {
    if (food.source !== source || food.id !== `${source}-${food.code}`)
      throw new ValidationError(`L’alimento ${food.id} non appartiene alla tabella ${source}.`, INVALID);
    if (food.version !== version) throw new ValidationError(`L’alimento ${food.id} è della versione ${food.version}, non ${version}.`, INVALID);
    if (ids.has(food.id)) throw new ValidationError(`L’alimento ${food.id} compare due volte.`, INVALID);
    ids.add(food.id);
  }
  return [{ type: 'FoodTableChunkImported', data: { importId, source, version, chunk, foods } }];
}

function decideClose(command: CloseFoodTableImportCommand, state: FoodTableState): FoodTableEvent[] {
  const { source, version, files, importId, chunks, at } = command;
  if (state.imports.some((i) => i.importId === importId)) return [];
  const open = state.open[importId];
  if (!open || open.chunks !== chunks || open.version !== version)
    throw new ValidationError(`Importazione incompleta: ${open?.chunks ?? 0} parti scritte su ${chunks}.`, INVALID);
  const ids = new Set(open.foodIds);
  const data = {
    importId,
    source,
    version,
    files,
    foods: open.foodIds.length,
    chunks,
    foodIds: open.foodIds,
    removedIds: state.currentIds.filter((id) => !ids.has(id)),
    at,
  };
  return [{ type: 'FoodTableImported', data }];
}

export const foodTableDecider = {
  initialState: (): FoodTableState => ({ imports: [], currentIds: [], open: {} }),
  evolve(state: FoodTableState, event: FoodTableEvent): FoodTableState {
    const { importId } = event.data;
    if (event.type === 'FoodTableChunkImported') {
      const before = state.open[importId];
      const foodIds = [...(before?.foodIds ?? []), ...event.data.foods.map((f) => f.id)];
      return { ...state, open: { ...state.open, [importId]: { version: event.data.version, chunks: (before?.chunks ?? 0) + 1, foodIds } } };
    }
    const { version, files, foods, at, foodIds } = event.data;
    const { [importId]: _closed, ...open } = state.open;
    return { imports: [...state.imports, { importId, version, files, foods, at }], currentIds: foodIds, open };
  },
  decide(command: FoodTableCommand, state: FoodTableState): FoodTableEvent[] {
    checkHeader(command);
    return command.type === 'ImportFoodTableChunk' ? decideChunk(command, state) : decideClose(command, state);
  },
};
