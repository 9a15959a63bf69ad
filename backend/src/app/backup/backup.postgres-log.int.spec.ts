import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { EventStore, RecordedEvent } from '@studio/contracts';
import { DEMO_PASSWORD } from '../seed/demo-seed';
import { PostgresEventStore } from '../../platform/event-store/postgres-event-store';
import { deferred } from '../../platform/event-store/support';
import { testMetadata, waitFor } from '../../platform/event-store/test-events';
import { createTestDatabase } from '../../testing/pg-database';
import { registerPatients } from '../../testing/patients';
import { client, startTestApp, startTestAppIn, type TestApp } from '../../testing/test-app';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

async function wholeLog(store: EventStore): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (;;) {
    const batch = await store.readAll({ after: all.at(-1)?.position ?? 0, maxCount: 2000 });
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/**
 * The event log in PostgreSQL (EVENT_STORE=postgres) with keys, sessions and read models beside it on DATABASE_URL:
 * `npm run backup` dumps the log's schema and the app's in one pg_dump and one snapshot while the app appends, and the
 * restore into an empty database gives a log a second app runs on.
 */
describe('backup and restore with the event log in PostgreSQL (EVENT_STORE=postgres)', () => {
  // scale-out: the secrets are in the environment, the same for the backed-up practice and the restored one
  const secrets = {
    SESSION_SECRET: randomBytes(24).toString('hex'),
    LOOKUP_SECRET: randomBytes(24).toString('hex'),
    CHAIN_KEY: randomBytes(24).toString('hex'),
    KEY_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
  };
  let app: TestApp;
  let restored: TestApp | undefined;
  let work: string;
  const databases: { drop(): Promise<void> }[] = [];
  const stores: PostgresEventStore[] = [];

  beforeAll(async () => {
    const source = await createTestDatabase('backup_pglog');
    databases.push(source);
    app = await startTestApp({ DATABASE_URL: source.url, EVENT_STORE: 'postgres', HOLD_SWEEP_SECONDS: '0', ...secrets });
    work = mkdtempSync(join(tmpdir(), 'studio-backup-pglog-'));
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await restored?.close();
    await app?.close();
    rmSync(work, { recursive: true, force: true });
    for (const d of databases) await d.drop().catch(() => undefined);
  });

  it('dumps the log and the keys in one snapshot under load; restored into an empty database, a second app sees the same log, chain verified, erasures kept', async () => {
    expect(app.core.eventStore).toBeInstanceOf(PostgresEventStore);
    const [erased, kept] = await registerPatients(app, 2, 'pglog');
    const url = app.core.config.eventStore.kind === 'postgres' ? app.core.config.eventStore.connectionString : '';

    // appends going on while the backup runs: four loops of the app's own store
    let stop = false;
    const acknowledged: number[] = [];
    const loops = Array.from({ length: 4 }, async (_, loop) => {
      let revision = -1;
      for (let i = 0; !stop; i++) {
        const result = await app.core.eventStore.append(`backup-load-${loop}`, [{ type: 'Written', data: { loop, i }, metadata: testMetadata() }], {
          expectedRevision: revision < 0 ? 'no_stream' : revision,
        });
        revision = result.nextRevision;
        acknowledged.push(result.position);
      }
    });
    await waitFor(() => acknowledged.length >= 40, 'the load to run');
    // and one append caught in the middle of its commit for the whole backup: it has taken its position and holds the
    // log's ordering lock (the loops queue behind it), uncommitted, so the dump's snapshot must end right before it
    const holding = deferred();
    const release = deferred();
    const inFlight = new PostgresEventStore(url, { chainKey: app.core.config.chainKey, beforeCommit: () => (holding.resolve(), release.promise) });
    stores.push(inFlight);
    const held = inFlight.append('backup-in-flight', [{ type: 'Written', data: {}, metadata: testMetadata() }], { expectedRevision: 'no_stream' });
    await holding.promise;
    const ackedBeforeBackup = Math.max(...acknowledged);

    const backup = await createBackup(
      { NODE_ENV: 'test', DATA_DIR: app.dataDir, DATABASE_URL: url, EVENT_STORE: 'postgres', ...secrets },
      join(work, 'backup'),
    );
    release.resolve();
    const heldPosition = (await held).position;
    await waitFor(() => acknowledged.some((p) => p > heldPosition), 'the loops to go on after the held append');
    stop = true;
    await Promise.all(loops);

    const log = backup.manifest.eventStore;
    expect(log).toMatchObject({ kind: 'postgres', file: 'database.pgdump', schema: 'event_store' });
    // the keys and sessions are in the same dump: one snapshot for both schemas
    expect(backup.manifest.appDb).toEqual({ kind: 'postgres', file: 'database.pgdump', schema: 'app' });
    expect(backup.manifest.secrets).toEqual([]);
    const head = log.headPosition;
    expect(head).toBeGreaterThanOrEqual(ackedBeforeBackup);
    expect(heldPosition).toBe(head + 1);
    const original = await wholeLog(app.core.eventStore);
    const prefix = original.filter((e) => e.position <= head);
    expect(log.events).toBe(prefix.length);
    expect(original.length).toBeGreaterThan(prefix.length);

    // erased after the backup: the restore must erase them again
    const admin = await client(app, 'admin@example.it');
    await admin.agent.post(`/api/audit/patients/${erased.id}/erase`).set('X-CSRF-Token', admin.csrf).expect(200);

    const target = await createTestDatabase('backup_pglog_restored');
    databases.push(target);
    const dataDir = join(work, 'ripristino', 'dati');
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: target.url,
      EVENT_STORE: 'postgres',
      ERASURE_LEDGER: app.core.config.erasureLedger,
      ...secrets,
    };
    // a SQLite configuration does not take a PostgreSQL log
    await expect(restoreBackup({ ...env, EVENT_STORE: '' }, backup.file)).rejects.toThrow('imposta EVENT_STORE=postgres');
    const result = await restoreBackup({ ...env }, backup.file);
    expect(result.backupPosition).toBe(head);
    expect(result.erasures).toEqual([{ subjectId: erased.id, keyDestroyed: true, eventAppended: true }]);
    expect(result.chain).toEqual({ checked: log.events + 1, ok: true, firstBroken: null, unsigned: 0 });
    // the sequence was set back to the head: the erasure takes the next position, as on SQLite
    expect(result.headPosition).toBe(head + 1);

    // the restored log is the original's up to the backup's head, event for event, plus the erasure appended again
    const restoredStore = new PostgresEventStore(target.url);
    stores.push(restoredStore);
    const restoredLog = await wholeLog(restoredStore);
    expect(restoredLog.slice(0, -1)).toEqual(prefix);
    expect(restoredLog.at(-1)).toMatchObject({ position: head + 1, stream: `user-${erased.id}`, type: 'PersonalDataErased' });

    // the same database again (now holding the log) is refused before anything is written
    await expect(restoreBackup({ ...env, DATA_DIR: join(work, 'altro') }, backup.file)).rejects.toThrow('Lo schema PostgreSQL "event_store" non è vuoto');

    // a second app on the restored database and data directory
    restored = await startTestAppIn(dataDir, { DATABASE_URL: target.url, EVENT_STORE: 'postgres', HOLD_SWEEP_SECONDS: '0', ...secrets });
    expect(await restored.core.eventStore.headPosition()).toBe(head + 1);
    expect(await wholeLog(restored.core.eventStore)).toEqual(restoredLog);
    const auditor = await client(restored, 'auditor@example.it');
    expect((await auditor.agent.get('/api/audit/verify').expect(200)).body).toMatchObject({ ok: true, checked: log.events + 1 });
    // the erased person stays erased: no login, no key, the read model says so; the other signs in as before
    const login = (email: string) =>
      request(restored!.app.getHttpServer())
        .get('/api/auth/session')
        .then(async (res) =>
          request(restored!.app.getHttpServer())
            .post('/api/auth/login')
            .set('Cookie', res.headers['set-cookie'] as unknown as string[])
            .set('X-CSRF-Token', res.body.csrfToken as string)
            .send({ email, password: DEMO_PASSWORD }),
        );
    expect((await login(erased.email)).status).toBe(401);
    expect((await login(kept.email)).status).toBe(200);
    const keys = await restored.core.appDb.selectFrom('subject_keys').select('subject_id').execute();
    expect(keys.map((k) => k.subject_id)).toContain(kept.id);
    expect(keys.map((k) => k.subject_id)).not.toContain(erased.id);
    await restored.core.changes.waitFor(head + 1);
    expect((await restored.core.readModels.get('users', erased.id))?.doc).toMatchObject({ erased: true, personal: null });
    // and it appends after the restored head
    await registerPatients(restored, 1, 'dopo');
    expect((await wholeLog(restored.core.eventStore)).find((e) => e.position === head + 2)?.stream).toMatch(/^user-/);
  }, 120_000);

  it('with appends committing during the dump, the manifest still counts what the dump holds (the restore checks it)', async () => {
    let stop = false;
    const acknowledged: number[] = [];
    const loops = Array.from({ length: 4 }, async (_, loop) => {
      let revision = -1;
      for (let i = 0; !stop; i++) {
        const result = await app.core.eventStore.append(`backup-free-${loop}`, [{ type: 'Written', data: { loop, i }, metadata: testMetadata() }], {
          expectedRevision: revision < 0 ? 'no_stream' : revision,
        });
        revision = result.nextRevision;
        acknowledged.push(result.position);
      }
    });
    await waitFor(() => acknowledged.length >= 40, 'the load to run');
    const url = app.core.config.eventStore.kind === 'postgres' ? app.core.config.eventStore.connectionString : '';
    const backup = await createBackup(
      { NODE_ENV: 'test', DATA_DIR: app.dataDir, DATABASE_URL: url, EVENT_STORE: 'postgres', ...secrets },
      join(work, 'backup2'),
    );
    stop = true;
    await Promise.all(loops);
    const head = backup.manifest.eventStore.headPosition;
    const prefix = (await wholeLog(app.core.eventStore)).filter((e) => e.position <= head);
    expect(backup.manifest.eventStore.events).toBe(prefix.length);

    const target = await createTestDatabase('backup_pglog_load');
    databases.push(target);
    const env = { NODE_ENV: 'test', DATA_DIR: join(work, 'ripristino2', 'dati'), DATABASE_URL: target.url, EVENT_STORE: 'postgres', ...secrets };
    // the restore refuses a log that differs from the manifest's head and count
    const result = await restoreBackup(env, backup.file, { erasureLedgers: [app.core.config.erasureLedger] });
    expect(result.chain.ok).toBe(true);
    const restoredStore = new PostgresEventStore(target.url);
    stores.push(restoredStore);
    expect((await wholeLog(restoredStore)).filter((e) => e.position <= head)).toEqual(prefix);
  }, 120_000);

  it('the log alone on PostgreSQL (EVENT_STORE_URL), keys and sessions in SQLite: its own dump, and back the same way', async () => {
    const events = await createTestDatabase('backup_pglog_only');
    databases.push(events);
    const only = await startTestApp({ EVENT_STORE: 'postgres', EVENT_STORE_URL: events.url, HOLD_SWEEP_SECONDS: '0' });
    try {
      const [erased] = await registerPatients(only, 2, 'solo');
      const env = { NODE_ENV: 'test', DATA_DIR: only.dataDir, EVENT_STORE: 'postgres', EVENT_STORE_URL: events.url };
      const backup = await createBackup(env, join(work, 'backup3'));
      expect(backup.manifest.eventStore).toMatchObject({ kind: 'postgres', file: 'events.pgdump', schema: 'event_store' });
      expect(backup.manifest.appDb).toEqual({ kind: 'sqlite', file: 'app.db' });
      expect(backup.manifest.secrets).toEqual(['lookup.secret', 'session.secret']);
      const head = backup.manifest.eventStore.headPosition;
      expect(head).toBe(await only.core.eventStore.headPosition());
      const admin = await client(only, 'admin@example.it');
      await admin.agent.post(`/api/audit/patients/${erased.id}/erase`).set('X-CSRF-Token', admin.csrf).expect(200);

      const target = await createTestDatabase('backup_pglog_only_restored');
      databases.push(target);
      const result = await restoreBackup(
        { NODE_ENV: 'test', DATA_DIR: join(work, 'ripristino3', 'dati'), EVENT_STORE: 'postgres', EVENT_STORE_URL: target.url },
        backup.file,
        { erasureLedgers: [only.core.config.erasureLedger] },
      );
      expect(result.erasures).toEqual([{ subjectId: erased.id, keyDestroyed: true, eventAppended: true }]);
      expect(result).toMatchObject({ backupPosition: head, headPosition: head + 1, chain: { ok: true, checked: backup.manifest.eventStore.events + 1 } });
    } finally {
      await only.close();
    }
  }, 120_000);
});
