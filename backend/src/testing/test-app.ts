import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type pino from 'pino';
import request from 'supertest';
import { startApp, type RunningApp } from '../app/app';
import type { Clock } from '../platform/common/clock';
import { defaultErasureLedger, loadConfig } from '../platform/config/config';
import { DEMO_PASSWORD } from '../app/seed/demo-seed';

export interface TestApp extends RunningApp {
  dataDir: string;
  /** ids of the demo accounts by email */
  ids: Record<string, string>;
}

/**
 * the real app on a fresh temp data dir (SQLite), seeded with the demo data, on a free port;
 * `clock` is what the app takes for now (holds, expiry, past slots), the real time when omitted
 */
/**
 * The tests log in, register and hold far more often than one browser: the test app lifts the rate
 * limits explicitly (the production defaults stay as they are); a test of a limit sets its own.
 * A fresh key prefix keeps tests on a shared Redis apart.
 */
export const TEST_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_ACCOUNT: '100000',
  RATE_LIMIT_LOGIN_CLIENT: '100000',
  RATE_LIMIT_LOGIN_SLOWDOWN: '100000',
  RATE_LIMIT_REGISTRATION: '100000',
  RATE_LIMIT_HOLD: '100000',
  RATE_LIMIT_COUPON: '100000',
  RATE_LIMIT_SOCKET: '100000',
  RATE_LIMIT_PASSWORD_RESET: '100000',
  RATE_LIMIT_EMAIL_CONFIRMATION: '100000',
  RATE_LIMIT_PASSWORD_CHECK: '100000',
  RATE_LIMIT_WEBHOOK: '100000',
  RATE_LIMIT_SOCKETS_PER_CLIENT: '100000',
};

export async function startTestApp(
  env: Record<string, string> = {},
  today = new Date('2030-03-04T06:00:00Z'),
  clock?: Clock,
  logStream?: pino.DestinationStream,
): Promise<TestApp> {
  return startTestAppIn(mkdtempSync(join(tmpdir(), 'studio-test-')), env, today, clock, logStream);
}

/** the same on a data dir of the test's own: a second app started on the files a first one left (a restart) */
export async function startTestAppIn(
  dataDir: string,
  env: Record<string, string> = {},
  today = new Date('2030-03-04T06:00:00Z'),
  clock?: Clock,
  logStream?: pino.DestinationStream,
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    FRONTEND_DIST: join(dataDir, 'no-frontend'),
    RATE_LIMIT_PREFIX: `test-${randomUUID()}`,
    // no timed jobs unless a test asks for them: the hold sweep and the weekly calendar's roll (10 s after start)
    // would append while a test compares the store's head; a test runs them itself (rollIfHolder, sweep)
    HOLD_SWEEP_SECONDS: '0',
    ...TEST_RATE_LIMITS,
    ...env,
  });
  // no built app unless a test brings its own
  if (!env.FRONTEND_DIST) config.frontendDist = null;
  // TEST_HTTP_ADAPTER=fastify runs a spec on the Fastify bench variant (app-fastify.ts), to see which hold there
  const start = process.env.TEST_HTTP_ADAPTER === 'fastify' ? (await import('../app/app-fastify')).startFastifyApp : startApp;
  const running = await start(config, { today, clock, logStream });
  const users = await running.core.readModels.find<{ id: string; emailHash: string }>('users', {});
  const ids: Record<string, string> = {};
  for (const email of ['medico1@example.it', 'medico2@example.it', 'paziente1@example.it', 'admin@example.it', 'auditor@example.it']) {
    const hash = running.core.personalData.lookupHash(email);
    ids[email] = users.find((u) => u.doc.emailHash === hash)!.id;
  }
  return {
    ...running,
    dataDir,
    ids,
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
      // the erasure ledger lives beside the data directory (outside it, as in production)
      if (config.erasureLedger === defaultErasureLedger(dataDir)) rmSync(config.erasureLedger, { force: true });
    },
  };
}

export interface Client {
  agent: ReturnType<typeof request.agent>;
  csrf: string;
}

/** a browser-like client: cookie jar plus the session's CSRF token; logged in when email is given */
export async function client(app: TestApp, email?: string): Promise<Client> {
  const agent = request.agent(app.app.getHttpServer());
  let csrf = (await agent.get('/api/auth/session').expect(200)).body.csrfToken as string;
  if (email) {
    const res = await agent.post('/api/auth/login').set('X-CSRF-Token', csrf).send({ email, password: DEMO_PASSWORD }).expect(200);
    csrf = res.body.csrfToken;
  }
  return { agent, csrf };
}

/** a clock that stands still until a test moves it */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(iso: string): void {
    this.current = new Date(iso);
  }
  advance(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

/**
 * The position of the newest event a request appended. Background reactors (receipts, the outbox, the waiting list,
 * the hold sweep) append as role 'system' on their own time after a cause commits, so "nothing appended by this
 * request" compares this, not the log's head.
 */
export async function lastRequestPosition(app: TestApp): Promise<number> {
  const events = await app.core.eventStore.readAll();
  for (let i = events.length - 1; i >= 0; i--) if (events[i].metadata.role !== 'system') return events[i].position;
  return 0;
}
