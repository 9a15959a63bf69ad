import { MESSAGES_CHANGED, MESSAGES_WATCH } from '@studio/contracts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { startApp } from '../backend/src/app/app';
import { loadConfig } from '../backend/src/platform/config/config';
import { BENCH_RATE_LIMITS, login } from './availability.bench';
import { registerPatient } from './holds.bench';
import { summary } from './stats';

interface Changed {
  patientId: string;
  with: string;
  unread: number;
}

async function openSocket(base: string, cookie: string): Promise<Socket> {
  const s = io(base, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', resolve);
    s.once('connect_error', reject);
  });
  const ack = (await s.timeout(5000).emitWithAck(MESSAGES_WATCH, {})) as { ok: boolean; error?: string };
  if (!ack.ok) throw new Error(`messages:watch: ${ack.error}`);
  return s;
}

const post = (base: string, session: { cookie: string; csrf: string }, path: string, body: object) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
    body: JSON.stringify(body),
  });

/**
 * Messages live, in one process (the app and the 200 socket.io clients):
 * 1. one-to-one: 200 patients, each with a socket open on their conversations; the segreteria writes to each (10 at a
 *    time); the time from the request sent to `messages:changed` on that patient's socket;
 * 2. fan-out: 200 sockets open on the segreteria's side; a patient writes 50 messages one after the other; for each,
 *    the time from the request sent to its arrival on every one of the 200 sockets (and to the last of them).
 */
export async function messagesBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    ...BENCH_RATE_LIMITS,
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    HOLD_SWEEP_SECONDS: '0',
    FRONTEND_DIST: join(dataDir, 'none'),
  });
  config.frontendDist = null;
  const app = await startApp(config);
  const sockets: Socket[] = [];
  try {
    const base = app.url.replace('localhost', '127.0.0.1');
    const admin = await login(base, 'admin@example.it');
    const n = Number(process.env.BENCH_MESSAGE_SOCKETS ?? 200);
    const patients: { cookie: string; csrf: string; id: string; socket: Socket }[] = [];
    for (let i = 0; i < n; i++) {
      const session = await registerPatient(base, i, `msg${Date.now()}`);
      const me = (await (await fetch(`${base}/api/auth/session`, { headers: { cookie: session.cookie } })).json()) as { user: { id: string } };
      const socket = await openSocket(base, session.cookie);
      sockets.push(socket);
      patients.push({ ...session, id: me.user.id, socket });
    }

    // 1. one message to each patient, 10 in flight
    const oneToOne: number[] = [];
    const queue = [...patients];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          const patient = p;
          const arrived = new Promise<number>((resolve) => {
            const on = (m: Changed) => {
              if (m.with !== 'segreteria' || m.unread < 1) return;
              patient.socket.off(MESSAGES_CHANGED, on);
              resolve(performance.now());
            };
            patient.socket.on(MESSAGES_CHANGED, on);
          });
          const t0 = performance.now();
          const res = await post(base, admin, `/api/patients/${patient.id}/messages`, { text: 'Promemoria dalla segreteria' });
          if (res.status !== 201) throw new Error(`invio: HTTP ${res.status} ${await res.text()}`);
          oneToOne.push((await arrived) - t0);
        }
      }),
    );
    console.log(`messaggi, uno a uno (${n} pazienti, ognuno col suo socket): invio → messages:changed ${summary(oneToOne)}`);

    // 2. fan-out to n sockets of the segreteria
    const staff: Socket[] = [];
    for (let i = 0; i < n; i++) staff.push(await openSocket(base, admin.cookie));
    sockets.push(...staff);
    const writer = patients[0];
    const every: number[] = [];
    const last: number[] = [];
    const rounds = Number(process.env.BENCH_MESSAGE_ROUNDS ?? 50);
    for (let r = 0; r < rounds; r++) {
      const arrivals = staff.map(
        (s) =>
          new Promise<number>((resolve) => {
            const on = (m: Changed) => {
              if (m.patientId !== writer.id || m.unread !== r + 1) return;
              s.off(MESSAGES_CHANGED, on);
              resolve(performance.now());
            };
            s.on(MESSAGES_CHANGED, on);
          }),
      );
      const t0 = performance.now();
      const res = await post(base, writer, '/api/me/messages', { to: 'segreteria', text: `Messaggio ${r}` });
      if (res.status !== 201) throw new Error(`invio: HTTP ${res.status} ${await res.text()}`);
      const times = (await Promise.all(arrivals)).map((t) => t - t0);
      every.push(...times);
      last.push(Math.max(...times));
    }
    console.log(`messaggi, fan-out a ${n} socket della segreteria (${rounds} messaggi): invio → ogni socket ${summary(every)}`);
    console.log(`messaggi, fan-out a ${n} socket: invio → ultimo socket raggiunto ${summary(last)}`);
  } finally {
    for (const s of sockets) s.disconnect();
    await app.close();
  }
}
