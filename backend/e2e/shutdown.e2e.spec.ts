import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BENCH_RATE_LIMITS, login } from '../../bench/availability.bench';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

/**
 * The built app (backend/dist/main.js, production defaults: the event writer on its own thread) under
 * a toggle load gets SIGTERM: it exits 0 within the bound, and every toggle it acknowledged is in the log.
 */
describe('graceful shutdown of the built app', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-shutdown-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s under load: exit 0 within 15 s, nothing acknowledged lost',
    async (signal) => {
      const dataDir = join(dir, signal);
      const port = await freePort();
      const child = spawn(process.execPath, [join(__dirname, '../dist/main.js')], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          COOKIE_SECURE: 'false',
          SEED_DEMO: 'true',
          DATA_DIR: dataDir,
          PORT: String(port),
          // production refuses to start without it (the start checks)
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: 'warn',
          ...BENCH_RATE_LIMITS,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        const up = await fetch(`${base}/api/auth/session`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (i > 900) throw new Error(`server non avviato: ${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const doctor = await login(base, 'medico1@example.it');
      const acknowledged: string[] = [];
      let stop = false;
      // four clients, each toggling its own slots one after another, until the server stops answering
      const load = [0, 1, 2, 3].map(async (c) => {
        for (let n = 0; !stop; n++) {
          const start = iso(Date.UTC(2031, 1, 3 + c, 8) + (n % 20) * 30 * 60_000 + Math.floor(n / 20) * 7 * 86_400_000);
          const status = await fetch(`${base}/disponibilita/toggle`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: doctor.cookie, 'x-csrf-token': doctor.csrf },
            body: JSON.stringify({ for: doctor.userId, start, end: iso(Date.parse(start) + 30 * 60_000) }),
          }).then(
            (r) => r.status,
            () => 0,
          );
          if (status === 200) acknowledged.push(start);
          else if (status === 0) return; // refused: the server no longer accepts
        }
      });
      while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
      const t0 = performance.now();
      child.kill(signal);
      const code = await exited;
      const seconds = (performance.now() - t0) / 1000;
      stop = true;
      await Promise.all(load);
      expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
      expect(seconds).toBeLessThan(15);

      const db = new Database(join(dataDir, 'events.db'), { readonly: true });
      const logged = new Set(
        (db.prepare("SELECT data FROM events WHERE type IN ('SlotOpened', 'SlotClosed')").all() as { data: string }[]).map(
          (r) => (JSON.parse(r.data) as { start: string }).start,
        ),
      );
      db.close();
      expect(acknowledged.filter((s) => !logged.has(s))).toEqual([]);
      console.log(`${signal}: ${acknowledged.length} toggle confermati, arresto in ${seconds.toFixed(2)} s, codice ${code}`);
    },
    120_000,
  );
});
