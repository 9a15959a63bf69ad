import { Injectable } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import {
  STREAM_PREFIX,
  type CatalogueFood,
  type EventMetadata,
  type FoodTableImportResult,
  type FoodTableImportView,
  type ImportedFoodSource,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ValidationError } from '../../../platform/common/errors';
import type { CommandResult } from '../../../platform/event-store/command-handler';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import type { Ports } from '../../../platform/kernel/ports';
import { importCommands, type FoodTableEvent } from './food-table.decider';
import { CloseFoodTableImport, ImportFoodTableChunk } from './food-tables.commands';
import { foodTableImportsReadModel } from './read-models';
import { fileChecksum } from './tables/checksum';
import { parseCiqualXlsx } from './tables/ciqual-table';
import { TABLE_VERSIONS } from './tables/columns';
import { parseSwissXlsx } from './tables/swiss-table';
import { tableFilesIn } from './tables/table-files';

/** the stream of a publisher's table */
export const foodTableStreamName = (source: ImportedFoodSource) => `${STREAM_PREFIX.foodTable}${source}`;

const PARSERS: Record<ImportedFoodSource, (file: string) => Promise<CatalogueFood[]>> = {
  ciqual: (file) => parseCiqualXlsx(file),
  svizzera: (file) => parseSwissXlsx(file),
};
const TABLE_NAMES: Record<ImportedFoodSource, string> = { ciqual: 'CIQUAL', svizzera: 'della banca dati svizzera' };

/** an import writes a few megabytes and projects thousands of documents: its reader waits longer than a click's */
const IMPORT_PROJECTION_WAIT_MS = 120_000;

/** the publishers' tables: their import (a version, as events) and the imports' log */
@Injectable()
export class FoodTablesService {
  constructor(private readonly kernel: KernelPorts) {}

  /** the imports' log, newest first */
  async imports(): Promise<FoodTableImportView[]> {
    const docs = await foodTableImportsReadModel.find(this.kernel.readModels, {}, { orderBy: [{ column: 'imported_at', direction: 'desc' }] });
    return docs.map(({ doc }) => ({ source: doc.source, version: doc.version, importedAt: doc.importedAt, files: doc.files, foods: doc.foods }));
  }

  /** both tables from a folder laid out as the publishers' downloads (the server's FOODS_DATA_DIR) */
  async importFolder(dir: string, metadata: EventMetadata): Promise<FoodTableImportResult[]> {
    const files = tableFilesIn(dir);
    if (!files.ciqual && !files.svizzera) throw new ValidationError(`Nessuna tabella degli alimenti trovata nella cartella ${dir}.`, 'tabelle_non_trovate');
    return this.importFiles({ ciqual: files.ciqual ?? undefined, svizzera: files.svizzera ?? undefined }, metadata);
  }

  /**
   * Imports each table given (see importTableFiles), answered once the read models show it; `waitForReadModels`
   * false where no projection runs (the command-line import).
   */
  async importFiles(
    paths: Partial<Record<ImportedFoodSource, string>>,
    metadata: EventMetadata,
    options: { waitForReadModels?: boolean } = {},
  ): Promise<FoodTableImportResult[]> {
    const { results, position } = await importTableFiles(this.kernel, paths, metadata);
    if (position && options.waitForReadModels !== false) await this.kernel.changes.waitFor(position, IMPORT_PROJECTION_WAIT_MS);
    return results;
  }
}

/**
 * Imports each table given: its file checksummed and parsed, then a command for each chunk of its foods and the
 * closing one, each its own append. A table already imported from this very file is answered without appending. Also the demo
 * seed's way in (it has the command bus, not this feature's service).
 */
export async function importTableFiles(
  ports: { commands: CommandBus; readModels: Ports['readModels'] },
  paths: Partial<Record<ImportedFoodSource, string>>,
  metadata: EventMetadata,
): Promise<{ results: FoodTableImportResult[]; position: number | null }> {
  const results: FoodTableImportResult[] = [];
  let last: number | null = null;
  for (const source of ['ciqual', 'svizzera'] as const) {
    const file = paths[source];
    if (!file) continue;
    if (!existsSync(file)) throw new ValidationError(`File ${TABLE_NAMES[source]} non trovato: ${file}.`, 'tabelle_non_trovate');
    const checksum = await fileChecksum(file);
    const version = TABLE_VERSIONS[source];
    // already imported from this very file: answered without parsing it again (the decider would append nothing too)
    // (a store whose projections never ran, as the command line's on a new DATA_DIR, has no such read model yet)
    const known = await foodTableImportsReadModel.find(ports.readModels, { source }).catch(() => []);
    const same = known.find(({ doc }) => doc.version === version && doc.files.length === 1 && doc.files[0].sha256 === checksum.sha256);
    if (same) {
      results.push({ source, version, imported: false, foods: same.doc.foods, events: 0, files: [checksum] });
      continue;
    }
    const foods = await PARSERS[source](file);
    const commands = importCommands({ source, version, files: [checksum], importId: randomUUID(), at: metadata.at, foods });
    let appended = 0;
    for (const command of commands) {
      const stream = foodTableStreamName(source);
      const { events, position } = await ports.commands.execute<ImportFoodTableChunk | CloseFoodTableImport, CommandResult<FoodTableEvent>>(
        command.type === 'ImportFoodTableChunk' ? new ImportFoodTableChunk(stream, command, metadata) : new CloseFoodTableImport(stream, command, metadata),
      );
      // the first chunk decided nothing: this version from these files is there already
      if (appended === 0 && events.length === 0) break;
      appended += events.length;
      if (position) last = position;
    }
    results.push({ source, version, imported: appended > 0, foods: foods.length, events: appended, files: [checksum] });
  }
  return { results, position: last };
}
