import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { GENESIS_HASH, eventHash } from '../../platform/event-store/hash-chain';
import { client, startTestApp, type TestApp } from '../../testing/test-app';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

/**
 * An attacker who can write the files (events.db, the backups) but does not hold the chain key or the
 * backup passphrase, which live in configuration outside DATA_DIR and outside every backup.
 */
describe('tamper evidence that survives an attacker who can write the files', () => {
  let app: TestApp;
  let work: string;
  beforeAll(async () => {
    app = await startTestApp();
    work = mkdtempSync(join(tmpdir(), 'studio-forge-'));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** edits one event's data and recomputes every hash of its stream after it, as the hash chain's public algorithm says */
  function forge(): { stream: string; revision: number } {
    const db = new Database(join(app.dataDir, 'events.db'));
    try {
      const target = db.prepare("SELECT stream FROM events WHERE type = 'ProductCreated' ORDER BY position LIMIT 1").get() as { stream: string };
      const rows = db.prepare('SELECT position, revision, type, data, metadata FROM events WHERE stream = ? ORDER BY revision').all(target.stream) as {
        position: number;
        revision: number;
        type: string;
        data: string;
        metadata: string;
      }[];
      let previous = GENESIS_HASH;
      const update = db.prepare('UPDATE events SET data = ?, metadata = ? WHERE position = ?');
      for (const row of rows) {
        const data = JSON.parse(row.data) as Record<string, unknown>;
        if (row.revision === 0) data.priceCents = 1; // the edit: a price of 1 cent
        const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
        metadata.hash = eventHash(row.type, data, metadata as never, previous);
        previous = metadata.hash as string;
        update.run(JSON.stringify(data), JSON.stringify(metadata), row.position);
      }
      return { stream: target.stream, revision: 0 };
    } finally {
      db.close();
    }
  }

  it('an edited event with recomputed hashes is reported as forged by verification and by restore', async () => {
    const admin = await client(app, 'admin@example.it');
    expect((await admin.agent.get('/api/audit/verify').expect(200)).body.firstBroken).toBeNull();
    const edited = forge();
    const verified = (await admin.agent.get('/api/audit/verify').expect(200)).body;
    expect(verified.firstBroken).toMatchObject({ ...edited, reason: 'signature_mismatch' });

    const backup = await createBackup({ NODE_ENV: 'test', DATA_DIR: app.dataDir }, join(work, 'backup'));
    const restored = await restoreBackup({ NODE_ENV: 'test', DATA_DIR: join(work, 'ripristino') }, backup.file, { withoutErasureLedger: true });
    expect(restored.chain.ok).toBe(false);
    expect(restored.chain.firstBroken).toMatchObject({ ...edited, reason: 'signature_mismatch' });
  });

  it('the backup archive is encrypted and authenticated: unreadable without the passphrase, a changed byte is refused', async () => {
    const backup = await createBackup({ NODE_ENV: 'test', DATA_DIR: app.dataDir }, join(work, 'cifrato'));
    const bytes = readFileSync(backup.file);
    // neither a tar nor a gzip stream, no SQLite header, no secret of DATA_DIR in it
    expect(bytes.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
    expect(bytes.includes(Buffer.from('SQLite format 3'))).toBe(false);
    expect(bytes.includes(Buffer.from(readFileSync(join(app.dataDir, 'lookup.secret'), 'utf8').trim()))).toBe(false);
    await expect(tar.t({ file: backup.file, strict: true })).rejects.toThrow();

    const wrong = restoreBackup({ NODE_ENV: 'test', DATA_DIR: join(work, 'altra-chiave'), BACKUP_PASSPHRASE: 'non-è-la-passphrase-giusta' }, backup.file, {
      withoutErasureLedger: true,
    });
    await expect(wrong).rejects.toThrow(/non si decifra/);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)] ^= 1;
    const changed = join(work, 'alterato.bin');
    writeFileSync(changed, flipped);
    await expect(restoreBackup({ NODE_ENV: 'test', DATA_DIR: join(work, 'alterato') }, changed, { withoutErasureLedger: true })).rejects.toThrow(
      /non si decifra/,
    );
  });
});
