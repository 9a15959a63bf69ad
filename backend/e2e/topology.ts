/**
 * The scale-out topology on this machine, without Docker: the projections worker and two backend
 * instances as separate processes, events in one SQLite file they share, read models, sessions and
 * keys in a fresh PostgreSQL database, change feed and append notifications on Redis under a
 * random prefix. Used by `npm run scale-out`, its e2e test and the bench. Needs the build
 * (backend/dist).
 */
import type { EventStore } from '@studio/contracts';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { SqliteEventStore } from '../src/platform/event-store/sqlite-event-store';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Host, Hosts } from './netns';

export interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
}

export interface Topology {
  a: Instance;
  b: Instance;
  dataDir: string;
  databaseUrl: string;
  redisPrefix: string;
  /** the log every process writes, through the port (SQLite file or PostgreSQL); the caller closes it */
  openEventStore(): EventStore;
  /** kill -9 of the projections worker */
  killWorker(): Promise<void>;
  /** kill -9 of a backend instance (its port closes, the others stay) */
  killInstance(instance: Instance): Promise<void>;
  startWorker(): Promise<void>;
  stop(): Promise<void>;
}

const DIST = join(__dirname, '../dist');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

export interface TopologyOptions {
  pgUrl?: string;
  redisUrl?: string;
  log?: (line: string) => void;
  seed?: boolean;
  /** more environment for every process (a load test lifts the rate limits: all its clients are 127.0.0.1) */
  env?: Record<string, string>;
  /** where the events live: one SQLite file (default), or PostgreSQL (SCALE_OUT_EVENT_STORE=postgres) */
  eventStore?: 'sqlite' | 'postgres';
  /**
   * a network namespace per process (netns.ts, hosts named A, B and worker): each with its own DATA_DIR and HOME,
   * reaching PostgreSQL and Redis through its pair's host-side address; needs the events in PostgreSQL
   */
  hosts?: Hosts;
}

/** the same URL with the host seen from inside a namespace */
const through = (url: string, host: Host | undefined) => {
  if (!host) return url;
  const u = new URL(url);
  u.hostname = host.gateway;
  return u.toString();
};

export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const pgAdmin = options.pgUrl ?? process.env.SCALE_OUT_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const eventStore = options.eventStore ?? (process.env.SCALE_OUT_EVENT_STORE === 'postgres' ? 'postgres' : 'sqlite');
  if (options.hosts && eventStore !== 'postgres') throw new Error('processi su host diversi: gli eventi vanno in PostgreSQL (EVENT_STORE=postgres)');
  const run = randomBytes(4).toString('hex');
  const database = `scaleout_${run}`;
  const admin = new Client({ connectionString: pgAdmin });
  await admin.connect();
  // CREATE DATABASE copies template1 and fails while another session uses it (tests side by side): try again
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${database}`);
      break;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((r) => setTimeout(r, 300 * attempt));
    }
  }
  await admin.end();
  const url = new URL(pgAdmin);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'scale-out-'));
  const redisPrefix = `scaleout:${run}:`;
  const log = options.log ?? (() => undefined);
  const env: Record<string, string> = {
    ...process.env,
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    // production refuses to start without it (links in messages); plain http is accepted with COOKIE_SECURE=false
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    EVENT_STORE: eventStore,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    // this run's limits only: the default prefix would share them with every other deployment on this Redis
    RATE_LIMIT_PREFIX: `${redisPrefix}limiti`,
    SESSION_SECRET: randomBytes(24).toString('hex'),
    LOOKUP_SECRET: randomBytes(24).toString('hex'),
    CHAIN_KEY: randomBytes(24).toString('hex'),
    KEY_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    PAYPAL_STAND_IN: 'false',
    ...options.env,
  };
  const children = new Set<ChildProcess>();
  const spawnNode = (name: string, script: string, extra: Record<string, string>) => {
    const host = options.hosts?.host(name);
    const own: Record<string, string> = {};
    if (host) {
      // a machine of its own: its files, its home (the defaults that live there are not shared), its view of the network
      own.DATA_DIR = join(dataDir, name, 'data');
      // outside DATA_DIR: the backup passphrase's default lives there, and it must not be in the data it protects
      own.HOME = join(dataDir, name, 'home');
      mkdirSync(own.HOME, { recursive: true });
      own.DATABASE_URL = through(databaseUrl, host);
      own.REDIS_URL = through(redisUrl, host);
      // an SMTP server of the test is reached the same way, on the address of each host's own pair
      if (env.SMTP_URL) own.SMTP_URL = through(env.SMTP_URL, host);
    }
    const [command, ...args] = host ? host.wrap([process.execPath, join(DIST, script)]) : [process.execPath, join(DIST, script)];
    const child = spawn(command, args, { env: { ...env, ...extra, ...own }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.once('exit', () => children.delete(child));
    const forward = (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((l) => log(`[${name}] ${l}`));
    child.stdout!.on('data', forward);
    child.stderr!.on('data', forward);
    return child;
  };

  let worker: ChildProcess | undefined;
  const startWorker = async () => {
    const child = spawnNode('worker', 'worker.js', {});
    worker = child;
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => chunk.toString().includes('Proiezioni aggiornate') && (child.stdout!.off('data', onData), resolve());
      child.stdout!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`worker uscito (${code})`)));
    });
  };
  /** a port found free may be taken by another process before the instance binds it: one more try then */
  const startInstance = async (name: string, seed: boolean): Promise<Instance> => {
    try {
      return await startInstanceOnce(name, seed);
    } catch (error) {
      log(`[${name}] ${String(error)}: nuovo tentativo`);
      return startInstanceOnce(name, seed);
    }
  };
  const startInstanceOnce = async (name: string, seed: boolean): Promise<Instance> => {
    const host = options.hosts?.host(name);
    // inside its namespace every port is free
    const port = host ? 3000 : await freePort();
    const child = spawnNode(name, 'main.js', { PORT: String(port), RUN_PROJECTIONS: 'false', SEED_DEMO: String(seed) });
    const base = `http://${host?.address ?? '127.0.0.1'}:${port}`;
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`istanza ${name} uscita (${child.exitCode})`);
      try {
        if ((await fetch(`${base}/api/auth/session`)).ok) break;
      } catch {
        if (i > 1200) throw new Error(`istanza ${name} non avviata`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return { name, base, child };
  };

  const stop = async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all([...children].map(exited));
    rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new Client({ connectionString: pgAdmin });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
  };
  try {
    await startWorker();
    const a = await startInstance('A', options.seed ?? true);
    const b = await startInstance('B', false);
    return {
      a,
      b,
      dataDir,
      databaseUrl,
      redisPrefix,
      openEventStore: () => (eventStore === 'postgres' ? new PostgresEventStore(databaseUrl) : new SqliteEventStore(join(dataDir, 'events.db'))),
      startWorker,
      killInstance: async (instance) => {
        instance.child.kill('SIGKILL');
        await exited(instance.child);
      },
      killWorker: async () => {
        if (!worker) return;
        worker.kill('SIGKILL');
        await exited(worker);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
