import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as tar from 'tar';
import { userStreamName, type EventMetadata, type EventStore } from '@studio/contracts';
import { createReadModelStore, rebuildProjections, type ReadModelStore } from '@studio/projections';
import { PG_SCHEMAS, defaultErasureLedger, loadBackupPassphrase } from '../../platform/config/config';
import { ensurePrivateDir, privateDatabaseFile } from '../../platform/common/private-files';
import { ChainVerifier } from '../../platform/event-store/hash-chain';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store';
import { EVENT_STORE_PG_SCHEMA, PostgresEventStore } from '../../platform/event-store/postgres-event-store';
import { liveProjections } from '../infrastructure/projections';
import { holdOutbox, openAppDb, releaseOutbox, type AppDb } from '../../platform/kernel/app-db';
import { ErasureLedger, readLedger, type ErasureRecord } from '../../platform/personal-data/erasure-ledger';
import { DatabaseErasureLedger } from '../../platform/personal-data/database-erasure-ledger';
import {
  APP_PG_FILE,
  APP_SQLITE_FILE,
  BackupError,
  configFrom,
  DATABASE_PG_FILE,
  dataFiles,
  decryptArchive,
  EVENTS_FILE,
  EVENTS_PG_FILE,
  MANIFEST,
  Manifest,
  SECRET_FILES,
  errorText,
  lookupFingerprint,
  sha256File,
} from './archive';
import { assertEmptySchemas, checkRestoredLog, restoreSchemas } from './restore-postgres';

export interface RestoreOptions {
  /** more erasure ledgers to apply, besides the configured one and the one named in the backup */
  erasureLedgers?: string[];
  /** progress lines, in Italian */
  log?: (line: string) => void;
  /**
   * --senza-registro-cancellazioni: restore even when no erasure ledger is found, knowing that whoever
   * was erased after the backup comes back (their key and data are in it). Without it, refused.
   */
  withoutErasureLedger?: boolean;
}

export const WITHOUT_LEDGER_MEANING =
  'Ripristino SENZA registro delle cancellazioni: chi è stato cancellato dopo questo backup torna leggibile (la sua chiave e i suoi dati sono nel backup) finché non lo si cancella di nuovo.';

export interface AppliedErasure {
  subjectId: string;
  /** the backup still held the person's key */
  keyDestroyed: boolean;
  /** the backup's log lacked their PersonalDataErased: appended again, with the original time and author */
  eventAppended: boolean;
}

export interface RestoreResult {
  dataDir: string;
  /** the backup's last position: the read models were rebuilt up to here (plus the erasures appended) */
  backupPosition: number;
  headPosition: number;
  events: number;
  ledgersRead: string[];
  erasures: AppliedErasure[];
  /** unsigned: events of a backup from before the chain was signed (checked on hashes alone, signed on restore) */
  chain: { checked: number; ok: boolean; firstBroken: ChainVerifier['firstBroken']; unsigned: number };
  rebuild: { events: number; ms: number };
  ms: number;
}

const ROLES: EventMetadata['role'][] = ['patient', 'doctor', 'admin', 'auditor', 'system'];

/** nothing in it, or not there at all: a restore never mixes two practices' files */
function assertEmptyDirectory(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  if (!statSync(dataDir).isDirectory()) throw new BackupError(`${dataDir} esiste e non è una cartella: indica in DATA_DIR una cartella vuota.`);
  const entries = readdirSync(dataDir);
  if (entries.length > 0) {
    throw new BackupError(
      `La cartella dei dati ${dataDir} non è vuota (contiene ${entries.length} elementi, per esempio ${entries[0]}): il ripristino avviene solo in una cartella vuota. Spostala o svuotala, oppure indica un’altra cartella in DATA_DIR, e riprova.`,
    );
  }
}

/** decrypts (checking the tag), extracts only the files a backup has, then checks the manifest and every checksum */
async function unpack(archive: string, into: string, passphrase: string): Promise<Manifest> {
  const expected = new Set<string>([MANIFEST, EVENTS_FILE, EVENTS_PG_FILE, DATABASE_PG_FILE, APP_SQLITE_FILE, APP_PG_FILE, ...SECRET_FILES]);
  const damaged = (detail: string) => new BackupError(`Il file ${archive} non è un backup valido o è danneggiato: ${detail}`);
  const plain = join(into, '.archivio.tar.gz');
  await decryptArchive(archive, plain, passphrase);
  try {
    await tar.x({ file: plain, cwd: into, strict: true, filter: (path, entry) => expected.has(path) && (!('type' in entry) || entry.type === 'File') });
  } catch (error) {
    throw damaged(`archivio illeggibile o troncato (dettaglio: ${errorText(error)})`);
  } finally {
    rmSync(plain, { force: true });
  }
  if (!existsSync(join(into, MANIFEST))) throw damaged(`manca ${MANIFEST}`);
  let manifest: Manifest;
  try {
    manifest = Manifest.parse(JSON.parse(readFileSync(join(into, MANIFEST), 'utf8')));
  } catch (error) {
    throw damaged(`${MANIFEST} non leggibile (${errorText(error).slice(0, 200)})`);
  }
  for (const name of dataFiles(manifest)) {
    if (!manifest.checksums[name]) throw damaged(`${name} non è elencato nel manifest`);
    if (!existsSync(join(into, name))) throw damaged(`manca ${name}`);
    if ((await sha256File(join(into, name))) !== manifest.checksums[name]) throw damaged(`${name} non corrisponde alla sua impronta sha-256`);
  }
  return manifest;
}

/**
 * Everyone in the ledgers is erased again: their key is destroyed if the backup still held it, and
 * their PersonalDataErased is appended if the backup's log lacks it (with the original time and
 * author), so that the read models too say erased and nobody can log in as them.
 */
async function applyErasures(store: EventStore, appDb: AppDb, records: ErasureRecord[]): Promise<AppliedErasure[]> {
  const applied: AppliedErasure[] = [];
  for (const record of records) {
    const deleted = await appDb.deleteFrom('subject_keys').where('subject_id', '=', record.subjectId).executeTakeFirst();
    const keyDestroyed = Number(deleted.numDeletedRows) > 0;
    const stream = userStreamName(record.subjectId);
    const events = await store.readStream(stream);
    let eventAppended = false;
    if (events.length > 0 && !events.some((e) => e.type === 'PersonalDataErased')) {
      const role = ROLES.find((r) => r === record.erasedByRole) ?? 'system';
      const id = randomUUID();
      await store.append(
        stream,
        [
          {
            id,
            type: 'PersonalDataErased',
            data: { userId: record.subjectId, erasedBy: record.erasedBy, erasedByRole: record.erasedByRole },
            metadata: { userId: record.erasedBy, role, at: record.erasedAt, correlationId: id, causationId: id, reappliedOnRestore: true },
          },
        ],
        { expectedRevision: events[events.length - 1].revision },
      );
      eventAppended = true;
    }
    if (keyDestroyed || eventAppended) applied.push({ subjectId: record.subjectId, keyDestroyed, eventAppended });
  }
  return applied;
}

/**
 * Every event must carry the chain key's signature; a backup made before the signatures existed has
 * none at all, and is checked on its hashes alone (`unsigned` says how many), then signed.
 */
async function verifyChain(store: EventStore, chainKey: Buffer, unsignedLog: boolean): Promise<RestoreResult['chain']> {
  const verifier = new ChainVerifier(chainKey, unsignedLog);
  let after = 0;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: 5000 });
    if (batch.length === 0) break;
    for (const e of batch) verifier.visit(e);
    after = batch[batch.length - 1].position;
  }
  return { checked: verifier.checked, ok: verifier.firstBroken === null, firstBroken: verifier.firstBroken, unsigned: verifier.unsigned };
}

/**
 * `npm run restore -- <file>`: a backup into an empty DATA_DIR (and, with DATABASE_URL, an empty
 * database), the erasure ledgers applied again, the read models rebuilt from the log, the hash
 * chain verified. The configuration (environment) is the one the practice will run with.
 */
export async function restoreBackup(env: NodeJS.ProcessEnv, file: string | undefined, options: RestoreOptions = {}): Promise<RestoreResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  if (!file) throw new BackupError('Indica il file di backup da ripristinare: npm run restore -- <file>');
  const archive = resolve(file);
  if (!existsSync(archive)) throw new BackupError(`File di backup non trovato: ${archive}`);
  if (!statSync(archive).isFile()) throw new BackupError(`${archive} non è un file di backup (è una cartella?).`);
  if (env.EVENTSTORE_URL)
    throw new BackupError('EVENTSTORE_URL è impostato: questo backup contiene un registro SQLite o PostgreSQL e si ripristina senza EventStoreDB.');
  const dataDir = resolve(env.DATA_DIR || './data');
  assertEmptyDirectory(dataDir);

  mkdirSync(dirname(dataDir), { recursive: true });
  // unpacked beside DATA_DIR (same disk): verified before anything is written into it, then moved in
  const staging = mkdtempSync(join(dirname(dataDir), '.ripristino-in-corso-'));
  let passphrase: string;
  try {
    passphrase = loadBackupPassphrase(env);
  } catch (error) {
    throw new BackupError(errorText(error));
  }
  let writing = false;
  const stores: { events?: SqliteEventStore | PostgresEventStore; readModels?: ReadModelStore; appDb?: AppDb } = {};
  try {
    const manifest = await unpack(archive, staging, passphrase);
    log(`Backup del ${manifest.createdAt}: ${manifest.eventStore.events} eventi fino alla posizione ${manifest.eventStore.headPosition}.`);
    const pgLog = manifest.eventStore.kind === 'postgres' ? manifest.eventStore : undefined;
    if (!pgLog && env.EVENT_STORE === 'postgres')
      throw new BackupError('EVENT_STORE=postgres è impostato: questo backup contiene un registro SQLite e si ripristina con EVENT_STORE=sqlite.');
    if (pgLog && env.EVENT_STORE !== 'postgres')
      throw new BackupError(
        'Il backup contiene il registro degli eventi di PostgreSQL: imposta EVENT_STORE=postgres (con DATABASE_URL o EVENT_STORE_URL su un database vuoto) e riprova.',
      );
    if (pgLog && pgLog.schema !== EVENT_STORE_PG_SCHEMA) throw new BackupError(`Schema PostgreSQL inatteso nel backup: ${pgLog.schema}`);
    const eventsUrl = pgLog ? env.EVENT_STORE_URL || env.DATABASE_URL || undefined : undefined;
    if (pgLog && !eventsUrl) throw new BackupError('EVENT_STORE=postgres richiede EVENT_STORE_URL o DATABASE_URL (un database vuoto).');

    const lookupSecret =
      env.LOOKUP_SECRET || (manifest.secrets.includes('lookup.secret') ? readFileSync(join(staging, 'lookup.secret'), 'utf8').trim() : undefined);
    if (!lookupSecret)
      throw new BackupError(
        'Il backup non contiene lookup.secret e LOOKUP_SECRET non è impostato: serve il LOOKUP_SECRET in uso quando il backup è stato fatto.',
      );
    if (lookupFingerprint(lookupSecret) !== manifest.lookupFingerprint) {
      throw new BackupError(
        'LOOKUP_SECRET è diverso da quello in uso quando il backup è stato fatto: nessuno potrebbe più accedere con la propria email. Imposta quello originale e riprova.',
      );
    }
    const pgUrl = env.DATABASE_URL || undefined;
    if (manifest.appDb.kind === 'postgres' && !pgUrl)
      throw new BackupError('Il backup contiene chiavi e sessioni salvate da PostgreSQL: imposta DATABASE_URL (un database vuoto) e riprova.');
    if (manifest.appDb.kind === 'sqlite' && pgUrl)
      throw new BackupError(
        'Il backup contiene chiavi e sessioni in SQLite, ma DATABASE_URL è impostato: ripristina con la configurazione del backup (senza DATABASE_URL).',
      );
    if (manifest.appDb.kind === 'postgres' && manifest.appDb.schema !== PG_SCHEMAS.appDb)
      throw new BackupError(`Schema PostgreSQL inatteso nel backup: ${manifest.appDb.schema}`);
    // where each part goes: the log's schema, the app's; two on one database are checked (and restored) together
    const targets = new Map<string, { variable: string; schemas: string[]; restored: { schema: string; file: string }[] }>();
    const target = (url: string, variable: string) => targets.get(url) ?? targets.set(url, { variable, schemas: [], restored: [] }).get(url)!;
    if (pgLog && eventsUrl) {
      const t = target(eventsUrl, env.EVENT_STORE_URL ? 'EVENT_STORE_URL' : 'DATABASE_URL');
      t.schemas.push(pgLog.schema);
      t.restored.push({ schema: pgLog.schema, file: pgLog.file });
    }
    if (pgUrl) {
      const t = target(pgUrl, 'DATABASE_URL');
      t.schemas.push(PG_SCHEMAS.appDb, PG_SCHEMAS.readModels);
      if (manifest.appDb.kind === 'postgres') t.restored.push({ schema: manifest.appDb.schema, file: manifest.appDb.file });
    }
    for (const [url, t] of targets)
      await assertEmptySchemas(
        url,
        t.schemas,
        t.restored.map((r) => r.schema),
        t.variable,
      );

    // the ledgers are found before anything is written: without one, refused unless told so
    const configuredLedger = env.ERASURE_LEDGER ? resolve(env.ERASURE_LEDGER) : defaultErasureLedger(dataDir);
    const ledgerFiles = [...new Set([...(options.erasureLedgers ?? []).map((f) => resolve(f)), configuredLedger, manifest.erasureLedger])];
    const ledgersRead = ledgerFiles.filter((f) => existsSync(f));
    if (ledgersRead.length === 0) {
      if (!options.withoutErasureLedger) {
        throw new BackupError(
          `Nessun registro delle cancellazioni trovato (${ledgerFiles.join(', ')}): senza, chi è stato cancellato dopo il backup tornerebbe leggibile. Indica il registro con --registro-cancellazioni <file> (o ERASURE_LEDGER), oppure, sapendo cosa significa, ripeti con --senza-registro-cancellazioni.`,
        );
      }
      log(WITHOUT_LEDGER_MEANING);
    }

    writing = true;
    ensurePrivateDir(dataDir);
    for (const name of [...(pgLog ? [] : [EVENTS_FILE]), ...(manifest.appDb.kind === 'sqlite' ? [APP_SQLITE_FILE] : []), ...manifest.secrets])
      renameSync(join(staging, name), join(dataDir, name));
    // as extracted, their modes followed the umask: back to the owner's only
    for (const name of readdirSync(dataDir)) privateDatabaseFile(join(dataDir, name));
    for (const [url, t] of targets) await restoreSchemas(url, t.restored, staging);
    if (pgLog) await checkRestoredLog(eventsUrl!, pgLog);
    const config = configFrom(env);
    const logConfig = config.eventStore;
    const chainKey = config.chainKey;
    let events: SqliteEventStore | PostgresEventStore;
    if (pgLog && logConfig.kind === 'postgres') events = new PostgresEventStore(logConfig.connectionString, { chainKey });
    else if (!pgLog && logConfig.kind === 'sqlite') events = new SqliteEventStore(logConfig.filename, { chainKey });
    else throw new BackupError(`Il registro ripristinato è ${pgLog ? 'PostgreSQL' : 'SQLite'}: la configurazione deve usarlo.`);
    stores.events = events;
    // before the erasures are appended (signed): a backup from before the signatures has none of its own (the
    // PostgreSQL log came after them: every event of it is signed)
    const unsignedLog = events instanceof SqliteEventStore && !events.hasSignedEvents();
    const appDb = (stores.appDb = await openAppDb(config.appDb));
    const backupPosition = manifest.eventStore.headPosition;
    // The keys were copied after the log: a reactor may have read past the copied log's end. New
    // events will take those positions again, and a reactor must not skip them.
    await appDb.updateTable('reactor_checkpoints').set({ position: backupPosition }).where('position', '>', backupPosition).execute();
    // a restored copy (a drill, or the practice's new home) sends nothing until an operator says so: the live instance may have sent it all already
    await holdOutbox(appDb, 'ripristino');

    const bySubject = new Map<string, ErasureRecord>();
    for (const f of ledgersRead) {
      const contents = readLedger(f);
      if (contents.unreadableLines > 0) log(`Attenzione: ${contents.unreadableLines} righe illeggibili nel registro delle cancellazioni ${f} (ignorate).`);
      for (const r of contents.records) if (!bySubject.has(r.subjectId)) bySubject.set(r.subjectId, r);
    }
    // restored into a PostgreSQL database that already had a ledger (outside the backup's schema): it counts too
    const databaseLedger = config.appDb.kind === 'postgres' ? new DatabaseErasureLedger(appDb) : null;
    for (const r of (await databaseLedger?.read()) ?? []) if (!bySubject.has(r.subjectId)) bySubject.set(r.subjectId, r);
    const erasures = await applyErasures(events, appDb, [...bySubject.values()]);
    // the restored practice's own ledger knows every erasure applied, whatever file it came from
    const ownLedger = new ErasureLedger(config.erasureLedger);
    const known = new Set(ownLedger.read().records.map((r) => r.subjectId));
    for (const r of bySubject.values()) if (!known.has(r.subjectId)) ownLedger.record(r);
    await databaseLedger?.ensureExists();
    for (const r of bySubject.values()) await databaseLedger?.record(r);
    if (erasures.length > 0) log(`Cancellazioni riapplicate dal registro: ${erasures.length}.`);

    // the existing rebuild path: every projection in one pass over the log, bare tables, indexes at the end
    if (config.readModels.kind === 'sqlite') privateDatabaseFile(config.readModels.filename);
    const readModels = (stores.readModels = await createReadModelStore(config.readModels));
    const projections = liveProjections(events, readModels.kind);
    for (const def of projections) await readModels.ensureCollection(def);
    const rebuild = await rebuildProjections({ store: events, readModels }, projections);
    log(`Read model ricostruiti: ${rebuild.events} eventi in ${rebuild.ms} ms.`);

    const chain = await verifyChain(events, chainKey, unsignedLog);
    if (unsignedLog && chain.ok && events instanceof SqliteEventStore) {
      events.signUnsignedLog(chainKey, true);
      log(`Backup di una versione senza firma della catena: ${chain.unsigned} eventi verificati sui soli hash, ora firmati con la chiave della catena.`);
    }
    const headPosition = await events.headPosition();
    return {
      dataDir,
      backupPosition,
      headPosition,
      events: chain.checked,
      ledgersRead,
      erasures,
      chain,
      rebuild,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    const message = error instanceof BackupError ? error.message : `Ripristino non riuscito: ${errorText(error)}`;
    throw new BackupError(
      writing ? `${message}\nIl ripristino si è interrotto a metà: svuota ${dataDir} (e il database, se usato) prima di riprovare.` : message,
    );
  } finally {
    await stores.events?.close().catch(() => undefined);
    await stores.readModels?.close().catch(() => undefined);
    await stores.appDb?.destroy().catch(() => undefined);
    rmSync(staging, { recursive: true, force: true });
  }
}

/** `npm run restore -- --rilascia-messaggi`: the restored copy goes live, its held messages are sent from now on */
export async function releaseHeldMessages(env: NodeJS.ProcessEnv): Promise<boolean> {
  const appDb = await openAppDb(configFrom(env).appDb);
  try {
    return await releaseOutbox(appDb);
  } finally {
    await appDb.destroy();
  }
}
