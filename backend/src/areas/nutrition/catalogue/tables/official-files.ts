import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ValidationError } from '../../../../platform/common/errors';
import { hashOfFile } from './checksum';
import { TABLE_VERSIONS } from './columns';

/** a version of a publisher's table as published: its file and the checksum the publisher's download has */
export interface OfficialTable {
  version: string;
  fileName: string;
  md5: string;
  label: string;
}

/** the versions this importer was written for, with their files' md5 (as downloaded from the publishers) */
export const OFFICIAL_TABLES: Record<'ciqual' | 'svizzera', OfficialTable> = {
  ciqual: { version: TABLE_VERSIONS.ciqual, fileName: 'Table Ciqual 2025_FR_2025_11_03.xlsx', md5: 'fcb4936b2bf6529449d0f88f4fc0512c', label: 'CIQUAL' },
  svizzera: {
    version: TABLE_VERSIONS.svizzera,
    fileName: 'Banca_dati_svizzera_dei_valori_nutritivi.xlsx',
    md5: '32886bb7a1fee98c45ba209bc1d1875c',
    label: 'banca dati svizzera',
  },
};

/** the file is not the one published for that version: nothing is imported */
export class TableChecksumError extends ValidationError {
  constructor(message: string) {
    super(message, 'checksum_non_valido');
  }
}

/** whether a file is the one published for its version (null when it is; the md5 found otherwise) */
export async function officialChecksumMismatch(source: 'ciqual' | 'svizzera', file: string): Promise<string | null> {
  const md5 = await hashOfFile(file, 'md5');
  return md5 === OFFICIAL_TABLES[source].md5 ? null : md5;
}

/**
 * Downloads a table into `dir` and checks it is the file published for its version, before anything reads it:
 * a different file is deleted and refused in Italian. `fetchFile` is the download (fetch, or a test's stand-in).
 */
export async function downloadOfficialTable(
  source: 'ciqual' | 'svizzera',
  url: string,
  dir: string,
  fetchFile: (url: string) => Promise<Uint8Array> = fetchBytes,
): Promise<string> {
  const official = OFFICIAL_TABLES[source];
  let bytes: Uint8Array;
  try {
    bytes = await fetchFile(url);
  } catch (error) {
    throw new ValidationError(
      `Scaricamento della tabella ${official.label} non riuscito da ${url}: ${error instanceof Error ? error.message : String(error)}.`,
      'scaricamento_non_riuscito',
    );
  }
  const file = join(dir, official.fileName);
  writeFileSync(file, bytes);
  const found = await officialChecksumMismatch(source, file);
  if (found) {
    rmSync(file, { force: true });
    throw new TableChecksumError(
      `Il file scaricato da ${url} non è quello pubblicato per la versione ${official.version} della tabella ${official.label} ` +
        `(md5 atteso ${official.md5}, trovato ${found}): nessuna importazione.`,
    );
  }
  return file;
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(120_000) });
  if (!response.ok) throw new Error(`risposta HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
