import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import http from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { availabilityStreamName, slotId, type EventMetadata, type NewEvent } from '@studio/contracts';
import { SqliteEventStore } from '../backend/src/platform/event-store/sqlite-event-store';
import { percentile } from './stats';

/**
 * Reads as the history grows. For each store (BENCH_READS_STORES, `events x doctors`, default
 * `10000x100,10000x1000,1000000x100,1000000x1000,5000000x100,5000000x1000`): the app seeds the demo data through its
 * real deciders, then a fast path appends, through the same SQLite adapter and hash chain, the availability events the
 * availability decider writes (SlotOpened, then SlotClosed for half of them) for that many doctors (the two demo
 * doctors and fillers), one doctor-day stream at a time, going back one day per round: years of calendars. The app
 * then starts once on that store and projects it from zero (printed: the first projection's cost); that store, read
 * models included, is kept under BENCH_READS_DIR (default /tmp/studio-bench-reads) and reused by the next run.
 * Then the app restarts on the already projected store; printed: start-up until it answers and until the
 * availability read model is at the log's head, resident memory, then p50/p99 over HTTP (node:http, keep-alive, one
 * request at a time) of the hot reads.
 * Not covered by the fast path: bookings, orders and access-log entries grow only with the demo data (a patient's
 * own lists stay small); what grows for them here is the log and the auditor's index around them.
 */
const ROOT = resolve(__dirname, '..');
const SAMPLES = Number(process.env.BENCH_READS_SAMPLES ?? 200);
const PASSWORD = 'Password123!';
const agent = new http.Agent({ keepAlive: true });
const APPENDS_IN_FLIGHT = 5000;

interface Store {
  events: number;
  doctors: number;
}

function storesWanted(): Store[] {
  return (process.env.BENCH_READS_STORES ?? '10000x100,10000x1000,1000000x100,1000000x1000,5000000x100,5000000x1000').split(',').map((s) => {
    const [events, doctors] = s.split('x').map(Number);
    return { events, doctors };
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('nessuna porta'))));
    });
  });
}

interface RunningApp {
  url: string;
  child: ChildProcess;
  spawnedAt: number;
  answeredMs: number;
  stop(): Promise<void>;
}

async function startAppProcess(dataDir: string): Promise<RunningApp> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOLD_SWEEP_SECONDS: '0',
      RATE_LIMIT_LOGIN_ACCOUNT: '100000',
      RATE_LIMIT_LOGIN_CLIENT: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`il server è uscito con codice ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/auth/session`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    spawnedAt: started,
    answeredMs: performance.now() - started,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    },
  };
}

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]);

async function sessionCookie(base: string, email: string): Promise<{ cookie: string; userId: string }> {
  const visitor = await fetch(`${base}/api/auth/session`);
  const { csrfToken } = (await visitor.json()) as { csrfToken: string };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookiesOf(visitor).join('; ') },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`accesso di ${email}: ${login.status}`);
  const { user } = (await login.json()) as { user: { id: string } };
  return { cookie: [...cookiesOf(visitor), ...cookiesOf(login)].join('; '), userId: user.id };
}

/** GET with node:http; answers the status, the read-position header and the time to the last byte */
function timedGet(url: string, cookie?: string): Promise<{ status: number; ms: number; position: number }> {
  const t = performance.now();
  return new Promise((done, fail) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': 'gzip, br', ...(cookie ? { cookie } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - t, position: Number(res.headers['x-read-position'] ?? -1) }));
      res.on('error', fail);
    });
    req.on('error', fail);
  });
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** the fast path: the availability decider's events for `doctors`, one doctor-day stream per append, back in time */
async function appendHistory(dataDir: string, doctors: string[], target: number): Promise<number> {
  const store = new SqliteEventStore(join(dataDir, 'events.db'));
  let head = await store.headPosition();
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  // thousands of doctor-days in flight at once: the adapter commits concurrent appends together (one fsync a group)
  let appends: Promise<unknown>[] = [];
  for (let back = 1; head < target; back++) {
    const day = isoDay(today - back * 86_400_000);
    for (const doctor of doctors) {
      if (head >= target) break;
      const meta: EventMetadata = {
        userId: doctor,
        role: 'doctor',
        at: `${day}T07:00:00.000Z`,
        correlationId: `bench-${doctor}-${day}`,
        causationId: `bench-${doctor}-${day}`,
      };
      const slots = Array.from({ length: 8 }, (_, i) => {
        const start = `${day}T${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00Z`;
        const end = new Date(Date.parse(start) + 30 * 60_000).toISOString().slice(0, 19) + 'Z';
        return { doctorId: doctor, slotId: slotId(doctor, start), start, end };
      });
      const events: NewEvent[] = [
        ...slots.map((data) => ({ type: 'SlotOpened', data, metadata: meta })),
        ...slots.filter((_, i) => i % 2 === 1).map((data) => ({ type: 'SlotClosed', data, metadata: meta })),
      ];
      appends.push(store.append(availabilityStreamName(doctor, day), events, { expectedRevision: 'any' }));
      head += events.length;
    }
    if (appends.length >= APPENDS_IN_FLIGHT) {
      await Promise.all(appends);
      appends = [];
    }
  }
  await Promise.all(appends);
  await store.close();
  return head;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

async function measure(name: string, url: string, cookie?: string): Promise<string> {
  for (let i = 0; i < 10; i++) await timedGet(url, cookie);
  const samples: number[] = [];
  let status = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const r = await timedGet(url, cookie);
    status = r.status;
    samples.push(r.ms);
  }
  samples.sort((a, b) => a - b);
  return `${name.padEnd(34)} ${String(status).padEnd(4)} p50=${percentile(samples, 50).toFixed(2)} ms p99=${percentile(samples, 99).toFixed(2)} ms`;
}

const load = () =>
  `carico ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

/** what a generated store's marker records: kept beside it, so a cached store still prints its generation costs */
interface Generated {
  head: number;
  doctor1: string;
  doctor2: string;
  writeSeconds: number;
  firstProjectionSeconds: number;
}

/** the store of `wanted`, generated and projected once, then reused from BENCH_READS_DIR */
async function generatedStore(dataDir: string, wanted: Store): Promise<Generated> {
  const marker = join(dataDir, 'generated.json');
  if (existsSync(marker)) return JSON.parse(readFileSync(marker, 'utf8')) as Generated;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // the demo data, through the real deciders
  const seeding = await startAppProcess(dataDir);
  const doctor1 = (await sessionCookie(seeding.url, 'medico1@example.it')).userId;
  const doctor2 = (await sessionCookie(seeding.url, 'medico2@example.it')).userId;
  await seeding.stop();
  const fillers = Array.from({ length: Math.max(0, wanted.doctors - 2) }, (_, i) => `bench-medico-${i}`);
  const t = performance.now();
  const head = await appendHistory(dataDir, [doctor1, doctor2, ...fillers], wanted.events);
  const writeSeconds = (performance.now() - t) / 1000;
  // the first start projects the whole log from zero
  const first = await startAppProcess(dataDir);
  const firstProjectionSeconds = (await caughtUp(first, doctor1, head)) / 1000;
  await first.stop();
  const generated: Generated = { head, doctor1, doctor2, writeSeconds, firstProjectionSeconds };
  writeFileSync(marker, JSON.stringify(generated));
  return generated;
}

function weekOf(now: number): { monday: number; start: string; end: string } {
  const monday = now + ((8 - new Date(now).getUTCDay()) % 7 || 7) * 86_400_000;
  return { monday, start: `${isoDay(monday)}T00:00:00Z`, end: `${isoDay(monday + 7 * 86_400_000)}T00:00:00Z` };
}

/** ms from the process's spawn until the availability read model answers at `head` */
async function caughtUp(app: RunningApp, doctor1: string, head: number): Promise<number> {
  const doctor = await sessionCookie(app.url, 'medico1@example.it');
  const week = weekOf(Date.now());
  const grid = `${app.url}/disponibilita/json?for=${doctor1}&start=${week.start}&end=${week.end}`;
  for (;;) {
    if ((await timedGet(grid, doctor.cookie)).position >= head) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - app.spawnedAt;
}

export async function readsBench(): Promise<void> {
  const root = process.env.BENCH_READS_DIR ?? join(tmpdir(), 'studio-bench-reads');
  for (const wanted of storesWanted()) {
    const dataDir = join(root, `${wanted.events}x${wanted.doctors}`);
    console.log(`letture: ${wanted.events} eventi, ${wanted.doctors} medici, ${load()}`);
    const { head, doctor1, doctor2, writeSeconds, firstProjectionSeconds } = await generatedStore(dataDir, wanted);
    const app = await startAppProcess(dataDir);
    const doctor = await sessionCookie(app.url, 'medico1@example.it');
    const patient = await sessionCookie(app.url, 'paziente1@example.it');
    const auditor = await sessionCookie(app.url, 'auditor@example.it');
    const week = weekOf(Date.now());
    const monday = week.monday;
    const grid = `${app.url}/disponibilita/json?for=${doctor1}&start=${week.start}&end=${week.end}`;
    const caughtUpSeconds = (await caughtUp(app, doctor1, head)) / 1000;
    const rssReady = rssMb(app.child.pid!);
    console.log(
      `letture: ${head} eventi, ${wanted.doctors} medici (storia scritta in ${writeSeconds.toFixed(1)} s, prima proiezione da zero ${firstProjectionSeconds.toFixed(1)} s); ` +
        `avvio su read model già proiettati: risponde dopo ${(app.answeredMs / 1000).toFixed(1)} s, al passo dopo ${caughtUpSeconds.toFixed(1)} s, memoria residente ${rssReady.toFixed(0)} MB; ${load()}`,
    );
    const lines = [
      await measure('settimana /disponibilita/json', grid, doctor.cookie),
      await measure('orari liberi /disponibilita/query', `${app.url}/disponibilita/query?for=${doctor1}&date=${isoDay(monday)}`),
      await measure(
        'agenda della settimana',
        `${app.url}/api/doctors/${doctor1}/agenda?from=${isoDay(monday)}&to=${isoDay(monday + 6 * 86_400_000)}`,
        doctor.cookie,
      ),
      await measure('/api/me/bookings', `${app.url}/api/me/bookings`, patient.cookie),
      await measure('/api/me/orders', `${app.url}/api/me/orders`, patient.cookie),
      await measure('registro degli accessi (/home)', `${app.url}/api/me/access-log`, patient.cookie),
      await measure('storico: prima pagina degli eventi', `${app.url}/api/audit/events`, auditor.cookie),
      await measure(
        "storico: settimana com'era",
        `${app.url}/api/audit/availability?for=${doctor1}&start=${week.start}&end=${week.end}&at=${new Date().toISOString()}`,
        auditor.cookie,
      ),
      await measure('storico: medico di riempimento', `${app.url}/api/audit/events?doctor=${doctor2}`, auditor.cookie),
    ];
    for (const line of lines) console.log(`letture (${head} eventi, ${wanted.doctors} medici): ${line}`);
    console.log(`letture (${head} eventi, ${wanted.doctors} medici): memoria residente dopo le letture ${rssMb(app.child.pid!).toFixed(0)} MB`);
    await app.stop();
  }
  agent.destroy();
}
