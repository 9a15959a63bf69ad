import Database from 'better-sqlite3';
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, mkdtempSync, openSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as tar from 'tar';
import { ensurePrivateDir, privateDatabaseFile } from '../../platform/common/private-files';
import {
  APP_PG_FILE,
  APP_SQLITE_FILE,
  BackupError,
  configFrom,
  EVENTS_FILE,
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
 * The read models are not copied: a restore rebuilds them from the log.
 */
export async function createBackup(env: NodeJS.ProcessEnv, folder: string | undefined): Promise<BackupResult> {
  const started = performance.now();
  if (!folder) throw new BackupError('Indica la cartella in cui salvare il backup: npm run backup -- <cartella>');
  if (env.EVENTSTORE_URL) {
    throw new BackupError(
      'Il registro degli eventi è su EventStoreDB (EVENTSTORE_URL): va salvato con gli strumenti di EventStoreDB (backup dei suoi file o snapshot del disco); questo comando copia solo il registro SQLite.',
    );
  }
  if (env.EVENT_STORE === 'postgres') {
    throw new BackupError(
      'Il registro degli eventi è su PostgreSQL (EVENT_STORE=postgres): va salvato con PostgreSQL (pg_dump degli schemi event_store e app, come il backup del compose, o la sua replica); questo comando copia solo il registro SQLite.',
    );
  }
  const dataDir = resolve(env.DATA_DIR || './data');
  const eventsFile = join(dataDir, EVENTS_FILE);
  // checked before loadConfig, which would create DATA_DIR and new secrets in a mistyped folder
  if (!existsSync(eventsFile)) throw new BackupError(`Nessun registro degli eventi in ${dataDir} (manca ${EVENTS_FILE}): controlla DATA_DIR.`);
  const config = configFrom(env);
  if (config.eventStore.kind !== 'sqlite') throw new BackupError('Solo il registro degli eventi SQLite si salva con questo comando.');

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
    await backupSqlite(eventsFile, join(staging, EVENTS_FILE));
    const log = new Database(join(staging, EVENTS_FILE), { readonly: true });
    const { head, events } = log.prepare('SELECT coalesce(max(position), 0) AS head, count(*) AS events FROM events').get() as { head: number; events: number };
    log.close();

    let appDb: Manifest['appDb'];
    if (config.appDb.kind === 'sqlite') {
      await backupSqlite(config.appDb.filename, join(staging, APP_SQLITE_FILE));
      appDb = { kind: 'sqlite', file: APP_SQLITE_FILE };
    } else {
      const schema = config.appDb.schema ?? 'app';
      // one snapshot of the schema (pg_dump reads inside a single repeatable-read transaction)
      await runTool(
        'pg_dump',
        [
          '--format=custom',
          `--schema=${schema}`,
          '--no-owner',
          '--no-privileges',
          `--file=${join(staging, APP_PG_FILE)}`,
          `--dbname=${config.appDb.connectionString}`,
        ],
        'Copia del database PostgreSQL (pg_dump)',
      );
      appDb = { kind: 'postgres', file: APP_PG_FILE, schema };
    }

    // in the embedded configuration the secrets are files in DATA_DIR; in scale-out they are environment variables, kept by whoever deploys
    const secrets = SECRET_FILES.filter((name) => existsSync(join(dataDir, name)));
    for (const name of secrets) {
      copyFileSync(join(dataDir, name), join(staging, name));
      chmodSync(join(staging, name), 0o600);
    }

    const files = [EVENTS_FILE, appDb.file, ...secrets];
    const checksums: Record<string, string> = {};
    for (const name of files) checksums[name] = await sha256File(join(staging, name));
    const now = new Date();
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      eventStore: { kind: 'sqlite', file: EVENTS_FILE, headPosition: head, events },
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
