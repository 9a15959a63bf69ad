import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../platform/common/clock';
import { loadConfig } from '../../platform/config/config';
import { openAppDb, outboxHeld } from '../../platform/kernel/app-db';
import { OutboxWorker } from '../../areas/notifications/mail/outbox-worker';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { createBackup } from './backup';
import { WITHOUT_LEDGER_MEANING, releaseHeldMessages, restoreBackup } from './restore';

describe('restore drills are safe', () => {
  let app: TestApp;
  let work: string;
  beforeAll(async () => {
    app = await startTestApp();
    work = mkdtempSync(join(tmpdir(), 'studio-drill-'));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses without the erasure ledger unless told --senza-registro-cancellazioni, and then says what it means', async () => {
    const backup = await createBackup({ NODE_ENV: 'test', DATA_DIR: app.dataDir }, join(work, 'backup'));
    const ledger = app.core.config.erasureLedger;
    expect(existsSync(ledger)).toBe(true); // there from the first start, even with no erasure yet
    renameSync(ledger, `${ledger}.altrove`);
    try {
      const target = join(work, 'senza-registro');
      await expect(restoreBackup({ NODE_ENV: 'test', DATA_DIR: target }, backup.file)).rejects.toThrow(
        /Nessun registro delle cancellazioni trovato .*--senza-registro-cancellazioni/,
      );
      expect(existsSync(target)).toBe(false);
      const lines: string[] = [];
      const result = await restoreBackup({ NODE_ENV: 'test', DATA_DIR: target }, backup.file, { withoutErasureLedger: true, log: (l) => lines.push(l) });
      expect(result.chain.ok).toBe(true);
      expect(lines).toContain(WITHOUT_LEDGER_MEANING);
    } finally {
      renameSync(`${ledger}.altrove`, ledger);
    }
  });

  it('a restored copy starts with its outgoing messages held: the sender sends nothing until an operator releases them', async () => {
    const backup = await createBackup({ NODE_ENV: 'test', DATA_DIR: app.dataDir }, join(work, 'backup-2'));
    const target = join(work, 'prova');
    await restoreBackup({ NODE_ENV: 'test', DATA_DIR: target }, backup.file);
    const env = { NODE_ENV: 'test', DATA_DIR: target };
    const appDb = await openAppDb(loadConfig(env).appDb);
    try {
      expect(await outboxHeld(appDb)).toBe(true);
      // held, the sender does not even look for due messages (a read would throw here)
      const looked: string[] = [];
      const worker = new OutboxWorker({
        core: {
          readModels: {
            find: async (c: string) => {
              looked.push(c);
              return [];
            },
          },
        } as never,
        commands: { execute: async () => undefined } as never,
        clock: systemClock,
        transport: { send: async () => undefined } as never,
        log: console,
        held: () => outboxHeld(appDb),
      });
      expect(await worker.runDue()).toBe(0);
      expect(looked).toEqual([]);
      expect(await releaseHeldMessages(env)).toBe(true);
      expect(await outboxHeld(appDb)).toBe(false);
      // the live instance never holds its own
      expect(await outboxHeld(app.core.appDb)).toBe(false);
    } finally {
      await appDb.destroy();
    }
  });
});
