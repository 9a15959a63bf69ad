/**
 * (e) Floods against the app with its default limits (TRUST_PROXY=loopback, so X-Forwarded-For names
 * the client): 100 concurrent wrong passwords on one account from one client (how many were evaluated:
 * 401 = the password was checked, 429 = refused before), the right password inside a burst of 40, the
 * owner logging in from another address afterwards, and 500 sockets from one address.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { Client, DEMO_PASSWORD, startApp } from './app';

export interface FloodResult {
  evaluated: number;
  refused: number;
  other: number;
  rightInsideBurst: string;
  /** 60 concurrent wrong passwords on 60 accounts from one client: evaluated (401) / refused (429) */
  perClient: string;
  ownerFromElsewhere: string;
  socketsConnected: number;
  socketsRefused: number;
  sessionP99Quiet: number;
  sessionP99Flood: number;
}

async function guesses(base: string, email: string, n: number, from: string, right = -1): Promise<number[]> {
  const c = await new Client(base).visit();
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const a = await c.request('POST', '/api/auth/login', { email, password: i === right ? DEMO_PASSWORD : `sbagliata-${i}` }, { 'x-forwarded-for': from });
      return a.status;
    }),
  );
}

const p99 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.max(0, Math.ceil(v.length * 0.99) - 1)] ?? NaN;

async function sessionTimes(base: string, ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t0 = performance.now();
    await (await fetch(`${base}/api/auth/session`)).arrayBuffer();
    out.push(performance.now() - t0);
  }
  return out;
}

export async function floods(root: string, dataDir: string): Promise<FloodResult> {
  const app = await startApp(root, dataDir, { env: { TRUST_PROXY: 'loopback' } });
  const sockets: Socket[] = [];
  try {
    const statuses = await guesses(app.base, 'medico1@example.it', 100, '10.9.0.1');
    const evaluated = statuses.filter((s) => s === 401).length;
    const refused = statuses.filter((s) => s === 429).length;
    // the right password as the 20th of 40 concurrent guesses, on another account, from another client
    const burst = await guesses(app.base, 'medico2@example.it', 40, '10.9.0.2', 20);
    const rightInsideBurst = `${burst[20]} (${burst[20] === 200 ? 'entrato' : 'non entrato'})`;
    // one client guessing many accounts at once
    const c = await new Client(app.base).visit();
    const many = await Promise.all(
      Array.from(
        { length: 60 },
        async (_, i) =>
          (await c.request('POST', '/api/auth/login', { email: `nessuno${i}@example.it`, password: 'sbagliata' }, { 'x-forwarded-for': '10.9.0.5' })).status,
      ),
    );
    const perClient = `${many.filter((s) => s === 401).length} / ${many.filter((s) => s === 429).length}`;
    // the owner of the flooded account, from their own address, with the right password
    const owner = await new Client(app.base).visit();
    const t0 = performance.now();
    const own = await owner.request('POST', '/api/auth/login', { email: 'medico1@example.it', password: DEMO_PASSWORD }, { 'x-forwarded-for': '10.9.0.3' });
    const ownerFromElsewhere = `${own.status} in ${((performance.now() - t0) / 1000).toFixed(1)} s`;

    await sessionTimes(app.base, 500);
    const quiet = await sessionTimes(app.base, 2000);
    let connected = 0;
    let socketsRefused = 0;
    const flood = Array.from({ length: 500 }, () => {
      const s = io(app.base, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'x-forwarded-for': '10.9.0.4' } });
      sockets.push(s);
      return new Promise<void>((resolve) => {
        s.once('connect', () => (connected++, resolve()));
        s.once('connect_error', () => (socketsRefused++, resolve()));
      });
    });
    const during = await sessionTimes(app.base, 2000);
    await Promise.all(flood);
    return {
      evaluated,
      refused,
      other: statuses.length - evaluated - refused,
      rightInsideBurst,
      perClient,
      ownerFromElsewhere,
      socketsConnected: connected,
      socketsRefused,
      sessionP99Quiet: p99(quiet),
      sessionP99Flood: p99(during),
    };
  } finally {
    sockets.forEach((s) => s.disconnect());
    await app.stop();
  }
}
