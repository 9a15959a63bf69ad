import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codiceFiscaleCheckChar, orderStreamName, bookingStreamName, slotId } from '@studio/contracts';
import { BENCH_RATE_LIMITS, login } from '../../bench/availability.bench';
import { registerPatient } from '../../bench/holds.bench';
import { startPaypalStandIn, type PaypalStandIn } from '../src/areas/payments/paypal/paypal-stand-in';

const TAXCODE = 'RSSMRA80A01H501' + codiceFiscaleCheckChar('RSSMRA80A01H501');
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

interface Server {
  base: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** resolves with the first output line matching, rejects if the process ends first */
  line(pattern: RegExp): Promise<string>;
  output(): string;
}

/** the built app (backend/dist/main.js) in production mode, as a child process this test can kill -9 */
async function startServer(dataDir: string, pp: PaypalStandIn, stsKey: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, '../dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // the reconciler's start-up line is logged at info
      LOG_LEVEL: 'info',
      STS_CERT_PATH: stsKey,
      PAYPAL_BASE_URL: pp.baseUrl,
      PAYPAL_CLIENT_ID: pp.clientId,
      PAYPAL_CLIENT_SECRET: pp.clientSecret,
      ...BENCH_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { pattern: RegExp; resolve(line: string): void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of [...waiters]) {
      const found = output.split('\n').find((l) => w.pattern.test(l));
      if (found) (waiters.splice(waiters.indexOf(w), 1), w.resolve(found));
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/auth/session`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 900 || child.exitCode !== null) throw new Error(`server non avviato: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    child,
    exited,
    output: () => output,
    line: (pattern) =>
      new Promise<string>((resolve, reject) => {
        const found = output.split('\n').find((l) => pattern.test(l));
        if (found) return resolve(found);
        waiters.push({ pattern, resolve });
        void exited.then(() => reject(new Error(`il server è terminato senza scrivere ${pattern}: ${output}`)));
      }),
  };
}

/** the log as the event store holds it on disk (read only, between two runs of the server) */
function eventsOf(dataDir: string, stream: string): string[] {
  const db = new Database(join(dataDir, 'events.db'), { readonly: true });
  try {
    return (db.prepare('SELECT type FROM events WHERE stream = ? ORDER BY position').all(stream) as { type: string }[]).map((r) => r.type);
  } finally {
    db.close();
  }
}
function headOf(dataDir: string): number {
  const db = new Database(join(dataDir, 'events.db'), { readonly: true });
  try {
    return (db.prepare('SELECT MAX(position) AS head FROM events').get() as { head: number }).head;
  } finally {
    db.close();
  }
}

/**
 * No money without a booking or a refund, with a real crash: the built app is killed with SIGKILL after PayPal (the
 * stand-in, in this process) has made the capture and before the app hears of it, so PaymentCaptured cannot be in the
 * log; the patient's browser is gone (nobody confirms again). Restarted on the same data, the app's start-up
 * reconciliation asks PayPal (GET the order) and books the slot, since the hold is still the patient's: one capture at
 * PayPal, no refund, the booking confirmed, the order placed; a further start finds nothing to do and appends nothing.
 * Deterministic: the kill happens inside the stand-in's capture (the answer waits for the process to be gone), and
 * every later step waits for a state (the reconciler's start-up line, the child's exit), never for a fixed time.
 */
describe('kill -9 between PayPal’s capture and its append', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-pay-crash-'));
  const stsKey = join(dataDir, 'sts-test-public.pem');
  let pp: PaypalStandIn;
  let server: Server | undefined;

  beforeAll(async () => {
    writeFileSync(stsKey, generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }));
    pp = await startPaypalStandIn();
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await pp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('after the restart the money ends booked, once: one capture, no refund, booking confirmed; a second pass appends nothing', async () => {
    // first run: no sweep and a long grace, so nothing but the confirmation touches the payment before the kill
    server = await startServer(dataDir, pp, stsKey, { HOLD_SWEEP_SECONDS: '0', PAYPAL_CAPTURE_GRACE_SECONDS: '3600' });
    const base = server.base;
    const doctor = await login(base, 'medico1@example.it');
    const run = Date.now().toString(36);
    const patient = await registerPatient(base, 1, run);
    const email = `bench-${run}-1@example.it`;
    const start = iso(Date.UTC(2034, 2, 7, 9));
    const headers = (s: { cookie: string; csrf: string }) => ({ 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrf });
    const opened = await fetch(`${base}/disponibilita/toggle`, {
      method: 'POST',
      headers: headers(doctor),
      body: JSON.stringify({ for: doctor.userId, start, end: iso(Date.parse(start) + 30 * 60_000) }),
    });
    expect(opened.status).toBe(200);
    const held = await fetch(`${base}/prenotazioni`, {
      method: 'POST',
      headers: headers(patient),
      body: JSON.stringify({ doctor_id: doctor.userId, availability_id: slotId(doctor.userId, start) }),
    });
    expect(held.status).toBe(201);
    const bookingId = ((await held.json()) as { id: string }).id;
    // a first visit: a product for check-ups only is refused to a patient's first booking
    const products = ((await (await fetch(`${base}/api/products`)).json()) as { id: string; followUpOnly: boolean }[]).filter((p) => !p.followUpOnly);
    const created = await fetch(`${base}/api/paypal/orders`, {
      method: 'POST',
      headers: headers(patient),
      body: JSON.stringify({ booking_id: bookingId, product: products[0].id }),
    });
    expect(created.status).toBe(201);
    const orderId = ((await created.json()) as { id: string }).id;
    pp.approve(orderId);

    // PayPal captures; before its answer leaves, the app is killed -9
    const victim = server;
    pp.afterNextCapture(async () => {
      victim.child.kill('SIGKILL');
      await victim.exited;
    });
    const confirmation = await fetch(`${base}/prenotazioni/conferma`, {
      method: 'POST',
      headers: headers(patient),
      body: JSON.stringify({ transaction: orderId, product: products[0].id, taxcode: TAXCODE, billing: 'Via Roma 1, 00100 Roma' }),
    }).then(
      (r) => r.status,
      () => 'connessione interrotta',
    );
    expect(confirmation).toBe('connessione interrotta');
    // the connection broke because the process is gone (its exit, not a timeout)
    expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // PayPal has the money; the log has only the intent
    expect(pp.orders.get(orderId)?.capture?.status).toBe('COMPLETED');
    expect(pp.calls.capture).toBe(1);
    expect(eventsOf(dataDir, orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested']);
    expect(eventsOf(dataDir, bookingStreamName(bookingId))).toEqual(['BookingHeld']);

    // restart on the same data; the browser never comes back: the start-up reconciliation settles it
    server = await startServer(dataDir, pp, stsKey, { HOLD_SWEEP_SECONDS: '0', PAYPAL_CAPTURE_GRACE_SECONDS: '0' });
    expect(await server.line(/Riconciliazione all’avvio conclusa/)).toMatch(/1 pagamenti esaminati, 1 conclusi/);
    expect(eventsOf(dataDir, orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'OrderPlaced']);
    expect(eventsOf(dataDir, bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingConfirmed']);
    // once: PayPal was asked (GET), never asked to capture again, nothing refunded
    expect(pp.calls.get).toBeGreaterThanOrEqual(1);
    expect(pp.calls.capture).toBe(1);
    expect(pp.calls.refund).toBe(0);
    // the patient, logging in again, finds the visit confirmed and the order placed
    const again = await login(server.base, email);
    const bookings = (await (await fetch(`${server.base}/api/me/bookings`, { headers: { cookie: again.cookie } })).json()) as { id: string; status: string }[];
    expect(bookings.find((b) => b.id === bookingId)?.status).toBe('confirmed');
    const orders = (await (await fetch(`${server.base}/api/me/orders`, { headers: { cookie: again.cookie } })).json()) as { id: string; status: string }[];
    expect(orders.find((o) => o.id === orderId)?.status).toBe('placed');

    // a second pass (the next start) finds nothing left and appends nothing
    server.child.kill('SIGTERM');
    expect(await server.exited).toMatchObject({ code: 0 });
    const head = headOf(dataDir);
    const calls = { ...pp.calls };
    server = await startServer(dataDir, pp, stsKey, { HOLD_SWEEP_SECONDS: '0', PAYPAL_CAPTURE_GRACE_SECONDS: '0' });
    expect(await server.line(/Riconciliazione all’avvio conclusa/)).toMatch(/0 pagamenti esaminati, 0 conclusi/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toMatchObject({ code: 0 });
    expect(headOf(dataDir)).toBe(head);
    expect(pp.calls).toMatchObject({ capture: calls.capture, refund: calls.refund, get: calls.get });
  }, 120_000);

  it('the hold given to another choice before the restart: the capture is refunded in full, once, and nothing is booked', async () => {
    server = await startServer(dataDir, pp, stsKey, { HOLD_SWEEP_SECONDS: '0', PAYPAL_CAPTURE_GRACE_SECONDS: '3600' });
    const base = server.base;
    const doctor = await login(base, 'medico1@example.it');
    const run = Date.now().toString(36);
    const patient = await registerPatient(base, 2, run);
    const email = `bench-${run}-2@example.it`;
    const headers = (s: { cookie: string; csrf: string }) => ({ 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrf });
    const open = async (start: string) =>
      expect(
        (
          await fetch(`${base}/disponibilita/toggle`, {
            method: 'POST',
            headers: headers(doctor),
            body: JSON.stringify({ for: doctor.userId, start, end: iso(Date.parse(start) + 30 * 60_000) }),
          })
        ).status,
      ).toBe(200);
    const hold = async (b: string, who: { cookie: string; csrf: string }, start: string) => {
      const held = await fetch(`${b}/prenotazioni`, {
        method: 'POST',
        headers: headers(who),
        body: JSON.stringify({ doctor_id: doctor.userId, availability_id: slotId(doctor.userId, start) }),
      });
      expect(held.status).toBe(201);
      return ((await held.json()) as { id: string }).id;
    };
    const first = iso(Date.UTC(2034, 2, 8, 9));
    const second = iso(Date.UTC(2034, 2, 8, 10));
    await open(first);
    await open(second);
    const bookingId = await hold(base, patient, first);
    // a first visit: a product for check-ups only is refused to a patient's first booking
    const products = ((await (await fetch(`${base}/api/products`)).json()) as { id: string; followUpOnly: boolean }[]).filter((p) => !p.followUpOnly);
    const created = await fetch(`${base}/api/paypal/orders`, {
      method: 'POST',
      headers: headers(patient),
      body: JSON.stringify({ booking_id: bookingId, product: products[0].id }),
    });
    expect(created.status).toBe(201);
    const orderId = ((await created.json()) as { id: string }).id;
    pp.approve(orderId);
    const victim = server;
    pp.afterNextCapture(async () => {
      victim.child.kill('SIGKILL');
      await victim.exited;
    });
    const calls = { ...pp.calls };
    const confirmation = await fetch(`${base}/prenotazioni/conferma`, {
      method: 'POST',
      headers: headers(patient),
      body: JSON.stringify({ transaction: orderId, product: products[0].id, taxcode: TAXCODE, billing: 'Via Roma 1, 00100 Roma' }),
    }).then(
      async (r) => `${r.status} ${await r.text()}`,
      () => 'connessione interrotta',
    );
    expect(confirmation).toBe('connessione interrotta');
    expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(eventsOf(dataDir, orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested']);

    // back up (the capture still inside its grace: left alone), the patient picks another slot, which gives the first back
    server = await startServer(dataDir, pp, stsKey, { HOLD_SWEEP_SECONDS: '0', PAYPAL_CAPTURE_GRACE_SECONDS: '3600' });
    expect(await server.line(/Riconciliazione all’avvio conclusa/)).toMatch(/0 pagamenti esaminati/);
    const again = await login(server.base, email);
    await hold(server.base, again, second);
    server.child.kill('SIGTERM');
    expect(await server.exited).toMatchObject({ code: 0 });
    expect(eventsOf(dataDir, bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingHoldEnded']);

    // the next start settles it: the hold is no longer the patient's, so all of it goes back, once
    server = await startServer(dataDir, pp, stsKey, { HOLD_SWEEP_SECONDS: '0', PAYPAL_CAPTURE_GRACE_SECONDS: '0' });
    expect(await server.line(/Riconciliazione all’avvio conclusa/)).toMatch(/1 pagamenti esaminati, 1 conclusi/);
    expect(eventsOf(dataDir, orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'PaymentRefunded']);
    expect(eventsOf(dataDir, bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingHoldEnded']);
    expect(pp.orders.get(orderId)?.refund?.status).toBe('COMPLETED');
    expect(pp.calls.capture).toBe(calls.capture + 1);
    expect(pp.calls.refund).toBe(calls.refund + 1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toMatchObject({ code: 0 });

    const head = headOf(dataDir);
    server = await startServer(dataDir, pp, stsKey, { HOLD_SWEEP_SECONDS: '0', PAYPAL_CAPTURE_GRACE_SECONDS: '0' });
    expect(await server.line(/Riconciliazione all’avvio conclusa/)).toMatch(/0 pagamenti esaminati, 0 conclusi/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toMatchObject({ code: 0 });
    expect(headOf(dataDir)).toBe(head);
    expect(pp.calls.refund).toBe(calls.refund + 1);
    expect(pp.calls.capture).toBe(calls.capture + 1);
  }, 150_000);
});
