import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { startServerProcess } from './availability.bench';
import { percentile, summary } from './stats';

/** GET /api/auth/session, one after another, for `ms` milliseconds: each answer's latency */
async function sessionLatencies(base: string, ms: number, failures = { count: 0 }): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
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

/**
 * Issue 26: one client opening 500 sockets raised GET /api/auth/session p99 from 12.6 ms to 2,261 ms.
 * With RATE_LIMIT_SOCKETS_PER_CLIENT at its default (20), the same flood against the built app:
 * the session's p99 quiet and while 500 sockets from one address try to connect.
 */
export async function socketFloodBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const server = await startServerProcess(dataDir, { RATE_LIMIT_SOCKETS_PER_CLIENT: '20' });
  const sockets: Socket[] = [];
  try {
    await sessionLatencies(server.base, 500); // warm-up
    const quiet = await sessionLatencies(server.base, 3000);
    let connected = 0;
    let refused = 0;
    const flood = Array.from({ length: 500 }, () => {
      const s = io(server.base, { transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(s);
      return new Promise<void>((resolve) => {
        s.once('connect', () => (connected++, resolve()));
        s.once('connect_error', () => (refused++, resolve()));
      });
    });
    const failures = { count: 0 };
    const during = await sessionLatencies(server.base, 3000, failures);
    await Promise.all(flood);
    const p99 = (v: number[]) =>
      percentile(
        [...v].sort((a, b) => a - b),
        99,
      );
    console.log(`GET /api/auth/session a riposo: ${summary(quiet)}`);
    console.log(`GET /api/auth/session mentre 500 socket da un indirizzo provano a connettersi: ${summary(during)}`);
    console.log(
      `  socket accettati ${connected}, rifiutati ${refused}; p99 durante / a riposo: ${(p99(during) / p99(quiet)).toFixed(2)}× (limite 3×); richieste fallite ${failures.count}`,
    );
  } finally {
    sockets.forEach((s) => s.disconnect());
    await server.stop();
  }
}
