import { createHash, createHmac } from 'node:crypto';
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { loadConfig, type AppConfig } from '../config/config';

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
/** the files of DATA_DIR that are part of the data: without lookup.secret no email finds its account */
export const SECRET_FILES = ['lookup.secret', 'session.secret'] as const;
export const FORMAT = 'studio-medico-backup';

export const Manifest = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  /** the log as copied: its last position and how many events it holds */
  eventStore: z.object({ kind: z.literal('sqlite'), file: z.literal(EVENTS_FILE), headPosition: z.number().int().min(0), events: z.number().int().min(0) }),
  /** subject keys, sessions, reactor checkpoints, local outbox */
  appDb: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('sqlite'), file: z.literal(APP_SQLITE_FILE) }),
    z.object({ kind: z.literal('postgres'), file: z.literal(APP_PG_FILE), schema: z.string() }),
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
