import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startApp, type RunningApp } from '../app';
import type { Clock } from '../common/clock';
import { loadConfig } from '../config/config';
import { DEMO_PASSWORD } from '../seed/demo-seed';

export interface TestApp extends RunningApp {
  dataDir: string;
  /** ids of the demo accounts by email */
  ids: Record<string, string>;
}

/**
 * the real app on a fresh temp data dir (SQLite), seeded with the demo data, on a free port;
 * `clock` is what the app takes for now (holds, expiry, past slots), the real time when omitted
 */
export async function startTestApp(env: Record<string, string> = {}, today = new Date('2030-03-04T06:00:00Z'), clock?: Clock): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', FRONTEND_DIST: join(dataDir, 'no-frontend'), ...env });
  config.frontendDist = null;
  const running = await startApp(config, { today, clock });
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
