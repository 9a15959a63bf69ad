import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { slotId } from '@studio/contracts';
import { login, startServerProcess } from './availability.bench';
import { iso, registerPatient, type Session } from './holds.bench';
import { postJson } from './http-client';
import { summary } from './stats';

const DAY = 86_400_000;
const HALF_HOUR = 30 * 60_000;

/**
 * Visits of a visit type, on the embedded default: toggles/s with 8 clients on one doctor-day, each toggle stating the
 * status it saw (0 false conflicts expected: different slots never refuse each other), then 60-minute holds/s
 * (two slots in one append each) with 8 clients on distinct visits. BENCH_ONLY=visits.
 */
export async function visitsBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const server = await startServerProcess(dataDir);
  try {
    const base = server.base;
    const clients = 8;
    const doctors = await Promise.all(Array.from({ length: clients }, () => login(base, 'medico1@example.it')));
    const medico1 = doctors[0].userId;

    // 1. toggles: client i owns slots i, i+8, i+16 of one day (08:00–19:00); each says what it saw
    const day = Date.UTC(2032, 2, 1, 8);
    const perClient = Number(process.env.BENCH_VISIT_TOGGLES ?? 150);
    let conflicts = 0;
    let other = 0;
    const latencies: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      doctors.map(async (doctor, i) => {
        const mine = [i, i + 8, i + 16].filter((k) => k < 22);
        const seen = new Map(mine.map((k) => [k, 'unavailable' as 'available' | 'unavailable']));
        for (let n = 0; n < perClient; n++) {
          const k = mine[n % mine.length];
          const start = day + k * HALF_HOUR;
          const sent = performance.now();
          const status = await postJson(
            `${base}/disponibilita/toggle`,
            { cookie: doctor.cookie, 'x-csrf-token': doctor.csrf },
            { for: medico1, start: iso(start), end: iso(start + HALF_HOUR), seen: seen.get(k) },
          );
          latencies.push(performance.now() - sent);
          if (status === 200) seen.set(k, seen.get(k) === 'available' ? 'unavailable' : 'available');
          else if (status === 409) conflicts++;
          else other++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `visite: toggle via HTTP, ${clients} client sullo stesso giorno di un medico: ${(latencies.length / seconds).toFixed(0)} toggle/s ` +
        `(${latencies.length - conflicts - other} riusciti, ${conflicts} conflitti 409 falsi, altri esiti ${other}; ${summary(latencies)})`,
    );

    // 2. 60-minute holds: a visit type, whole days opened a week ahead, one visit per patient
    const doctor = doctors[0];
    const created = await fetch(`${base}/api/doctors/${medico1}/visit-types`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: doctor.cookie, 'x-csrf-token': doctor.csrf },
      body: JSON.stringify({ name: 'Prima visita', minutes: 60, priceCents: 9000, mode: 'studio', noticeMinutes: 0, horizonDays: 365 }),
    });
    if (created.status !== 201) throw new Error(`tipo di visita: HTTP ${created.status} ${await created.text()}`);
    const visitType = ((await created.json()) as { id: string }).id;
    const count = Number(process.env.BENCH_VISIT_HOLDS ?? 200);
    const perDay = 11; // 08:00–19:00: eleven 60-minute visits
    const firstDay = new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10);
    const dayOf = (d: number) => new Date(Date.parse(`${firstDay}T00:00:00Z`) + d * DAY).toISOString().slice(0, 10);
    for (let d = 0; d * perDay < count; d++) {
      const res = await fetch(`${base}/api/doctors/${medico1}/availability/day`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: doctor.cookie, 'x-csrf-token': doctor.csrf },
        body: JSON.stringify({ date: dayOf(d), action: 'open' }),
      });
      if (res.status !== 200) throw new Error(`apertura giornata: HTTP ${res.status}`);
      await res.arrayBuffer();
    }
    const run = Date.now().toString(36);
    const patients: Session[] = [];
    for (let i = 0; i < count; i += clients) {
      patients.push(...(await Promise.all(Array.from({ length: Math.min(clients, count - i) }, (_, k) => registerPatient(base, 5000 + i + k, run)))));
    }
    const visitStart = (k: number) => `${dayOf(Math.floor(k / perDay))}T${String(8 + (k % perDay)).padStart(2, '0')}:00:00Z`;
    const holdLatencies: number[] = [];
    const refused: number[] = [];
    let next = 0;
    const t1 = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let k = next++; k < count; k = next++) {
          const sent = performance.now();
          const status = await postJson(
            `${base}/prenotazioni`,
            { cookie: patients[k].cookie, 'x-csrf-token': patients[k].csrf },
            { doctor_id: medico1, availability_id: slotId(medico1, visitStart(k)), visit_type: visitType },
          );
          holdLatencies.push(performance.now() - sent);
          if (status !== 201) refused.push(status);
        }
      }),
    );
    const holdSeconds = (performance.now() - t1) / 1000;
    console.log(
      `visite: riserve di visite da 60 minuti (due slot in un append) via HTTP, ${clients} client: ${(holdLatencies.length / holdSeconds).toFixed(0)} riserve/s ` +
        `(${holdLatencies.length - refused.length} riuscite, altri esiti: ${refused.length ? refused.join(',') : 'nessuno'}; ${summary(holdLatencies)})`,
    );
  } finally {
    await server.stop();
  }
}
