import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { cachingStatements } from '@studio/projections';
import type { AppConfig } from './app-config';
import { privateDatabaseFile } from '../common/private-files';

/**
 * The application's own tables that are neither events nor read models: subject keys
 * (kept outside the log so erasure can destroy them) and HTTP sessions.
 */
export interface AppTables {
  subject_keys: { subject_id: string; key: string; created_at: string };
  /** user_id: the signed-in user, so that an erasure ends all their sessions at once */
  sessions: { sid: string; data: string; expires_at: number; user_id: string | null };
  /** people erased: no key is ever created for them again, and no session of theirs is kept */
  erased_subjects: { subject_id: string; erased_at: string };
  /** the local outbox (no SMTP_URL, outside production): what would have been sent, for /posta */
  local_mail: { id: string; notification_id: string; at: string; message: string };
  /** present: outgoing messages are held (a restored copy sends nothing until an operator releases them) */
  outbox_hold: { id: string; since: string; reason: string };
  /** how far each reactor (a subscription that turns events into commands) has read the log */
  reactor_checkpoints: { name: string; position: number };
}

export type AppDb = Kysely<AppTables>;

export async function openAppDb(config: AppConfig['appDb']): Promise<AppDb> {
  let db: AppDb;
  if (config.kind === 'sqlite') {
    privateDatabaseFile(config.filename);
    const file = new Database(config.filename);
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = FULL');
    db = new Kysely<AppTables>({ dialect: new SqliteDialect({ database: cachingStatements(file) }) });
  } else {
    const schema = config.schema ?? 'app';
    const pool = new Pool({ connectionString: config.connectionString, max: 5 });
    // an idle connection that the server ended (a restart, a failover, a terminated session) must not crash the
    // process with an unhandled 'error': the pool drops it and the next query gets a fresh one
    pool.on('error', () => undefined);
    pool.on('connect', (client) => void client.query(`SET search_path TO "${schema}"`));
    const bootstrap = await pool.connect();
    await bootstrap.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    bootstrap.release();
    db = new Kysely<AppTables>({ dialect: new PostgresDialect({ pool }) });
  }
  await db.schema
    .createTable('subject_keys')
    .ifNotExists()
    .addColumn('subject_id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sessions')
    .ifNotExists()
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .execute();
  // a sessions table made before user_id existed gets the column and its rows' user ids
  await sql`ALTER TABLE sessions ADD COLUMN user_id text`.execute(db).then(
    async () => {
      for (const row of await db.selectFrom('sessions').select(['sid', 'data']).execute()) {
        const userId = (JSON.parse(row.data) as { user?: { id?: string } }).user?.id;
        if (userId) await db.updateTable('sessions').set({ user_id: userId }).where('sid', '=', row.sid).execute();
      }
    },
    () => undefined, // the column is there already
  );
  await db.schema
    .createTable('erased_subjects')
    .ifNotExists()
    .addColumn('subject_id', 'text', (c) => c.primaryKey())
    .addColumn('erased_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('local_mail')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reactor_checkpoints')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('outbox_hold')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires_at)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id)`.execute(db);
  return db;
}

/** holds every outgoing message (nothing is sent) until releaseOutbox */
export async function holdOutbox(db: AppDb, reason: string, at = new Date()): Promise<void> {
  await db
    .insertInto('outbox_hold')
    .values({ id: 'hold', since: at.toISOString(), reason })
    .onConflict((oc) => oc.column('id').doUpdateSet({ since: at.toISOString(), reason }))
    .execute();
}

export async function outboxHeld(db: AppDb): Promise<boolean> {
  return (await db.selectFrom('outbox_hold').select('id').executeTakeFirst()) !== undefined;
}

/** true when messages were held */
export async function releaseOutbox(db: AppDb): Promise<boolean> {
  return Number((await db.deleteFrom('outbox_hold').executeTakeFirst()).numDeletedRows) > 0;
}
