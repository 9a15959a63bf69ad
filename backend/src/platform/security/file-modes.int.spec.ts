import { readdirSync, rmSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackup } from '../../app/backup/backup';
import { restoreBackup } from '../../app/backup/restore';
import { defaultKeysDir } from '../config/config';
import { client, startTestApp, type TestApp } from '../../testing/test-app';

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** every file holding keys, sessions, events, secrets or backups: 0600 in 0700 folders, whatever the umask */
describe('file modes', () => {
  let app: TestApp;
  let work: string;
  let umask: number;
  beforeAll(async () => {
    // the most permissive umask: every mode below is the app's own choice
    umask = process.umask(0o000);
    app = await startTestApp();
    work = mkdtempSync(join(tmpdir(), 'studio-modes-'));
  });
  afterAll(async () => {
    process.umask(umask);
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('data directory, databases (with their WAL files), secrets, ledger, keys, backups and a restore', async () => {
    await client(app, 'paziente1@example.it'); // a session row, so app.db has been written
    const dataFiles = readdirSync(app.dataDir).filter((f) => !f.startsWith('sts-'));
    expect(dataFiles).toEqual(
      expect.arrayContaining(['events.db', 'app.db', 'read-models.db', 'lookup.secret', 'session.secret', 'events.db-wal', 'app.db-wal']),
    );
    expect({ dir: mode(app.dataDir), ...Object.fromEntries(dataFiles.map((f) => [f, mode(join(app.dataDir, f))])) }).toEqual({
      dir: '700',
      ...Object.fromEntries(dataFiles.map((f) => [f, '600'])),
    });
    expect(mode(app.core.config.erasureLedger)).toBe('600');
    expect(mode(defaultKeysDir())).toBe('700');
    for (const f of readdirSync(defaultKeysDir())) expect([f, mode(join(defaultKeysDir(), f))]).toEqual([f, '600']);

    const backup = await createBackup({ NODE_ENV: 'test', DATA_DIR: app.dataDir }, join(work, 'backup'));
    expect([mode(join(work, 'backup')), mode(backup.file)]).toEqual(['700', '600']);

    const restored = join(work, 'ripristino');
    await restoreBackup({ NODE_ENV: 'test', DATA_DIR: restored }, backup.file);
    expect({ dir: mode(restored), ...Object.fromEntries(readdirSync(restored).map((f) => [f, mode(join(restored, f))])) }).toEqual({
      dir: '700',
      ...Object.fromEntries(readdirSync(restored).map((f) => [f, '600'])),
    });
  });
});
