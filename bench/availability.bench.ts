import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { AVAILABILITY_CHANGED, AVAILABILITY_WATCH, type AvailabilityChanged } from '@studio/contracts';
import { io, type Socket } from 'socket.io-client';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../backend/src/app/seed/demo-seed';
import { getStatus, postJson } from './http-client';
import { record } from './report';
import { percentile, summary } from './stats';

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** a logged-in HTTP client with its own cookie and CSRF token */
export async function login(base: string, email: string): Promise<{ cookie: string; csrf: string; userId: string }> {
  const s = await fetch(`${base}/api/auth/session`);
  let cookie = (s.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrfToken } = (await s.json()) as { csrfToken: string };
  const l = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  cookie = (l.headers.get('set-cookie') ?? cookie).split(';')[0];
  const body = (await l.json()) as { csrfToken: string; user: { id: string } };
  return { cookie, csrf: body.csrfToken, userId: body.user.id };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** the built server in its own process, so the load generator does not share its CPU time */
/**
 * The bench logs in, registers and holds for hundreds of patients from one address: it lifts the
 * rate limits for its own server only (the production defaults stay as they are).
 */
export const BENCH_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_ACCOUNT: '1000000',
  RATE_LIMIT_LOGIN_CLIENT: '1000000',
  RATE_LIMIT_LOGIN_SLOWDOWN: '1000000',
  RATE_LIMIT_REGISTRATION: '1000000',
  RATE_LIMIT_HOLD: '1000000',
  RATE_LIMIT_COUPON: '1000000',
  RATE_LIMIT_SOCKET: '1000000',
  RATE_LIMIT_EMAIL_CONFIRMATION: '1000000',
  RATE_LIMIT_PASSWORD_CHECK: '1000000',
  RATE_LIMIT_WEBHOOK: '1000000',
  RATE_LIMIT_SOCKETS_PER_CLIENT: '1000000',
};

export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(__dirname, '../backend/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      PORT: String(port),
      // production refuses to start without it (links in messages)
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...BENCH_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/auth/session`)).ok) break;
    } catch {
      if (i > 600) throw new Error('server non avviato');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    base,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

export async function availabilityBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const server = await startServerProcess(dataDir);
  try {
    const base = server.base;
    const medico1 = (await login(base, 'medico1@example.it')).userId;
    const toggle = (c: { cookie: string; csrf: string }, start: number) =>
      postJson(
        `${base}/disponibilita/toggle`,
        { cookie: c.cookie, 'x-csrf-token': c.csrf },
        { for: medico1, start: iso(start), end: iso(start + 30 * 60_000) },
      );

    // 1. throughput: 8 concurrent clients, each on its own doctor-day (its own stream)
    const clients = await Promise.all(Array.from({ length: 8 }, () => login(base, 'medico1@example.it')));
    const { rate, ok, conflicts, seconds } = await toggleThroughput(clients.length, (i, start) => toggle(clients[i], start));
    record('toggles', rate);
    console.log(`toggle via HTTP, 8 client concorrenti: ${rate.toFixed(0)} toggle/s (${ok} riusciti, ${conflicts} conflitti 409, ${seconds.toFixed(2)} s)`);

    // the HTTP stack's own ceiling, same clients and loop: the lightest signed-in route there is (the session read from
    // its store, no command, no event). A toggle cannot be faster than this; its ratio to the durable baseline bounds
    // what any change below the HTTP layer could reach
    const ceiling = await toggleThroughput(clients.length, (i) => getStatus(`${base}/api/auth/session`, { cookie: clients[i].cookie }));
    record('sessionReads', ceiling.rate);
    console.log(`GET /api/auth/session (sessione, nessun comando), 8 client concorrenti: ${ceiling.rate.toFixed(0)} richieste/s`);

    // 2. latency from a toggle's HTTP answer to its push on 200 watching sockets
    const c = clients[0];
    const push = await measurePush(base, base, medico1, (start) => toggle(c, start));
    console.log(`push availability:changed a 200 socket, dalla risposta HTTP: ${summary(push.fromAnswer)}`);
    console.log(`  (dall'invio della richiesta: ${summary(push.fromRequest)}; un valore negativo = la notifica è arrivata prima della risposta HTTP)`);
    // from the request: the baseline pushes before it answers, so only this span compares the two
    record('pushP99', percentile(sorted(push.fromRequest), 99));
  } finally {
    await server.stop();
  }
}

/** `clients` concurrent loops of toggles, each on its own doctor-day (its own stream) */
export async function toggleThroughput(
  clients: number,
  toggle: (client: number, start: number) => Promise<number>,
): Promise<{ rate: number; ok: number; conflicts: number; seconds: number }> {
  const day0 = Date.UTC(2031, 0, 6, 8); // a Monday far from the demo data, 08:00
  const perClient = Number(process.env.BENCH_TOGGLES_PER_CLIENT ?? 250);
  let ok = 0;
  let conflicts = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      for (let n = 0; n < perClient; n++) {
        const status = await toggle(i, day0 + i * 86_400_000 + (n % 22) * 30 * 60_000);
        if (status === 200) ok++;
        else if (status === 409) conflicts++;
        else throw new Error(`toggle: HTTP ${status}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { rate: ok / seconds, ok, conflicts, seconds };
}

/**
 * Latency from a toggle's HTTP answer (and from its request) to its availability:changed on
 * `watchers` sockets connected to `watchBase` (another instance than `toggleBase` in scale-out).
 */
export async function measurePush(
  watchBase: string,
  _toggleBase: string,
  doctorId: string,
  toggle: (start: number) => Promise<number>,
  watchers = 200,
): Promise<{ fromAnswer: number[]; fromRequest: number[] }> {
  const sockets: Socket[] = [];
  for (let i = 0; i < watchers; i++) {
    const s = io(watchBase, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    });
    await s.timeout(5000).emitWithAck(AVAILABILITY_WATCH, { doctorId });
    sockets.push(s);
  }
  const fromAnswer: number[] = [];
  const fromRequest: number[] = [];
  const rounds = Number(process.env.BENCH_PUSH_ROUNDS ?? 50);
  for (let r = 0; r < rounds; r++) {
    const start = Date.UTC(2031, 1, 3, 8) + (r % 22) * 30 * 60_000 + Math.floor(r / 22) * 86_400_000;
    const startIso = iso(start);
    const arrivals = sockets.map(
      (s) =>
        new Promise<number>((resolve) => {
          const on = (m: AvailabilityChanged) => {
            if (m.slot.start !== startIso) return;
            s.off(AVAILABILITY_CHANGED, on);
            resolve(performance.now());
          };
          s.on(AVAILABILITY_CHANGED, on);
        }),
    );
    const sent = performance.now();
    await toggle(start);
    const answered = performance.now();
    for (const at of await Promise.all(arrivals)) {
      fromAnswer.push(at - answered);
      fromRequest.push(at - sent);
    }
  }
  sockets.forEach((s) => s.disconnect());
  return { fromAnswer, fromRequest };
}

/**
 * The baseline servers (bare node:http + socket.io), measured like the app: with no storage (state in memory), and
 * durable (`dir` given: each toggle appended through the same SQLite adapter, WAL, synchronous=FULL, group commit).
 */
export async function baselinePushBench(dir?: string): Promise<void> {
  await baselineRun(null);
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await baselineRun(join(dir, 'baseline-events.db'));
  }
}

async function baselineRun(storeFile: string | null): Promise<void> {
  const args = ['-r', '@swc-node/register', join(__dirname, 'baseline-server.ts'), ...(storeFile ? [storeFile] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const name = storeFile
    ? 'server di base durevole (node:http + socket.io + append SQLite, WAL, synchronous=FULL)'
    : 'server di base (node:http + socket.io, stato in memoria)';
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    });
    const base = `http://127.0.0.1:${port}`;
    const doctorId = 'medico-base';
    const toggle = (start: number) => postJson(`${base}/disponibilita/toggle`, {}, { for: doctorId, start: iso(start), end: iso(start + 30 * 60_000) });
    // the same loop as the app's: what this machine, this client and bare node:http allow
    const { rate } = await toggleThroughput(8, (_, start) => toggle(start));
    record(storeFile ? 'durableBaselineToggles' : 'baselineToggles', rate);
    console.log(`${name}, toggle via HTTP, 8 client concorrenti: ${rate.toFixed(0)} toggle/s`);
    const push = await measurePush(base, base, doctorId, toggle);
    console.log(`${name}, push a 200 socket dall'invio della richiesta: ${summary(push.fromRequest)}`);
    record(storeFile ? 'durableBaselinePushP99' : 'baselinePushP99', percentile(sorted(push.fromRequest), 99));
  } finally {
    child.kill('SIGTERM');
  }
}
