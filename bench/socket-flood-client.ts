/**
 * The flood of the socket-flood bench, in its own process (forked by socket-flood.bench.ts) so that
 * the client timing GET /api/auth/session is not starved by 500 handshakes in its own event loop.
 *
 * Messages from the parent:
 *   { type: 'wave', base, sockets, transport, sustainMs } → opens `sockets` socket.io connections at
 *     once from this one address; with sustainMs > 0 every refused one is tried again at once until
 *     sustainMs have passed. Answers { type: 'waveDone', attempts, connected, refused, ms }.
 *   { type: 'burn', ms, duty } → spins the CPU for ms (duty of each 10 ms) without touching the server: the
 *     control that tells a shared machine's CPU contention from the server's own work. Answers { type: 'burnt' }.
 *   { type: 'close' } → disconnects every socket it holds, answers { type: 'closed' }.
 *   { type: 'exit' } → exits.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

interface Wave {
  type: 'wave';
  base: string;
  sockets: number;
  transport: 'websocket' | 'polling';
  sustainMs: number;
}
/** a control: the CPU a wave costs this process, burnt without touching the server */
interface Burn {
  type: 'burn';
  ms: number;
  /** the share of each 10 ms spent spinning */
  duty: number;
}
type Message = Wave | Burn | { type: 'close' } | { type: 'exit' };

async function burn(b: Burn): Promise<void> {
  const end = performance.now() + b.ms;
  while (performance.now() < end) {
    const spinUntil = performance.now() + 10 * b.duty;
    while (performance.now() < spinUntil) {
      /* spin */
    }
    await new Promise((r) => setTimeout(r, 10 * (1 - b.duty)));
  }
  process.send!({ type: 'burnt' });
}

const held: Socket[] = [];

function attempt(w: Wave): Promise<boolean> {
  const s = io(w.base, {
    transports: w.transport === 'websocket' ? ['websocket'] : ['polling'],
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  held.push(s);
  return new Promise<boolean>((resolve) => {
    s.once('connect', () => resolve(true));
    s.once('connect_error', () => {
      s.close();
      resolve(false);
    });
  });
}

async function wave(w: Wave): Promise<void> {
  const t0 = performance.now();
  const until = t0 + w.sustainMs;
  let attempts = 0;
  let connected = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: w.sockets }, async () => {
      for (;;) {
        attempts++;
        if (await attempt(w)) {
          connected++;
          return;
        }
        refused++;
        if (performance.now() >= until) return;
      }
    }),
  );
  process.send!({ type: 'waveDone', attempts, connected, refused, ms: performance.now() - t0 });
}

process.on('message', (m: Message) => {
  if (m.type === 'wave') void wave(m);
  else if (m.type === 'burn') void burn(m);
  else if (m.type === 'close') {
    held.splice(0).forEach((s) => s.close());
    process.send!({ type: 'closed' });
  } else if (m.type === 'exit') process.exit(0);
});
process.send!({ type: 'ready' });
