import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import * as tar from 'tar';
import { userStreamName, type RecordedEvent } from '@studio/contracts';
import { ProjectionRunner, applyEvents, createReadModelStore, type ReadModelReader } from '@studio/projections';
import { allProjections } from '../infrastructure/projections';
import type { UserDoc } from '../../areas/accounts/users/users.projection';
import { loadBackupPassphrase, loadConfig } from '../../platform/config/config';
import { decryptArchive, encryptArchive } from './archive';
import { ChainVerifier } from '../../platform/event-store/hash-chain';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store';
import { openAppDb } from '../../platform/kernel/app-db';
import { readLedger } from '../../platform/personal-data/erasure-ledger';
import { PersonalDataService } from '../../platform/personal-data/personal-data.service';
import { subjectKeyWrapping } from '../../platform/personal-data/subject-key-wrapping';
import { DEMO_PASSWORD } from '../seed/demo-seed';
import { registerPatients } from '../../testing/patients';
import { client, startTestApp, type Client, type TestApp } from '../../testing/test-app';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const ROOT = join(__dirname, '..', '..', '..', '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** this process's environment on the embedded configuration (nothing of a scale-out set outside) */
function embeddedEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'EVENTSTORE_URL', 'REDIS_URL', 'ERASURE_LEDGER', 'LOOKUP_SECRET', 'SESSION_SECRET']) delete env[name];
  return env;
}

/** the CLI as `npm run backup/restore` runs it, in its own process, on the embedded configuration */
function cli(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'cli.ts'), ...args], {
      cwd: ROOT,
      env: embeddedEnv(dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** every document of every read model, by collection and id */
async function snapshot(readModels: ReadModelReader): Promise<Record<string, Record<string, { doc: unknown; position: number }>>> {
  const out: Record<string, Record<string, { doc: unknown; position: number }>> = {};
  for (const def of allProjections) {
    out[def.name] = Object.fromEntries((await readModels.find(def.name, {})).map((d) => [d.id, { doc: d.doc, position: d.position }]));
  }
  return out;
}

async function eventsUpTo(store: { readAll(o: { after: number; maxCount: number }): Promise<RecordedEvent[]> }, last: number): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (let after = 0; ;) {
    const batch = (await store.readAll({ after, maxCount: 1000 })).filter((e) => e.position <= last);
    if (batch.length === 0) return out;
    out.push(...batch);
    after = batch[batch.length - 1].position;
  }
}

function chainOf(events: RecordedEvent[]) {
  const verifier = new ChainVerifier();
  for (const e of events) verifier.visit(e);
  return { checked: verifier.checked, ok: verifier.firstBroken === null, firstBroken: verifier.firstBroken };
}

/** the log's head once nothing has been appended for a while (background reactors included), with the read models there */
async function quietHead(app: TestApp): Promise<number> {
  let head = await app.core.eventStore.headPosition();
  for (;;) {
    await sleep(1200);
    const now = await app.core.eventStore.headPosition();
    if (now === head) break;
    head = now;
  }
  await app.core.changes.waitFor(head);
  return head;
}

/** a session cookie of a logged-in user, as the browser holds it */
async function loginCookie(app: TestApp, email: string): Promise<string> {
  const server = app.app.getHttpServer();
  const session = await request(server).get('/api/auth/session').expect(200);
  const first = (session.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  const login = await request(server)
    .post('/api/auth/login')
    .set('Cookie', first)
    .set('X-CSRF-Token', session.body.csrfToken)
    .send({ email, password: DEMO_PASSWORD })
    .expect(200);
  const renewed = login.headers['set-cookie'] as unknown as string[] | undefined;
  return renewed ? renewed.map((c) => c.split(';')[0]).join('; ') : first;
}

describe('backup and restore', () => {
  let app: TestApp;
  let work: string;
  let backups: string;
  const env = () => ({ NODE_ENV: 'test', DATA_DIR: app.dataDir });
  const stores: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    work = mkdtempSync(join(tmpdir(), 'studio-backup-'));
    backups = join(work, 'backup');
  });
  afterAll(async () => {
    for (const s of stores) await s.close().catch(() => undefined);
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('copies a practice under write load; the restore has the same log, chain and read models at the backup position', async () => {
    const medico1 = app.ids['medico1@example.it'];
    const doctorCookie = await loginCookie(app, 'medico1@example.it');
    const doctors: Client[] = await Promise.all([0, 1, 2, 3].map(() => client(app, 'medico1@example.it')));
    const head0 = await app.core.eventStore.headPosition();

    // the load: four doctors' clients toggling slots over HTTP, one registration after another (each a new subject key)
    let stop = false;
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
    const toggles = doctors.map(async (c, i) => {
      for (let n = 0; !stop; n++) {
        const start = Date.UTC(2031, 0, 6 + i, 8) + (n % 22) * 30 * 60_000;
        const res = await c.agent
          .post('/disponibilita/toggle')
          .set('X-CSRF-Token', c.csrf)
          .send({ for: medico1, start: iso(start), end: iso(start + 30 * 60_000) });
        if (res.status !== 200 && res.status !== 409) throw new Error(`toggle: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      }
    });
    const registrations = (async () => {
      while (!stop) await registerPatients(app, 1, 'carico');
    })();
    const load = Promise.all([...toggles, registrations]);
    try {
      while ((await app.core.eventStore.headPosition()) < head0 + 40) await sleep(50);

      const atSpawn = await app.core.eventStore.headPosition();
      const run = await cli(['backup', backups], app.dataDir);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const file = /Backup completato: (.+\.tar\.gz\.enc)/.exec(run.stdout)![1];
      expect(readdirSync(backups)).toEqual([file.slice(backups.length + 1)]);
      const manifest = JSON.parse((await listManifest(file)).toString());
      const backupPosition: number = manifest.eventStore.headPosition;
      // taken while the app wrote: it holds writes made after the backup process started; the app goes on writing after it
      expect(backupPosition).toBeGreaterThan(atSpawn);
      while ((await app.core.eventStore.headPosition()) < backupPosition + 40) await sleep(50);
      stop = true;
      await load;

      const restoredDir = join(work, 'ripristino-1', 'dati');
      const result = await restoreBackup({ NODE_ENV: 'test', DATA_DIR: restoredDir }, file);
      expect(result).toMatchObject({ backupPosition, headPosition: backupPosition, erasures: [] });

      // the log: exactly the original's events up to the backup position, and the same chain verification
      const original = await eventsUpTo(app.core.eventStore, backupPosition);
      const restoredLog = new SqliteEventStore(join(restoredDir, 'events.db'));
      stores.push(restoredLog);
      const restoredEvents = await eventsUpTo(restoredLog, Number.MAX_SAFE_INTEGER);
      expect(restoredEvents.length).toBe(original.length);
      expect(restoredEvents).toEqual(original);
      expect(result.chain).toEqual({ ...chainOf(original), unsigned: 0 });
      expect(result.chain).toMatchObject({ ok: true, checked: original.length });

      // every read model: the restore's rebuild against the original's log folded the live runner's way, batch by batch, up to the same position
      const restored = await createReadModelStore({ kind: 'sqlite', filename: join(restoredDir, 'read-models.db') });
      stores.push(restored);
      const atBackup = await createReadModelStore({ kind: 'sqlite', filename: ':memory:' });
      stores.push(atBackup);
      for (const def of allProjections) await atBackup.ensureCollection(def);
      for (let i = 0; i < original.length; i += 500) {
        const batch = original.slice(i, i + 500);
        await atBackup.transaction(async (tx) => {
          for (const def of allProjections) await applyEvents(tx, def, batch);
        });
      }
      const restoredDocs = await snapshot(restored);
      expect(restoredDocs).toEqual(await snapshot(atBackup));
      expect(Object.keys(restoredDocs.users).length).toBeGreaterThan(5);
      for (const def of allProjections) expect(await restored.checkpoint(def.name)).toBe(backupPosition);

      // the keys were copied after the log: every person the copied log names can be read
      const restoredConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: restoredDir });
      const restoredAppDb = await openAppDb(restoredConfig.appDb);
      stores.push({ close: () => restoredAppDb.destroy() });
      const personal = new PersonalDataService(restoredAppDb, restoredConfig.lookupSecret, { wrapping: subjectKeyWrapping(restoredConfig) });
      const users = await restored.find<UserDoc>('users', {});
      for (const u of users) expect(await personal.open(u.doc.personal!)).not.toBeNull();

      // and the live read models: the events after the backup, appended to the restored log and applied by a runner, lead to the original's state
      const finalHead = await quietHead(app);
      const rest = (await app.core.eventStore.readAll({ after: backupPosition })).filter((e) => e.position <= finalHead);
      const src = new Database(join(app.dataDir, 'events.db'), { readonly: true });
      const rows = src.prepare('SELECT * FROM events WHERE position > ? AND position <= ? ORDER BY position').all(backupPosition, finalHead);
      src.close();
      await restoredLog.close();
      const dst = new Database(join(restoredDir, 'events.db'));
      const insert = dst.prepare(
        'INSERT INTO events (position, id, stream, revision, type, data, metadata, recorded_at) VALUES (@position, @id, @stream, @revision, @type, @data, @metadata, @recorded_at)',
      );
      dst.transaction(() => rows.forEach((r) => insert.run(r)))();
      dst.close();
      expect(rows.length).toBe(rest.length);
      const continued = new SqliteEventStore(join(restoredDir, 'events.db'));
      stores.push(continued);
      const runner = new ProjectionRunner({ store: continued, readModels: restored, projections: allProjections });
      await runner.start();
      await runner.waitFor(finalHead);
      await runner.stop();
      const live = await snapshot(app.core.readModels);
      expect(await app.core.eventStore.headPosition()).toBe(finalHead);
      expect(await snapshot(restored)).toEqual(live);
      await continued.close();
      await restored.close();

      // the restored practice runs: a session from before the backup is still open, an email still finds its account
      const reopened = await startTestApp({ DATA_DIR: restoredDir });
      try {
        const session = await request(reopened.app.getHttpServer()).get('/api/auth/session').set('Cookie', doctorCookie).expect(200);
        expect(session.body.user).toMatchObject({ id: medico1, role: 'doctor', name: expect.stringContaining('Giulia') });
        const patient = await client(reopened, 'paziente1@example.it');
        expect((await patient.agent.get('/api/auth/session').expect(200)).body.user.id).toBe(app.ids['paziente1@example.it']);
      } finally {
        await reopened.close();
      }
    } finally {
      stop = true;
      await load.catch(() => undefined);
    }
  });

  it('keeps erased people erased: a restore of an older backup applies the erasure ledger again', async () => {
    const [erased, kept] = await registerPatients(app, 2, 'oblio');
    const before = await createBackup(env(), join(work, 'prima'));
    const admin = await client(app, 'admin@example.it');
    const erasure = await admin.agent.post(`/api/audit/patients/${erased.id}/erase`).set('X-CSRF-Token', admin.csrf).expect(200);
    const adminId = app.ids['admin@example.it'];
    // written outside DATA_DIR, not in any backup
    expect(app.core.config.erasureLedger.startsWith(app.dataDir + '/')).toBe(false);
    expect(readLedger(app.core.config.erasureLedger).records).toEqual([
      { subjectId: erased.id, erasedAt: erasure.body.erasedAt, erasedBy: adminId, erasedByRole: 'admin' },
    ]);
    const after = await createBackup(env(), join(work, 'dopo'));

    const dir = join(work, 'ripristino-2', 'dati');
    const result = await restoreBackup({ NODE_ENV: 'test', DATA_DIR: dir }, before.file);
    // the older backup still held the key and lacked the erasure: both are undone
    expect(result.erasures).toEqual([{ subjectId: erased.id, keyDestroyed: true, eventAppended: true }]);
    expect(result.headPosition).toBe(result.backupPosition + 1);
    expect(result.chain).toMatchObject({ ok: true, checked: before.manifest.eventStore.events + 1 });

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
    const appDb = await openAppDb(config.appDb);
    const readModels = await createReadModelStore(config.readModels);
    const log = new SqliteEventStore(config.eventStore.kind === 'sqlite' ? config.eventStore.filename : '');
    try {
      const keys = (await appDb.selectFrom('subject_keys').select('subject_id').execute()).map((r) => r.subject_id);
      expect(keys).not.toContain(erased.id);
      expect(keys).toContain(kept.id);
      const personal = new PersonalDataService(appDb, config.lookupSecret, { wrapping: subjectKeyWrapping(config) });
      const erasedDoc = (await readModels.get<UserDoc>('users', erased.id))!.doc;
      expect(erasedDoc).toMatchObject({ personal: null, emailHash: '', passwordHash: '', erased: true });
      expect(await personal.open((await readModels.get<UserDoc>('users', kept.id))!.doc.personal!)).toMatchObject({ name: 'Paziente', surname: 'Prova 1' });
      const [last] = await log.readStream(userStreamName(erased.id), { direction: 'backwards', maxCount: 1 });
      expect(last).toMatchObject({
        type: 'PersonalDataErased',
        data: { userId: erased.id, erasedBy: adminId },
        metadata: { userId: adminId, role: 'admin', at: erasure.body.erasedAt },
      });
      // the restored practice's own ledger knows the erasure too
      expect(readLedger(config.erasureLedger).records.map((r) => r.subjectId)).toEqual([erased.id]);
    } finally {
      await log.close();
      await readModels.close();
      await appDb.destroy();
    }

    // a backup taken after the erasure has it already: nothing is appended twice
    const again = await restoreBackup({ NODE_ENV: 'test', DATA_DIR: join(work, 'ripristino-3', 'dati') }, after.file);
    expect(again.erasures).toEqual([]);
    expect(again.headPosition).toBe(after.manifest.eventStore.headPosition);
  });

  it('refuses a data directory that is not empty, a missing file and a damaged one, in Italian, with a failing exit code', async () => {
    const [source] = readdirSync(join(work, 'prima')).map((f) => join(work, 'prima', f));
    const busy = join(work, 'occupata');
    mkdirSync(busy);
    writeFileSync(join(busy, 'appunti.txt'), 'non toccare');
    const truncated = join(work, 'troncato.tar.gz');
    writeFileSync(truncated, readFileSync(source).subarray(0, 2000));
    const untouched = join(work, 'mai-creata');

    const [notEmpty, missing, damaged] = await Promise.all([
      cli(['restore', source], busy),
      cli(['restore', join(work, 'non-esiste.tar.gz')], untouched),
      cli(['restore', truncated], untouched),
    ]);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.stderr).toContain(`La cartella dei dati ${busy} non è vuota`);
    expect(readdirSync(busy)).toEqual(['appunti.txt']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('File di backup non trovato');
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain('non è un backup valido o è danneggiato');
    expect(existsSync(untouched)).toBe(false);

    // an archive whose event log was altered after the backup: its checksum gives it away
    const unpacked = join(work, 'alterato');
    mkdirSync(unpacked);
    await decryptArchive(source, join(work, 'alterato.tar.gz'), loadBackupPassphrase({ DATA_DIR: app.dataDir }));
    await tar.x({ file: join(work, 'alterato.tar.gz'), cwd: unpacked });
    const events = readFileSync(join(unpacked, 'events.db'));
    events[events.length - 100] ^= 0xff;
    writeFileSync(join(unpacked, 'events.db'), events);
    const altered = join(work, 'alterato.tar.gz.enc');
    await tar.c({ gzip: true, file: join(work, 'rifatto.tar.gz'), cwd: unpacked }, readdirSync(unpacked));
    // re-encrypted by someone who holds the passphrase: the checksums still catch the edit
    await encryptArchive(join(work, 'rifatto.tar.gz'), altered, loadBackupPassphrase({ DATA_DIR: app.dataDir }));
    await expect(restoreBackup({ NODE_ENV: 'test', DATA_DIR: untouched }, altered)).rejects.toThrow('events.db non corrisponde alla sua impronta sha-256');
    // under another lookup secret nobody could log in: refused before anything is written
    await expect(restoreBackup({ NODE_ENV: 'test', DATA_DIR: untouched, LOOKUP_SECRET: 'un-altro-segreto-lungo-abbastanza' }, source)).rejects.toThrow(
      'LOOKUP_SECRET è diverso',
    );
    // a SQLite log goes back into SQLite, not into a PostgreSQL log
    await expect(restoreBackup({ NODE_ENV: 'test', DATA_DIR: untouched, EVENT_STORE: 'postgres' }, source)).rejects.toThrow(
      'si ripristina con EVENT_STORE=sqlite',
    );
    // a PostgreSQL log needs its database named, or nothing is copied
    await expect(createBackup({ NODE_ENV: 'test', DATA_DIR: app.dataDir, EVENT_STORE: 'postgres' }, join(work, 'mai'))).rejects.toThrow(
      'EVENT_STORE=postgres richiede EVENT_STORE_URL o DATABASE_URL',
    );
    expect(existsSync(join(work, 'mai'))).toBe(false);
    expect(existsSync(untouched)).toBe(false);
  });
});

/** the manifest of an archive, read without unpacking it to disk */
async function listManifest(file: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const plain = `${file}.tar.gz`;
  await decryptArchive(file, plain, loadBackupPassphrase({}));
  await tar.t({
    file: plain,
    onReadEntry: (entry) => {
      if (entry.path === 'manifest.json') entry.on('data', (c: Buffer) => chunks.push(c));
      else entry.resume();
    },
  });
  rmSync(plain);
  return Buffer.concat(chunks);
}
