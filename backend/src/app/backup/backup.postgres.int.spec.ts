import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { allProjections } from '../infrastructure/projections';
import { auditEventsProjection } from '../../areas/audit/audit-events.projection';
import { createReadModelStore, type ReadModelReader } from '@studio/projections';
import { loadConfig } from '../../platform/config/config';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store';
import { openAppDb } from '../../platform/kernel/app-db';
import { registerPatients } from '../../testing/patients';
import { client, startTestApp, type TestApp } from '../../testing/test-app';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

/** the PostgreSQL of this machine (CI starts it); each run gets its own databases, dropped at the end */
const PG_ADMIN = process.env.BACKUP_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function createDatabase(): Promise<{ name: string; url: string }> {
  const name = `backup_${randomBytes(4).toString('hex')}`;
  // CREATE DATABASE copies template1 and fails while another session uses it (tests side by side): try again
  for (let attempt = 1; ; attempt++) {
    try {
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      break;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((r) => setTimeout(r, 300 * attempt));
    }
  }
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function snapshot(readModels: ReadModelReader): Promise<Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, unknown>> = {};
  // with the read models in PostgreSQL the auditor's index is one of them (see event-store/live-projections)
  for (const def of [...allProjections, auditEventsProjection])
    out[def.name] = Object.fromEntries((await readModels.find(def.name, {})).map((d) => [d.id, { doc: d.doc, position: d.position }]));
  return out;
}

describe('backup and restore with keys, sessions and read models in PostgreSQL (DATABASE_URL)', () => {
  let app: TestApp;
  let work: string;
  const databases: string[] = [];

  beforeAll(async () => {
    const source = await createDatabase();
    databases.push(source.name);
    // no timed jobs: the weekly calendar's roll, 10 s after start, would move the head the test compares
    app = await startTestApp({ DATABASE_URL: source.url, HOLD_SWEEP_SECONDS: '0' });
    work = mkdtempSync(join(tmpdir(), 'studio-backup-pg-'));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
    for (const name of databases) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
  });

  it('dumps the app schema with pg_dump, restores it with pg_restore into an empty database, erasures applied again', async () => {
    const [erased, kept] = await registerPatients(app, 2, 'pg');
    await client(app, 'medico1@example.it'); // a session in the dump
    await app.core.changes.waitFor(await app.core.eventStore.headPosition());
    const backup = await createBackup(
      { NODE_ENV: 'test', DATA_DIR: app.dataDir, DATABASE_URL: app.core.config.appDb.kind === 'postgres' ? app.core.config.appDb.connectionString : '' },
      join(work, 'backup'),
    );
    expect(backup.manifest.appDb).toEqual({ kind: 'postgres', file: 'app.pgdump', schema: 'app' });
    const position = backup.manifest.eventStore.headPosition;
    // what the original holds at the backup's position, before the erasure moves it on
    expect(await app.core.eventStore.headPosition()).toBe(position);
    const originalDocs = await snapshot(app.core.readModels);
    const originalKeys = await app.core.appDb.selectFrom('subject_keys').selectAll().orderBy('subject_id').execute();
    const originalSessions = await app.core.appDb.selectFrom('sessions').selectAll().orderBy('sid').execute();
    expect(originalSessions.length).toBeGreaterThan(0);

    const admin1 = await client(app, 'admin@example.it');
    await admin1.agent.post(`/api/audit/patients/${erased.id}/erase`).set('X-CSRF-Token', admin1.csrf).expect(200);

    const target = await createDatabase();
    databases.push(target.name);
    const dataDir = join(work, 'ripristino', 'dati');
    // the scale-out secrets live in the environment, not in DATA_DIR: the same ones are given again
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: target.url, ERASURE_LEDGER: app.core.config.erasureLedger };
    const result = await restoreBackup({ ...env }, backup.file);
    expect(result.erasures).toEqual([{ subjectId: erased.id, keyDestroyed: true, eventAppended: true }]);
    expect(result.chain.ok).toBe(true);

    const config = loadConfig(env);
    const appDb = await openAppDb(config.appDb);
    const readModels = await createReadModelStore(config.readModels);
    const log = new SqliteEventStore(join(dataDir, 'events.db'));
    try {
      expect(await appDb.selectFrom('subject_keys').selectAll().orderBy('subject_id').execute()).toEqual(
        originalKeys.filter((k) => k.subject_id !== erased.id),
      );
      expect(originalKeys.map((k) => k.subject_id)).toContain(kept.id);
      expect(await appDb.selectFrom('sessions').selectAll().orderBy('sid').execute()).toEqual(originalSessions);
      // the read models in PostgreSQL, rebuilt: the original's at the backup position, but for the erasure applied after it
      const restoredDocs = await snapshot(readModels);
      const erasedUser = restoredDocs.users[erased.id] as { doc: Record<string, unknown> };
      expect(erasedUser.doc).toMatchObject({ personal: null, emailHash: '', erased: true });
      expect(await readModels.checkpoint('users')).toBe(position + 1);
      // everything but the erased person's account and the erasure's own documents, which only the restore has
      const withoutErasure = (docs: Record<string, Record<string, unknown>>) =>
        Object.fromEntries(
          Object.entries(docs).map(([name, byId]) => [
            name,
            Object.fromEntries(
              Object.entries(byId).filter(([id, d]) => (d as { position: number }).position <= position && !(name === 'users' && id === erased.id)),
            ),
          ]),
        );
      expect(withoutErasure(restoredDocs)).toEqual(withoutErasure(originalDocs));
      expect(Object.keys(restoredDocs.audit_events)).toHaveLength(Object.keys(originalDocs.audit_events).length + 1);
      expect(await log.headPosition()).toBe(position + 1);
    } finally {
      await log.close();
      await readModels.close();
      await appDb.destroy();
    }

    // the same database again (now holding data) is refused before anything is written
    await expect(restoreBackup({ ...env, DATA_DIR: join(work, 'altro') }, backup.file)).rejects.toThrow('Lo schema PostgreSQL "app" non è vuoto');
  });
});
