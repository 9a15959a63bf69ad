import { bookingStreamName, slotId, type EventMetadata } from '@studio/contracts';
import { performance } from 'node:perf_hooks';
import { startBenchApp, until } from './bench-app';
import { registerPatient } from './holds.bench';
import { summary } from './stats';

/**
 * Notifications, in one process (app + a real smtp-server on loopback, nodemailer over SMTP):
 * 1. N bookings confirmed at once: messages decided per second (the outbox's NotificationDecided events) and
 *    delivered per second (accepted by the SMTP server);
 * 2. the delay from a freed slot (the patient's DELETE /prenotazioni/:id answered) to the waiting-list offer
 *    accepted by the SMTP server (p50, p99).
 */
export async function notificationsBench(dataDir: string): Promise<void> {
  const { app, base, smtp, medico1, patient, close } = await startBenchApp(dataDir);
  try {
    // 1. a burst of confirmations
    const n = Number(process.env.BENCH_NOTIFY_BOOKINGS ?? 300);
    const meta: EventMetadata = { userId: 'system', role: 'system', at: new Date().toISOString(), correlationId: 'bench', causationId: 'bench' };
    const decidedBefore = (await app.core.eventStore.readAll({ streamPrefixes: ['notification-'] })).length;
    // counted before the first append: the outbox starts sending while the later bookings are still being appended
    const delivered = smtp.received.length + n * 2;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const id = `bench-notify-${i}`;
      const day = new Date(Date.UTC(2031, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      const start = `${day}T09:00:00Z`;
      await app.core.eventStore.append(
        bookingStreamName(id),
        [
          {
            type: 'BookingHeld',
            data: {
              bookingId: id,
              patientId: patient,
              doctorId: medico1,
              slotId: `${medico1}_${start}`,
              start,
              end: `${day}T09:30:00Z`,
              expiresAt: '2031-01-01T00:00:00.000Z',
            },
            metadata: meta,
          },
          { type: 'BookingConfirmed', data: { bookingId: id, orderId: `o-${id}` }, metadata: meta },
        ],
        { expectedRevision: 'no_stream' },
      );
    }
    const appended = performance.now();
    // two messages now per booking (patient, doctor) and a reminder for later
    const decidedTarget = decidedBefore + n * 3;
    let decidedAt = 0;
    await until(async () => {
      if (!decidedAt && (await app.core.eventStore.headPosition()) && (await app.core.readModels.find('notifications', { kind: 'reminder' })).length >= n)
        decidedAt = performance.now();
      return smtp.received.length >= delivered;
    });
    await until(async () => (await app.core.readModels.find('notifications', { kind: 'reminder' })).length >= n);
    decidedAt ||= performance.now();
    const deliveredAt = smtp.arrivals[delivered - 1];
    void decidedTarget;
    console.log(
      `Notifiche: ${n} conferme (in ${((appended - t0) / 1000).toFixed(2)} s) → ${n * 3} messaggi decisi, ${((n * 3) / ((decidedAt - t0) / 1000)).toFixed(0)}/s; ` +
        `${n * 2} consegnati al server SMTP locale in ${((deliveredAt - t0) / 1000).toFixed(2)} s, ${((n * 2) / ((deliveredAt - t0) / 1000)).toFixed(0)}/s`,
    );

    // 2. freed slot → waiting-list offer at the SMTP server
    const k = Number(process.env.BENCH_WAITING_OFFERS ?? 30);
    const run = Date.now().toString(36);
    const waiters = [];
    for (let i = 0; i < k; i++) waiters.push(await registerPatient(base, 10_000 + i, `${run}w`));
    const holders = [];
    for (let i = 0; i < k; i++) holders.push(await registerPatient(base, 20_000 + i, `${run}h`));
    // a weekday two days ahead, in medico1's demo hours (09:00–13:00): 8 slots a day, k spread over the days after
    const days: string[] = [];
    for (let d = 2; days.length < Math.ceil(k / 8); d++) {
      const date = new Date(Date.now() + d * 86_400_000);
      if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) days.push(date.toISOString().slice(0, 10));
    }
    for (const w of waiters) {
      const r = await fetch(`${base}/api/waiting-list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: w.cookie, 'x-csrf-token': w.csrf },
        body: JSON.stringify({ doctor_id: medico1, from: days[0], to: days[days.length - 1] }),
      });
      if (r.status !== 201) throw new Error(`lista d'attesa: HTTP ${r.status} ${await r.text()}`);
    }
    const delays: number[] = [];
    for (let i = 0; i < k; i++) {
      const day = days[Math.floor(i / 8)];
      const start = `${day}T${String(9 + Math.floor((i % 8) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00Z`;
      const h = holders[i];
      const held = await fetch(`${base}/prenotazioni`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: h.cookie, 'x-csrf-token': h.csrf },
        body: JSON.stringify({ doctor_id: medico1, availability_id: slotId(medico1, start) }),
      });
      if (held.status !== 201) throw new Error(`riserva: HTTP ${held.status} ${await held.text()}`);
      const { id } = (await held.json()) as { id: string };
      const before = smtp.received.length;
      const released = await fetch(`${base}/prenotazioni/${id}`, { method: 'DELETE', headers: { cookie: h.cookie, 'x-csrf-token': h.csrf } });
      if (released.status !== 200) throw new Error(`rilascio: HTTP ${released.status}`);
      const freedAt = performance.now();
      await until(() => smtp.received.slice(before).some((m) => m.subject?.startsWith('Si è liberato')), 30_000);
      const index = smtp.received.findIndex((m, j) => j >= before && m.subject?.startsWith('Si è liberato'));
      delays.push(smtp.arrivals[index] - freedAt);
    }
    console.log(`Lista d'attesa: dal rilascio di un orario (risposta HTTP) all'offerta accettata dal server SMTP: ${summary(delays)}`);
  } finally {
    await close();
  }
}
