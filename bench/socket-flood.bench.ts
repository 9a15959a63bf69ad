import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BENCH_RATE_LIMITS, startServerProcess } from './availability.bench';
import { nginxBinary, startLocalNginx } from '../tooling/local-nginx';
import { percentile, summary } from './stats';

const WAVES = Number(process.env.BENCH_FLOOD_WAVES ?? 8);
const SOCKETS = Number(process.env.BENCH_FLOOD_SOCKETS ?? 500);
const LIMIT = process.env.BENCH_FLOOD_LIMIT ?? '20';

/** GET /api/auth/session, one after another, until `stop()` says so (at least `minMs`): each answer's latency */
async function sessionLatencies(base: string, stop: () => boolean, minMs = 0, failures = { count: 0 }): Promise<number[]> {
  const out: number[] = [];
  const min = performance.now() + minMs;
  while (performance.now() < min || !stop()) {
    const t0 = performance.now();
    try {
      await (await fetch(`${base}/api/auth/session`)).arrayBuffer();
      out.push(performance.now() - t0);
    } catch {
      failures.count++;
    }
  }
  return out;
}

const forMs = (ms: number) => {
  const end = performance.now() + ms;
  return () => performance.now() >= end;
};

interface WaveDone {
  type: 'waveDone';
  attempts: number;
  connected: number;
  refused: number;
  ms: number;
}

/** the flood runs in its own process: its handshakes do not share the timing client's event loop */
function startFlooder(): Promise<{ child: ChildProcess; ask<T>(message: object, answer: string): Promise<T> }> {
  const child = fork(join(__dirname, 'socket-flood-client.ts'), [], { execArgv: ['-r', '@swc-node/register'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = <T>(message: object, answer: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== answer) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
      child.send(message);
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', () => resolve({ child, ask }));
  });
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; NaN elsewhere) */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

/** a process's CPU and its children's (nginx: the master and its worker) */
function treeCpuMs(pid: number): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    /* not Linux: the process alone */
  }
  return cpuMs(pid) + children.reduce((sum, child) => sum + cpuMs(child), 0);
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const p99 = (v: number[]) =>
  percentile(
    [...v].sort((a, b) => a - b),
    99,
  );

/** the built server, or BENCH_FLOOD_MAIN (another build's main.js, to compare two builds under the same load) */
async function startServer(dataDir: string): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const main = process.env.BENCH_FLOOD_MAIN;
  if (!main) return startServerProcess(dataDir, { RATE_LIMIT_SOCKETS_PER_CLIENT: LIMIT });
  const port = await new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...BENCH_RATE_LIMITS,
      RATE_LIMIT_SOCKETS_PER_CLIENT: LIMIT,
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
  return { base, pid: child.pid!, stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))) };
}

/**
 * Why: one client opening 500 sockets raised GET /api/auth/session p99 from 12.6 ms to 2,261 ms.
 * With RATE_LIMIT_SOCKETS_PER_CLIENT at its default (20), the same flood against the built app, made by
 * a separate process: the session's latency while 500 sockets from one address try to connect
 * (BENCH_FLOOD_WAVES waves per transport, the timing running from each wave's start to its last answer),
 * each wave paired with a quiet window of the same length just before it, so that both see the same
 * background load of a shared machine; then a sustained flood where every refused socket tries again at
 * once for 3 s.
 *
 * `via: 'nginx'` (section socketflood-nginx): the same, with the app behind a local nginx that carries the
 * production proxy's limits and locations (deploy/nginx/, tooling/local-nginx.ts); the timing client and the
 * flood both go through it, as they would in production. Without nginx installed the section says so and is skipped.
 */
export async function socketFloodBench(dataDir: string, via: 'diretto' | 'nginx' = 'diretto'): Promise<void> {
  const nginx = via === 'nginx' ? nginxBinary() : null;
  if (via === 'nginx' && !nginx) {
    console.log('flood di socket dietro nginx: saltato, nginx non è installato (apt-get install nginx-light)');
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  const server = await startServer(dataDir);
  const proxy = nginx ? await startLocalNginx(nginx, join(dataDir, 'nginx'), [Number(new URL(server.base).port)]) : null;
  const base = proxy?.base ?? server.base;
  const flooder = await startFlooder();
  try {
    console.log(
      `flood di socket${proxy ? ' dietro nginx (deploy/nginx/)' : ''}: ${SOCKETS} socket da un indirizzo, limite ${LIMIT} per client, server ${process.env.BENCH_FLOOD_MAIN ?? 'backend/dist/main.js'}, carico della macchina (1/5/15 min) ${load()}`,
    );
    await sessionLatencies(base, forMs(1000)); // warm-up
    const quiet = await sessionLatencies(base, forMs(3000));
    console.log(`GET /api/auth/session a riposo (3 s): ${summary(quiet)}`);
    const rows: string[] = [];
    const allDuring: number[] = [];
    const allQuiet: number[] = [];
    const runWave = async (transport: 'websocket' | 'polling', sustainMs: number) => {
      let done: WaveDone | undefined;
      const failures = { count: 0 };
      const cpu0 = [cpuMs(server.pid), cpuMs(flooder.child.pid!), proxy ? treeCpuMs(proxy.pid) : 0];
      const result = flooder.ask<WaveDone>({ type: 'wave', base, sockets: SOCKETS, transport, sustainMs }, 'waveDone').then((d) => (done = d));
      const during = await sessionLatencies(base, () => done !== undefined, 0, failures);
      await result;
      const cpu = [cpuMs(server.pid) - cpu0[0], cpuMs(flooder.child.pid!) - cpu0[1], proxy ? treeCpuMs(proxy.pid) - cpu0[2] : 0];
      await flooder.ask({ type: 'close' }, 'closed');
      await new Promise((r) => setTimeout(r, 300)); // the server frees the places of the closed sockets
      return { during, failures: failures.count, done: done!, cpu };
    };
    let lastMs = 700;
    let totalFlooderCpu = 0;
    let totalWaveMs = 0;
    for (const transport of ['websocket', 'polling'] as const) {
      const during: number[] = [];
      const paired: number[] = [];
      let connected = 0;
      let refused = 0;
      let failed = 0;
      let ms = 0;
      let serverCpu = 0;
      let flooderCpu = 0;
      let proxyCpu = 0;
      for (let w = 0; w < WAVES; w++) {
        // a quiet window as long as the last wave, just before this one
        paired.push(...(await sessionLatencies(base, forMs(lastMs))));
        const r = await runWave(transport, 0);
        lastMs = r.done.ms;
        during.push(...r.during);
        connected += r.done.connected;
        refused += r.done.refused;
        failed += r.failures;
        ms += r.done.ms;
        serverCpu += r.cpu[0];
        flooderCpu += r.cpu[1];
        proxyCpu += r.cpu[2];
      }
      allDuring.push(...during);
      allQuiet.push(...paired);
      totalFlooderCpu += flooderCpu;
      totalWaveMs += ms;
      console.log(`GET /api/auth/session a riposo, finestre appaiate alle ondate (${transport}): ${summary(paired)}`);
      console.log(`GET /api/auth/session mentre ${SOCKETS} socket (${transport}) provano a connettersi, ${WAVES} ondate: ${summary(during)}`);
      console.log(
        `  per ondata: accettati ${(connected / WAVES).toFixed(0)}, rifiutati ${(refused / WAVES).toFixed(0)}, ondata conclusa in ${(ms / WAVES).toFixed(0)} ms; p99 durante / a riposo appaiato ${(p99(during) / p99(paired)).toFixed(2)}× (obiettivo < 3×); richieste fallite ${failed}`,
      );
      console.log(
        `  CPU per ondata: server ${(serverCpu / WAVES).toFixed(0)} ms (${((serverCpu / WAVES / SOCKETS) * 1000).toFixed(0)} µs per tentativo), processo del flood ${(flooderCpu / WAVES).toFixed(0)} ms${proxy ? `, nginx ${(proxyCpu / WAVES).toFixed(0)} ms` : ''}`,
      );
      rows.push(`${transport}: ${(p99(during) / p99(paired)).toFixed(2)}×`);
    }
    // control: the flood's process burns the CPU a wave cost it, for as long, without connecting
    const control: number[] = [];
    const controlQuiet: number[] = [];
    const duty = Math.min(1, totalFlooderCpu / totalWaveMs);
    for (let w = 0; w < WAVES; w++) {
      controlQuiet.push(...(await sessionLatencies(base, forMs(totalWaveMs / (2 * WAVES)))));
      let burnt = false;
      const done = flooder.ask({ type: 'burn', ms: totalWaveMs / (2 * WAVES), duty }, 'burnt').then(() => (burnt = true));
      control.push(...(await sessionLatencies(base, () => burnt)));
      await done;
    }
    console.log(
      `controllo (il processo del flood consuma la stessa CPU, ${(duty * 100).toFixed(0)}% di un core, senza connettersi): a riposo ${summary(controlQuiet)}; durante ${summary(control)}; p99 ${(p99(control) / p99(controlQuiet)).toFixed(2)}×`,
    );
    const sustainedQuiet = await sessionLatencies(base, forMs(3000));
    const sustained = await runWave('websocket', 3000);
    console.log(`GET /api/auth/session a riposo, 3 s appena prima: ${summary(sustainedQuiet)}`);
    console.log(`GET /api/auth/session con ${SOCKETS} tentativi continui per 3 s (ogni rifiutato riprova subito): ${summary(sustained.during)}`);
    console.log(
      `  tentativi ${sustained.done.attempts}, accettati ${sustained.done.connected}, rifiutati ${sustained.done.refused}; p99 durante / a riposo appaiato ${(p99(sustained.during) / p99(sustainedQuiet)).toFixed(2)}×; richieste fallite ${sustained.failures}`,
    );
    console.log(
      `  CPU: server ${sustained.cpu[0].toFixed(0)} ms (${((sustained.cpu[0] / sustained.done.attempts) * 1000).toFixed(0)} µs per tentativo), processo del flood ${sustained.cpu[1].toFixed(0)} ms${proxy ? `, nginx ${sustained.cpu[2].toFixed(0)} ms` : ''}`,
    );
    console.log(`carico della macchina alla fine ${load()}`);
    console.log(
      `flood di socket${proxy ? ' dietro nginx' : ''}, p99 durante / a riposo appaiato: ${rows.join(', ')}, ondate insieme ${(p99(allDuring) / p99(allQuiet)).toFixed(2)}× (${p99(allQuiet).toFixed(1)} → ${p99(allDuring).toFixed(1)} ms; obiettivo < 3×)`,
    );
  } finally {
    flooder.child.send({ type: 'exit' });
    await proxy?.stop();
    await server.stop();
  }
}
