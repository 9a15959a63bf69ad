import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventMetadata, FoodTableImportResult, ImportedFoodSource } from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../platform/common/clock';
import { AppError } from '../../platform/common/errors';
import { loadConfig } from '../../platform/config/config';
import { closeCore, openCore } from '../infrastructure/core';
import { KernelModule } from '../infrastructure/kernel.module';
import { downloadOfficialTable, foodTableCommandHandlers, FoodTablesService, OFFICIAL_TABLES, tableXlsxIn } from '../../areas/nutrition/catalogue';

/** the kernel and the tables' import only: no projection runner, no HTTP (the app's projections pick the events up) */
@Module({})
class FoodTablesImportModule {
  static forRoot(core: Awaited<ReturnType<typeof openCore>>): DynamicModule {
    return {
      module: FoodTablesImportModule,
      imports: [CqrsModule.forRoot(), KernelModule.forRoot(core, systemClock)],
      providers: [FoodTablesService, ...foodTableCommandHandlers],
    };
  }
}

export interface ImportRequest {
  /** a table's XLSX or a folder holding it; absent: downloaded from the configured URL and checked */
  ciqual?: string;
  svizzera?: string;
}
export type ImportOutcome = { ok: true; results: FoodTableImportResult[]; lines: string[] } | { ok: false; code: 1 | 2; lines: string[] };

const LABELS: Record<ImportedFoodSource, string> = { ciqual: 'CIQUAL', svizzera: 'Banca dati svizzera' };

/**
 * Imports the publishers' tables into the app's store (DATA_DIR, DATABASE_URL, EVENTSTORE_URL…, as the app):
 * the files given, or both downloaded from FOODS_CIQUAL_URL and FOODS_SVIZZERA_URL and checked against the
 * checksum of their version before anything is read. `fetchFile` replaces the download (tests).
 */
export async function importFoodTables(env: NodeJS.ProcessEnv, given: ImportRequest, fetchFile?: (url: string) => Promise<Uint8Array>): Promise<ImportOutcome> {
  const config = loadConfig(env);
  const downloads = mkdtempSync(join(tmpdir(), 'tabelle-alimenti-'));
  const lines: string[] = [];
  try {
    const files: Partial<Record<ImportedFoodSource, string>> = {};
    const download = !given.ciqual && !given.svizzera;
    for (const source of ['ciqual', 'svizzera'] as const) {
      const path = given[source];
      if (path) {
        const file = tableXlsxIn(path, source);
        if (!file) return { ok: false, code: 2, lines: [`Nessun file XLSX della tabella ${LABELS[source]} in ${path}.`] };
        files[source] = file;
      } else if (download) {
        const url = source === 'ciqual' ? config.foods.ciqualUrl : config.foods.svizzeraUrl;
        lines.push(`Scarico ${LABELS[source]} ${OFFICIAL_TABLES[source].version} da ${url}…`);
        files[source] = await downloadOfficialTable(source, url, downloads, fetchFile);
      }
    }
    const core = await openCore(config);
    try {
      const app = await NestFactory.createApplicationContext(FoodTablesImportModule.forRoot(core), { logger: false });
      try {
        await app.init();
        const correlationId = randomUUID();
        const metadata: EventMetadata = { userId: 'alimenti:importa', role: 'system', at: new Date().toISOString(), correlationId, causationId: correlationId };
        const started = performance.now();
        const results = await app.get(FoodTablesService).importFiles(files, metadata, { waitForReadModels: false });
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        for (const r of results)
          lines.push(
            r.imported
              ? `${LABELS[r.source]} ${r.version}: ${r.foods} alimenti importati (${r.events} eventi).`
              : `${LABELS[r.source]} ${r.version}: già importata da questo stesso file, nulla da aggiungere.`,
          );
        lines.push(
          `Fatto in ${seconds} s. L’app mostra la nuova versione appena le sue proiezioni leggono gli eventi (se è in funzione; altrimenti al prossimo avvio).`,
        );
        return { ok: true, results, lines };
      } finally {
        await app.close();
      }
    } finally {
      await closeCore(core);
    }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: 1, lines: [...lines, error.message] };
    throw error;
  } finally {
    rmSync(downloads, { recursive: true, force: true });
  }
}
