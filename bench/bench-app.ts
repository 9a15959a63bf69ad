import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, type RunningApp } from '../backend/src/app/app';
import type { Clock } from '../backend/src/platform/common/clock';
import { loadConfig, type AppConfig } from '../backend/src/platform/config/config';
import { startTestSmtp, type TestSmtp } from '../backend/src/testing/smtp';
import { BENCH_RATE_LIMITS, login } from './availability.bench';

/** polls `ok` every `everyMs` until it holds; throws when `timeoutMs` passes first */
export async function until(ok: () => boolean | Promise<boolean>, timeoutMs = 120_000, everyMs = 5): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('tempo scaduto');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface BenchApp {
  app: RunningApp;
  config: AppConfig;
  /** the app's address on 127.0.0.1 */
  base: string;
  /** the local SMTP server every email of the app goes to */
  smtp: TestSmtp;
  /** the demo doctor and patient, logged in once to learn their ids */
  medico1: string;
  patient: string;
  close(): Promise<void>;
}

/**
 * The app as the notification benches run it, in this process: production settings on a fresh data dir with the demo
 * data, no built frontend, no hold sweep, the rate limits lifted, emails to a local SMTP server. `env` adds to (and
 * overrides) those settings; `clock` is what the app takes for now (the real time when omitted).
 */
export async function startBenchApp(dataDir: string, env: Record<string, string> = {}, clock?: Clock): Promise<BenchApp> {
  mkdirSync(dataDir, { recursive: true });
  const smtp = await startTestSmtp();
  const config = loadConfig({
    ...BENCH_RATE_LIMITS,
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    HOLD_SWEEP_SECONDS: '0',
    FRONTEND_DIST: join(dataDir, 'none'),
    ...env,
  });
  config.frontendDist = null;
  const app = await startApp(config, { clock });
  try {
    const base = app.url.replace('localhost', '127.0.0.1');
    const medico1 = (await login(base, 'medico1@example.it')).userId;
    const patient = (await login(base, 'paziente1@example.it')).userId;
    return {
      app,
      config,
      base,
      smtp,
      medico1,
      patient,
      async close() {
        await app.close();
        await smtp.close();
      },
    };
  } catch (e) {
    await app.close();
    await smtp.close();
    throw e;
  }
}
