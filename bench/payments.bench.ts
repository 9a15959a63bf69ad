import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { codiceFiscaleCheckChar, slotId } from '@studio/contracts';
import { startPaypalStandIn } from '../backend/src/areas/payments/paypal/paypal-stand-in';
import { login, startServerProcess } from './availability.bench';
import { iso, registerPatient, type Session } from './holds.bench';
import { summary } from './stats';

const TAXCODE = 'RSSMRA80A01H501' + codiceFiscaleCheckChar('RSSMRA80A01H501');

/**
 * Confirmed payments end to end: for each patient holding a slot, POST /api/paypal/orders (our server
 * creates the PayPal order), the buyer's approval (the stand-in, in this process), then
 * POST /prenotazioni/conferma (our server captures, checks and appends payment, order, booking,
 * slot booked). The server runs in its own process on the embedded default; PayPal is the local
 * stand-in of the Orders v2 API, in the bench's process.
 */
export async function paymentsBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const paypal = await startPaypalStandIn();
  // a key standing in for the Sistema TS certificate (production mode wants one for the yearly file)
  const stsKey = join(dataDir, 'sts-bench-public.pem');
  writeFileSync(stsKey, generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }));
  const server = await startServerProcess(dataDir, {
    PAYPAL_BASE_URL: paypal.baseUrl,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    STS_CERT_PATH: stsKey,
  });
  try {
    const base = server.base;
    const doctor = await login(base, 'medico1@example.it');
    const products = (await (await fetch(`${base}/api/products`)).json()) as { id: string; priceCents: number }[];
    const count = Number(process.env.BENCH_PAYMENTS ?? 100);
    const concurrency = 8;
    const run = Date.now().toString(36);

    // setup, not timed: patients, one open slot each, held
    const day0 = Date.UTC(2033, 2, 1, 8);
    const slotStart = (k: number) => day0 + Math.floor(k / 22) * 86_400_000 + (k % 22) * 30 * 60_000;
    const patients: { session: Session; bookingId: string }[] = [];
    for (let k = 0; k < 2 * count; k++) {
      const session = await registerPatient(base, 10_000 + k, run);
      const open = await fetch(`${base}/disponibilita/toggle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: doctor.cookie, 'x-csrf-token': doctor.csrf },
        body: JSON.stringify({ for: doctor.userId, start: iso(slotStart(k)), end: iso(slotStart(k) + 30 * 60_000) }),
      });
      if (open.status !== 200) throw new Error(`apertura slot: HTTP ${open.status}`);
      const held = await fetch(`${base}/prenotazioni`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
        body: JSON.stringify({ doctor_id: doctor.userId, availability_id: slotId(doctor.userId, iso(slotStart(k))) }),
      });
      if (held.status !== 201) throw new Error(`hold: HTTP ${held.status}`);
      patients.push({ session, bookingId: ((await held.json()) as { id: string }).id });
    }

    const pay = async ({ session, bookingId }: { session: Session; bookingId: string }, coupon: string) => {
      const headers = { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf };
      const created = await fetch(`${base}/api/paypal/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ booking_id: bookingId, product: products[0].id, coupon }),
      });
      if (created.status !== 201) return created.status;
      const { id } = (await created.json()) as { id: string };
      paypal.approve(id);
      const confirmed = await fetch(`${base}/prenotazioni/conferma`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          transaction: id,
          status: 'COMPLETED',
          amount: '0',
          product: products[0].id,
          taxcode: TAXCODE,
          billing: 'Via Roma 1, Milano',
          coupon,
        }),
      });
      await confirmed.arrayBuffer();
      return confirmed.status;
    };

    // two rounds: no coupon; then every payment with BENVENUTO10 (one coupon stream, so its redemptions contend)
    for (const [label, coupon, slice] of [
      ['senza coupon', '', patients.slice(0, count)],
      ['tutti con BENVENUTO10', 'BENVENUTO10', patients.slice(count)],
    ] as const) {
      const latencies: number[] = [];
      const failed: number[] = [];
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let k = next++; k < slice.length; k = next++) {
            const sent = performance.now();
            const status = await pay(slice[k], coupon);
            latencies.push(performance.now() - sent);
            if (status !== 200) failed.push(status);
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      console.log(
        `pagamenti confermati end to end (ordine + approvazione + conferma), ${concurrency} client, ${label}: ` +
          `${((latencies.length - failed.length) / seconds).toFixed(1)} pagamenti/s (${latencies.length - failed.length} confermati, ` +
          `falliti: ${failed.length ? failed.join(',') : 'nessuno'}; per pagamento ${summary(latencies)})`,
      );
    }
    console.log(
      `  chiamate allo stand-in PayPal: token ${paypal.calls.token}, create ${paypal.calls.create}, capture ${paypal.calls.capture}, get ${paypal.calls.get}`,
    );
    await fiscalFigures(base, doctor, 2 * count);
  } finally {
    await server.stop();
    await paypal.close();
  }
}

/**
 * The receipts those payments issued on medico1's one numbering stream (every payment contends for the next number):
 * how long after the last confirmation every receipt is numbered, the receipt PDF's latency, the year's Sistema TS file.
 */
async function fiscalFigures(base: string, doctor: { userId: string; cookie: string }, expected: number): Promise<void> {
  const year = new Date().getFullYear();
  const headers = { cookie: doctor.cookie };
  const t0 = performance.now();
  let docs: { orderId: string; number: number }[] = [];
  while (performance.now() - t0 < 60_000) {
    const res = await fetch(`${base}/api/fiscal/documents?doctor=${doctor.userId}&year=${year}`, { headers });
    docs = ((await res.json()) as { documents: { orderId: string; number: number }[] }).documents;
    if (docs.length >= expected) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const numbers = docs.map((d) => d.number).sort((a, b) => a - b);
  const gapFree = numbers.every((n, i) => n === i + 1);
  console.log(
    `ricevute: ${docs.length} di ${expected} numerate ${(performance.now() - t0).toFixed(0)} ms dopo l'ultima conferma; numeri 1…${numbers.length} ${gapFree ? 'senza buchi né doppioni' : 'CON BUCHI'}`,
  );
  const latencies: number[] = [];
  for (const d of docs.slice(0, 50)) {
    const sent = performance.now();
    const pdf = await fetch(`${base}/api/orders/${d.orderId}/receipt.pdf`, { headers });
    await pdf.arrayBuffer();
    latencies.push(performance.now() - sent);
  }
  console.log(`  PDF della ricevuta (GET /api/orders/:id/receipt.pdf, uno alla volta): ${summary(latencies)}`);
  const sent = performance.now();
  const exported = await fetch(`${base}/api/fiscal/sts-export?doctor=${doctor.userId}&year=${year}`, { headers });
  const xml = await exported.text();
  console.log(
    `  file Sistema TS dell'anno (HTTP ${exported.status}, ${docs.length} documenti, ${(xml.length / 1024).toFixed(0)} kB): ${(performance.now() - sent).toFixed(0)} ms`,
  );
}

/**
 * The reconciler's time to settle 100 unfinished captures (BENCH_RECONCILE, default 100): each patient's confirmation
 * meets a PayPal that captures but whose every answer is lost (the server answers 502, the log holds only the intent);
 * then, with the sweep every second and no grace, how long until every one of them is booked (the server asks PayPal
 * with GET /v2/checkout/orders/:id and carries each to OrderPlaced). Setup is not timed.
 */
export async function reconcilerBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const paypal = await startPaypalStandIn();
  const count = Number(process.env.BENCH_RECONCILE ?? 100);
  // a long grace while the captures are lost, then a restart with none: the settling is timed from the start-up
  const env = { PAYPAL_BASE_URL: paypal.baseUrl, PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, HOLD_SWEEP_SECONDS: '1' };
  let server = await startServerProcess(dataDir, { ...env, PAYPAL_CAPTURE_GRACE_SECONDS: '3600' });
  try {
    const base = server.base;
    const doctor = await login(base, 'medico1@example.it');
    const products = (await (await fetch(`${base}/api/products`)).json()) as { id: string }[];
    const run = Date.now().toString(36);
    const day0 = Date.UTC(2033, 5, 1, 8);
    const slotStart = (k: number) => day0 + Math.floor(k / 22) * 86_400_000 + (k % 22) * 30 * 60_000;
    const lost: { session: Session; orderId: string }[] = [];
    for (let k = 0; k < count; k++) {
      const session = await registerPatient(base, 50_000 + k, run);
      const headers = { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf };
      await fetch(`${base}/disponibilita/toggle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: doctor.cookie, 'x-csrf-token': doctor.csrf },
        body: JSON.stringify({ for: doctor.userId, start: iso(slotStart(k)), end: iso(slotStart(k) + 30 * 60_000) }),
      });
      const held = await fetch(`${base}/prenotazioni`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ doctor_id: doctor.userId, availability_id: slotId(doctor.userId, iso(slotStart(k))) }),
      });
      const bookingId = ((await held.json()) as { id: string }).id;
      const created = await fetch(`${base}/api/paypal/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ booking_id: bookingId, product: products[0].id }),
      });
      const { id } = (await created.json()) as { id: string };
      paypal.approve(id);
      for (let i = 0; i < 3; i++) paypal.fault('capture', { kind: 'lost' });
      const confirmed = await fetch(`${base}/prenotazioni/conferma`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ transaction: id, product: products[0].id, taxcode: TAXCODE, billing: 'Via Roma 1, Milano' }),
      });
      await confirmed.arrayBuffer();
      if (confirmed.status !== 502) throw new Error(`conferma con risposte perse: HTTP ${confirmed.status}`);
      lost.push({ session, orderId: id });
    }
    const gets = paypal.calls.get;
    const captures = paypal.calls.capture;
    await server.stop();
    const t0 = performance.now();
    server = await startServerProcess(dataDir, { ...env, PAYPAL_CAPTURE_GRACE_SECONDS: '0' });
    const placed = async () => {
      let n = 0;
      for (const { session, orderId } of lost) {
        const mine = (await (await fetch(`${server.base}/api/me/orders`, { headers: { cookie: session.cookie } })).json()) as { id: string }[];
        if (mine.some((o) => o.id === orderId)) n++;
      }
      return n;
    };
    let done = 0;
    while ((done = await placed()) < count && performance.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 250));
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `riconciliazione: ${done} di ${count} catture rimaste a metà (risposte PayPal perse) prenotate in ${seconds.toFixed(1)} s dall'avvio ` +
        `(avvio del server compreso; GET ordine a PayPal: ${paypal.calls.get - gets}, nuove catture: ${paypal.calls.capture - captures})`,
    );
  } finally {
    await server.stop();
    await paypal.close();
  }
}
