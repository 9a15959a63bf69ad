/**
 * The built app of a checkout as a child process on a temporary data folder, and a small HTTP client
 * with a cookie and the CSRF token of one signed-in role.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export const DEMO_PASSWORD = 'Password123!';

/** rate limits lifted for the matrix, the fuzzer, the crash and the backup probes (the floods use the defaults) */
export const LIFTED_LIMITS: Record<string, string> = {
  RATE_LIMIT_LOGIN: '1000000',
  RATE_LIMIT_LOGIN_ACCOUNT: '1000000',
  RATE_LIMIT_LOGIN_CLIENT: '1000000',
  RATE_LIMIT_LOGIN_SLOWDOWN: '1000000',
  RATE_LIMIT_REGISTRATION: '1000000',
  RATE_LIMIT_HOLD: '1000000',
  RATE_LIMIT_COUPON: '1000000',
  RATE_LIMIT_SOCKET: '1000000',
  RATE_LIMIT_PASSWORD_RESET: '1000000',
  RATE_LIMIT_EMAIL_CONFIRMATION: '1000000',
  RATE_LIMIT_PASSWORD_CHECK: '1000000',
  RATE_LIMIT_WEBHOOK: '1000000',
  RATE_LIMIT_SOCKETS_PER_CLIENT: '1000000',
};

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningApp {
  base: string;
  /** the app's stdout and stderr */
  logFile: string;
  port: number;
  child: ChildProcess;
  /** SIGTERM, waits for the exit */
  stop(): Promise<void>;
  /** SIGKILL, waits for the exit */
  kill9(): Promise<void>;
}

/** the environment the probed app runs with (also given to the backup CLI) */
export function appEnv(root: string, dataDir: string, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // the chain key's default file lives under HOME: a HOME of the probe's own, beside the data folder
  const secrets = join(dirname(dataDir), `home-${port}`);
  return {
    ...process.env,
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'sonda-esterna-segreto-di-sessione-0123456789abcdef',
    LOOKUP_SECRET: 'sonda-esterna-segreto-di-ricerca-0123456789abcdef',
    CHAIN_KEY: 'sonda-esterna-chiave-della-catena-0123456789abcdef',
    BACKUP_PASSPHRASE: 'sonda esterna passphrase del backup 0123456789',
    HOME: secrets,
    ...extra,
  };
}

/** starts `<root>/backend/dist/main.js` and waits until GET /api/auth/session answers */
export async function startApp(
  root: string,
  dataDir: string,
  options: { port?: number; env?: Record<string, string>; log?: string } = {},
): Promise<RunningApp> {
  mkdirSync(dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const env = appEnv(root, dataDir, port, options.env);
  mkdirSync(env.HOME!, { recursive: true });
  const child = spawn(process.execPath, [join(root, 'backend/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
  const logFile = options.log ?? join(dataDir, '..', `app-${port}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let dead = false;
  void exited.then(() => (dead = true));
  for (let i = 0; ; i++) {
    if (dead) throw new Error(`l'app non è partita (log in ${options.log ?? dataDir})`);
    try {
      if ((await fetch(`${base}/api/auth/session`)).ok) break;
    } catch {
      if (i > 1200) throw new Error('app non avviata in 120 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    logFile,
    port,
    child,
    stop: async () => {
      if (!dead) child.kill('SIGTERM');
      await exited;
    },
    kill9: async () => {
      if (!dead) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface Answer {
  status: number;
  text: string;
  json<T = unknown>(): T;
}

/** one visitor: a cookie jar of one cookie (sid) and the CSRF token every write carries */
export class Client {
  cookie = '';
  private readonly jar = new Map<string, string>();
  csrf = '';
  userId = '';
  constructor(readonly base: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const raw = typeof body === 'string' || body instanceof Uint8Array;
    const res = await fetch(this.base + path, {
      method,
      redirect: 'manual',
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}),
        ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? (body as string) : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      this.jar.set(name, pair.trim());
    }
    this.cookie = [...this.jar.values()].join('; ');
    const text = await res.text();
    return {
      status: res.status,
      text,
      json: <T>() => {
        try {
          return JSON.parse(text) as T;
        } catch {
          return {} as T;
        }
      },
    };
  }

  /** a visitor's session and CSRF token */
  async visit(): Promise<this> {
    const s = await this.request('GET', '/api/auth/session');
    this.csrf = s.json<{ csrfToken?: string }>().csrfToken ?? '';
    return this;
  }

  async login(email: string, password = DEMO_PASSWORD): Promise<Answer> {
    if (!this.csrf) await this.visit();
    const a = await this.request('POST', '/api/auth/login', { email, password });
    if (a.status === 200) {
      const body = a.json<{ csrfToken?: string; user?: { id: string } }>();
      this.csrf = body.csrfToken ?? this.csrf;
      this.userId = body.user?.id ?? '';
    }
    return a;
  }
}

export async function signedIn(base: string, email: string, password = DEMO_PASSWORD): Promise<Client> {
  const c = new Client(base);
  const a = await c.login(email, password);
  if (a.status !== 200) throw new Error(`login ${email}: HTTP ${a.status} ${a.text.slice(0, 200)}`);
  return c;
}

/** Italian tax code check character (DM 23/12/1976, the CIN of the codice fiscale) */
export function taxcodeWithCheck(first15: string): string {
  const odd: Record<string, number> = {};
  const oddValues = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  for (let i = 0; i < 26; i++) odd[String.fromCharCode(65 + i)] = oddValues[i];
  for (let d = 0; d < 10; d++) odd[String(d)] = oddValues[d];
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15[i];
    if (i % 2 === 0) sum += odd[c];
    else sum += /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
  }
  return first15 + String.fromCharCode(65 + (sum % 26));
}

/** registers a new patient (valid form) and returns them signed in */
export async function newPatient(base: string, n: number): Promise<Client> {
  const c = new Client(base);
  await c.visit();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const tag = `${letters[n % 26]}${letters[Math.floor(n / 26) % 26]}${letters[Math.floor(n / 676) % 26]}`;
  const email = `sonda.${Date.now()}.${n}@example.it`;
  const r = await c.request('POST', '/api/auth/register', {
    name: 'Sonda',
    surname: `Esterna${tag}`,
    email,
    password: `SondaEsterna-${n}-xyz!`,
    phone: '+39 333 1234567',
    taxcode: taxcodeWithCheck(`SND${tag}80A01H501`),
    consent: true,
  });
  if (r.status >= 300) throw new Error(`registrazione: HTTP ${r.status} ${r.text.slice(0, 300)}`);
  const signed = new Client(base);
  const l = await signed.login(email, `SondaEsterna-${n}-xyz!`);
  if (l.status !== 200) throw new Error(`login del paziente nuovo: HTTP ${l.status} ${l.text.slice(0, 200)}`);
  return signed;
}

/** the number of events in the SQLite event store of a data folder (read-only, beside the running app) */
export function eventCount(dataDir: string): number {
  const file = join(dataDir, 'events.db');
  if (!existsSync(file)) return NaN;
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * The events after position `after` (what a probe saw appended), each with whether it is a reaction:
 * its causation is an earlier event (a reactor's or an outbox's decision, such as a NotificationDecided
 * for a diet published before), so no request of the probe's can have caused it.
 */
export function eventsAfter(dataDir: string, after: number): { label: string; reaction: boolean }[] {
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(join(dataDir, 'events.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT e.type, e.stream,
           EXISTS (SELECT 1 FROM events c WHERE c.id = json_extract(e.metadata, '$.causationId') AND c.position < e.position) AS reaction
         FROM events e ORDER BY e.position LIMIT -1 OFFSET ?`,
      )
      .all(after) as { type: string; stream: string; reaction: number }[];
    return rows.map((r) => ({ label: `${r.type}@${r.stream.replace(/[0-9a-f-]{36}/g, '…')}`, reaction: r.reaction === 1 }));
  } finally {
    db.close();
  }
}
