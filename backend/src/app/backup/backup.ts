import Database from 'better-sqlite3';
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, mkdtempSync, openSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import * as tar from 'tar';
import { EVENT_STORE_PG_SCHEMA } from '../../platform/event-store/postgres-event-store';
import { ensurePrivateDir, privateDatabaseFile } from '../../platform/common/private-files';
import {
  APP_PG_FILE,
  APP_SQLITE_FILE,
  BackupError,
  configFrom,
  DATABASE_PG_FILE,
  dataFiles,
  EVENTS_FILE,
  EVENTS_PG_FILE,
  FORMAT,
  MANIFEST,
  SECRET_FILES,
  encryptArchive,
  errorText,
  lookupFingerprint,
  runTool,
  sha256File,
  type Manifest,
} from './archive';

/**
 * SQLite's backup API copies page by page, and restarts when another connection writes between two
 * steps: under a steady load it might never finish. Asking for every remaining page in one step
 * copies them inside one read transaction, i.e. one consistent snapshot; in WAL mode the app's
 * writers go on meanwhile.
 */
const ALL_PAGES = 0x7fffffff;

/** a consistent copy of a live SQLite database into `target`, as one self-contained file */
export async function backupSqlite(source: string, target: string): Promise<void> {
  if (!existsSync(source)) throw new BackupError(`Database non trovato: ${source}`);
  privateDatabaseFile(target);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  privateDatabaseFile(target);
  const copy = new Database(target);
  try {
    // no -wal file beside the copy: the archive holds one file per database
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true }) as string;
    if (check !== 'ok') throw new BackupError(`La copia di ${source} non supera il controllo di integrità di SQLite: ${check}`);
  } finally {
    copy.close();
  }
}

/**
 * `schemas` of one PostgreSQL database into `file` with one pg_dump, inside a snapshot this function exports: with
 * `log`, that schema's head and event count are read in the same snapshot, so the manifest says what the dump holds
 * (appends committed meanwhile are in neither). Positions commit in order (postgres-event-store.ts), so the snapshot
 * holds the log up to its head with no gap.
 */
async function dumpPostgres(connectionString: string, schemas: string[], file: string, log?: string): Promise<{ head: number; events: number } | undefined> {
  const client = new Client({ connectionString });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Connessione a PostgreSQL non riuscita: ${errorText(error)}`);
  }
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    let counted: { head: number; events: number } | undefined;
    if (log) {
      const found = await client.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [`"${log}".events`]);
      if (!found.rows[0].t)
        throw new BackupError(`Nessun registro degli eventi in PostgreSQL (manca la tabella ${log}.events): controlla EVENT_STORE_URL o DATABASE_URL.`);
      const head = await client.query<{ head: string; events: string }>(`SELECT coalesce(max(position), 0) AS head, count(*) AS events FROM "${log}".events`);
      counted = { head: Number(head.rows[0].head), events: Number(head.rows[0].events) };
    }
    // the exporting transaction stays open until pg_dump has taken its snapshot over: it ends after the dump
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        ...schemas.map((schema) => `--schema=${schema}`),
        '--no-owner',
        '--no-privileges',
        `--snapshot=${rows[0].snapshot}`,
        `--file=${file}`,
        `--dbname=${connectionString}`,
      ],
      'Copia del database PostgreSQL (pg_dump)',
    );
    await client.query('COMMIT');
    return counted;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  bytes: number;
  ms: number;
}

/** backup-studio-2030-03-04T06-00-00Z.tar.gz.enc (encrypted), with -2, -3… when two backups fall in one second */
function datedName(folder: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  for (let n = 1; ; n++) {
    const file = join(folder, `backup-studio-${stamp}${n > 1 ? `-${n}` : ''}.tar.gz.enc`);
    if (!existsSync(file)) return file;
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * `npm run backup -- <cartella>`: the event log, the subject keys (crypto-shredding) and the
 * sessions of a running practice, copied consistently into one dated archive in `folder`.
 * The read models are not copied: a restore rebuilds them from the log. The log is the SQLite
 * file of DATA_DIR or, with EVENT_STORE=postgres, the event_store schema (pg_dump).
 */
export async function createBackup(env: NodeJS.ProcessEnv, folder: string | undefined): Promise<BackupResult> {
  const started = performance.now();
  if (!folder) throw new BackupError('Indica la cartella in cui salvare il backup: npm run backup -- <cartella>');
  if (env.EVENTSTORE_URL) {
    throw new BackupError(
      'Il registro degli eventi è su EventStoreDB (EVENTSTORE_URL): va salvato con gli strumenti di EventStoreDB (backup dei suoi file o snapshot del disco); questo comando copia solo il registro SQLite o PostgreSQL.',
    );
  }
  const dataDir = resolve(env.DATA_DIR || './data');
  const eventsFile = join(dataDir, EVENTS_FILE);
  // checked before loadConfig, which would create DATA_DIR and new secrets in a mistyped folder
  if (env.EVENT_STORE === 'postgres') {
    if (!existsSync(dataDir) && !env.LOOKUP_SECRET)
      throw new BackupError(`La cartella dei dati ${dataDir} non esiste e LOOKUP_SECRET non è impostato: controlla DATA_DIR.`);
  } else if (!existsSync(eventsFile)) throw new BackupError(`Nessun registro degli eventi in ${dataDir} (manca ${EVENTS_FILE}): controlla DATA_DIR.`);
  const config = configFrom(env);
  const eventStore = config.eventStore;
  if (eventStore.kind === 'eventstoredb') throw new BackupError('Il registro degli eventi su EventStoreDB non si salva con questo comando.');

  const target = resolve(folder);
  try {
    if (!existsSync(target)) ensurePrivateDir(target);
  } catch (error) {
    throw new BackupError(`Impossibile creare la cartella del backup ${target}: ${errorText(error)}`);
  }
  // staged inside the target folder: same disk, so the final rename is atomic and a half-written archive never carries the final name
  const staging = mkdtempSync(join(target, '.backup-in-corso-'));
  try {
    // The log first, then the keys: every key an event of this copy refers to was created before
    // that event was appended, so the later copy of the keys holds it. Keys created in between
    // are harmless extras; keys destroyed in between are erasures, which the ledger replays.
    // With the log and the keys in one PostgreSQL database, one pg_dump of both schemas: one snapshot.
    const appSchema = config.appDb.kind === 'postgres' ? (config.appDb.schema ?? 'app') : undefined;
    const oneDump = eventStore.kind === 'postgres' && config.appDb.kind === 'postgres' && eventStore.connectionString === config.appDb.connectionString;
    let log: Manifest['eventStore'];
    if (eventStore.kind === 'sqlite') {
      await backupSqlite(eventsFile, join(staging, EVENTS_FILE));
      const copy = new Database(join(staging, EVENTS_FILE), { readonly: true });
      const { head, events } = copy.prepare('SELECT coalesce(max(position), 0) AS head, count(*) AS events FROM events').get() as {
        head: number;
        events: number;
      };
      copy.close();
      log = { kind: 'sqlite', file: EVENTS_FILE, headPosition: head, events };
    } else {
      const file = oneDump ? DATABASE_PG_FILE : EVENTS_PG_FILE;
      const schemas = oneDump ? [EVENT_STORE_PG_SCHEMA, appSchema!] : [EVENT_STORE_PG_SCHEMA];
      const counted = (await dumpPostgres(eventStore.connectionString, schemas, join(staging, file), EVENT_STORE_PG_SCHEMA))!;
      log = { kind: 'postgres', file, schema: EVENT_STORE_PG_SCHEMA, headPosition: counted.head, events: counted.events };
    }

    let appDb: Manifest['appDb'];
    if (config.appDb.kind === 'sqlite') {
      await backupSqlite(config.appDb.filename, join(staging, APP_SQLITE_FILE));
      appDb = { kind: 'sqlite', file: APP_SQLITE_FILE };
    } else if (oneDump) {
      appDb = { kind: 'postgres', file: DATABASE_PG_FILE, schema: appSchema! };
    } else {
      await dumpPostgres(config.appDb.connectionString, [appSchema!], join(staging, APP_PG_FILE));
      appDb = { kind: 'postgres', file: APP_PG_FILE, schema: appSchema! };
    }

    // in the embedded configuration the secrets are files in DATA_DIR; in scale-out they are environment variables, kept by whoever deploys
    const secrets = SECRET_FILES.filter((name) => existsSync(join(dataDir, name)));
    for (const name of secrets) {
      copyFileSync(join(dataDir, name), join(staging, name));
      chmodSync(join(staging, name), 0o600);
    }

    const files = dataFiles({ eventStore: log, appDb, secrets });
    const checksums: Record<string, string> = {};
    for (const name of files) checksums[name] = await sha256File(join(staging, name));
    const now = new Date();
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      eventStore: log,
      appDb,
      secrets,
      lookupFingerprint: lookupFingerprint(config.lookupSecret),
      erasureLedger: config.erasureLedger,
      checksums,
    };
    writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest, null, 2));

    const plain = join(staging, 'archivio.tar.gz');
    await tar.c({ gzip: true, file: plain, cwd: staging, portable: true }, [MANIFEST, ...files]);
    // only the encrypted archive leaves the staging folder; the passphrase is configuration, never in it
    const partial = join(staging, 'archivio.tar.gz.enc');
    await encryptArchive(plain, partial, config.backupPassphrase);
    fsyncPath(partial);
    const file = datedName(target, now);
    renameSync(partial, file);
    fsyncPath(target);
    return { file, manifest, bytes: statSync(file).size, ms: Math.round(performance.now() - started) };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Backup non riuscito: ${errorText(error)}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
