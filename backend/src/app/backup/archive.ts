import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scryptSync } from 'node:crypto';
import { execFile } from 'node:child_process';
import { chmodSync, closeSync, createReadStream, createWriteStream, openSync, readSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { loadConfig, type AppConfig } from '../../platform/config/config';

/** A backup or restore that cannot go on: the message is for the practice, in Italian. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export const MANIFEST = 'manifest.json';
export const EVENTS_FILE = 'events.db';
export const APP_SQLITE_FILE = 'app.db';
export const APP_PG_FILE = 'app.pgdump';
/** the event log's schema alone (EVENT_STORE_URL: another database than the app's) */
export const EVENTS_PG_FILE = 'events.pgdump';
/** the event log's schema and the app's, one pg_dump and one snapshot (both on DATABASE_URL) */
export const DATABASE_PG_FILE = 'database.pgdump';
/** the files of DATA_DIR that are part of the data: without lookup.secret no email finds its account */
export const SECRET_FILES = ['lookup.secret', 'session.secret'] as const;
export const FORMAT = 'studio-medico-backup';

export const Manifest = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  /** the log as copied: its last position and how many events it holds (on PostgreSQL, read in the dump's own snapshot) */
  eventStore: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('sqlite'), file: z.literal(EVENTS_FILE), headPosition: z.number().int().min(0), events: z.number().int().min(0) }),
    z.object({
      kind: z.literal('postgres'),
      file: z.enum([EVENTS_PG_FILE, DATABASE_PG_FILE]),
      schema: z.string(),
      headPosition: z.number().int().min(0),
      events: z.number().int().min(0),
    }),
  ]),
  /** subject keys, sessions, reactor checkpoints, local outbox */
  appDb: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('sqlite'), file: z.literal(APP_SQLITE_FILE) }),
    z.object({ kind: z.literal('postgres'), file: z.enum([APP_PG_FILE, DATABASE_PG_FILE]), schema: z.string() }),
  ]),
  secrets: z.array(z.enum(SECRET_FILES)),
  /** HMAC of a fixed text under the lookup secret: a restore under another secret is refused */
  lookupFingerprint: z.string(),
  /** the erasure ledger the practice had when backing up (read again on restore) */
  erasureLedger: z.string(),
  /** sha-256 of every file in the archive but this one */
  checksums: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});
export type Manifest = z.infer<typeof Manifest>;

/** the data files a manifest names (the combined dump once) */
export const dataFiles = (manifest: Pick<Manifest, 'eventStore' | 'appDb' | 'secrets'>): string[] => [
  ...new Set([manifest.eventStore.file, manifest.appDb.file, ...manifest.secrets]),
];

export const lookupFingerprint = (lookupSecret: string): string => createHmac('sha256', lookupSecret).update('studio-medico-backup').digest('hex');

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** runs a PostgreSQL client tool (pg_dump, pg_restore); its own error text is passed on */
export function runTool(command: string, args: string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new BackupError(`${command} non trovato: installa i programmi client di PostgreSQL (della stessa versione del server o più recenti).`));
      } else reject(new BackupError(`${what} non riuscito: ${String(stderr).trim() || error.message}`));
    });
  });
}

/** the app's configuration from the same environment; its own message (Italian) when invalid */
export function configFrom(env: NodeJS.ProcessEnv): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    throw new BackupError(errorText(error));
  }
}

/**
 * The archive on disk is encrypted and authenticated: AES-256-GCM under a key derived with scrypt
 * from BACKUP_PASSPHRASE (configuration, never in the archive). Layout: the magic line, the scrypt
 * salt, the GCM nonce (these three authenticated as additional data), the ciphertext of the
 * tar.gz, the 16-byte tag. A changed byte anywhere, or another passphrase, fails the tag.
 */
const MAGIC = Buffer.from('studio-medico-backup-cifrato v1\n');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + IV_BYTES;
/** scrypt's cost: 2^15 (about 32 MB and a tenth of a second), once per backup or restore */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

const archiveKey = (passphrase: string, salt: Buffer): Buffer => scryptSync(passphrase, salt, 32, SCRYPT);

export async function encryptArchive(plain: string, target: string, passphrase: string): Promise<void> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const header = Buffer.concat([MAGIC, salt, iv]);
  const cipher = createCipheriv('aes-256-gcm', archiveKey(passphrase, salt), iv);
  cipher.setAAD(header);
  const out = createWriteStream(target, { mode: 0o600 });
  out.write(header);
  await pipeline(createReadStream(plain), cipher, out, { end: false });
  await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), () => resolve()).on('error', reject));
  chmodSync(target, 0o600);
}

/** the tar.gz inside, written to `plain` only when the tag holds (a partial output is removed) */
export async function decryptArchive(archive: string, plain: string, passphrase: string): Promise<void> {
  const refused = () =>
    new BackupError(
      `Il file ${archive} non si decifra: non è un backup valido o è danneggiato (o alterato), oppure BACKUP_PASSPHRASE è diversa da quella in uso quando il backup è stato fatto.`,
    );
  const size = statSync(archive).size;
  const head = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(archive, 'r');
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    if (size < HEADER_BYTES + TAG_BYTES) throw new BackupError(`Il file ${archive} non è un backup valido o è danneggiato: troppo corto`);
    readSync(fd, head, 0, HEADER_BYTES, 0);
    readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    closeSync(fd);
  }
  if (!head.subarray(0, MAGIC.length).equals(MAGIC))
    throw new BackupError(`Il file ${archive} non è un backup valido o è danneggiato: non è un backup cifrato di Studio Medico`);
  const salt = head.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const iv = head.subarray(MAGIC.length + SALT_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', archiveKey(passphrase, salt), iv);
  decipher.setAAD(head);
  decipher.setAuthTag(tag);
  try {
    await pipeline(createReadStream(archive, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }), decipher, createWriteStream(plain, { mode: 0o600 }));
  } catch {
    rmSync(plain, { force: true });
    throw refused();
  }
}
