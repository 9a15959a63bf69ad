import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { codiceFiscaleCheckChar, slotId } from '@studio/contracts';
import { startPaypalStandIn } from '../backend/src/areas/payments/paypal/paypal-stand-in';
import { login, startServerProcess } from './availability.bench';
import { iso, registerPatient, type Session } from './holds.bench';
import { summary } from './stats';

const TAXCODE = 'RSSMRA80A01H501' + codiceFiscaleCheckChar('RSSMRA80A01H501');

/**
 * The practice's week: reschedules per second (each a workflow: intent on the booking stream, new slot on its
 * doctor-day, booking moved, old slot freed) and cancellations per second (booking cancelled, slot freed, PayPal
 * refund through the local stand-in, order refunded, settled), 8 clients, over HTTP against the server in its own
 * process on the embedded default. Setup (patients, open slots, holds, payments) is not timed.
 */
export async function lifecycleBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const paypal = await startPaypalStandIn();
  const server = await startServerProcess(dataDir, {
    PAYPAL_BASE_URL: paypal.baseUrl,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  });
  try {
    const base = server.base;
    const doctor = await login(base, 'medico1@example.it');
    const product = ((await (await fetch(`${base}/api/products`)).json()) as { id: string }[])[0].id;
    const count = Number(process.env.BENCH_LIFECYCLE ?? 100);
    const concurrency = 8;
    const run = Date.now().toString(36);
    const day0 = Date.UTC(2034, 2, 1, 8);
    const slotStart = (k: number) => day0 + Math.floor(k / 22) * 86_400_000 + (k % 22) * 30 * 60_000;
    const open = async (k: number) => {
      const res = await fetch(`${base}/disponibilita/toggle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: doctor.cookie, 'x-csrf-token': doctor.csrf },
        body: JSON.stringify({ for: doctor.userId, start: iso(slotStart(k)), end: iso(slotStart(k) + 30 * 60_000) }),
      });
      if (res.status !== 200) throw new Error(`apertura slot: HTTP ${res.status}`);
    };

    // setup: `count` paid bookings on slots 0..count-1, and `count` more open slots to move them to
    const paid: { session: Session; bookingId: string }[] = [];
    for (let k = 0; k < count; k++) {
      const session = await registerPatient(base, 20_000 + k, run);
      await open(k);
      await open(count + k);
      const headers = { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf };
      const held = await fetch(`${base}/prenotazioni`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ doctor_id: doctor.userId, availability_id: slotId(doctor.userId, iso(slotStart(k))) }),
      });
      if (held.status !== 201) throw new Error(`hold: HTTP ${held.status}`);
      const bookingId = ((await held.json()) as { id: string }).id;
      const created = await fetch(`${base}/api/paypal/orders`, { method: 'POST', headers, body: JSON.stringify({ booking_id: bookingId, product }) });
      const { id } = (await created.json()) as { id: string };
      paypal.approve(id);
      const confirmed = await fetch(`${base}/prenotazioni/conferma`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ transaction: id, status: 'COMPLETED', product, taxcode: TAXCODE, billing: 'Via Roma 1, Milano' }),
      });
      if (confirmed.status !== 200) throw new Error(`conferma: HTTP ${confirmed.status}`);
      paid.push({ session, bookingId });
    }

    const round = async (label: string, unit: string, call: (k: number) => Promise<number>) => {
      const latencies: number[] = [];
      const failed: number[] = [];
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let k = next++; k < paid.length; k = next++) {
            const sent = performance.now();
            const status = await call(k);
            latencies.push(performance.now() - sent);
            if (status !== 200) failed.push(status);
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      console.log(
        `${label}, ${concurrency} client: ${((latencies.length - failed.length) / seconds).toFixed(1)} ${unit}/s ` +
          `(${latencies.length - failed.length} riusciti, falliti: ${failed.length ? failed.join(',') : 'nessuno'}; ${summary(latencies)})`,
      );
    };
    const post = async (session: Session, path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    };

    await round('spostamenti (workflow: intento, nuovo slot, prenotazione spostata, vecchio slot libero)', 'spostamenti', (k) =>
      post(paid[k].session, `/api/bookings/${paid[k].bookingId}/reschedule`, { availability_id: slotId(doctor.userId, iso(slotStart(count + k))) }),
    );
    const refundsBefore = paypal.calls.refund;
    await round('disdette con rimborso (workflow: disdetta, slot libero, rimborso PayPal, ordine rimborsato, chiusura)', 'disdette', (k) =>
      post(paid[k].session, `/api/bookings/${paid[k].bookingId}/cancel`, {}),
    );
    console.log(`  rimborsi chiesti allo stand-in PayPal: ${paypal.calls.refund - refundsBefore}`);
  } finally {
    await server.stop();
    await paypal.close();
  }
}
