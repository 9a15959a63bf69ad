import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { codiceFiscaleCheckChar, slotId } from '@studio/contracts';
import { DEMO_PASSWORD } from '../backend/src/app/seed/demo-seed';
import { login, startServerProcess } from './availability.bench';
import { postJson } from './http-client';
import { record } from './report';
import { summary } from './stats';

export interface Session {
  cookie: string;
  csrf: string;
}

export const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

/** a valid, distinct codice fiscale per patient: the surname letters count in base 26 */
function taxCode(i: number): string {
  const letters = [2, 1, 0].map((p) => String.fromCharCode(65 + (Math.floor(i / 26 ** p) % 26))).join('');
  const first15 = `${letters}MRA85T10A562`;
  return first15 + codiceFiscaleCheckChar(first15);
}

/** POST /api/auth/register logs the new patient in: its answer carries the new session cookie */
export async function registerPatient(base: string, i: number, run: string): Promise<Session> {
  const s = await fetch(`${base}/api/auth/session`);
  const cookie = (s.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrfToken } = (await s.json()) as { csrfToken: string };
  const r = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({
      name: 'Paziente',
      surname: `Bench ${i}`,
      email: `bench-${run}-${i}@example.it`,
      password: DEMO_PASSWORD,
      phone: '333 1234567',
      taxcode: taxCode(i),
      consent: true,
    }),
  });
  if (r.status !== 201) throw new Error(`registrazione: HTTP ${r.status} ${await r.text()}`);
  const body = (await r.json()) as { csrfToken: string };
  return { cookie: (r.headers.get('set-cookie') ?? cookie).split(';')[0], csrf: body.csrfToken };
}

/**
 * Holds (POST /prenotazioni): throughput on distinct slots, then a same-slot race. The server
 * runs in its own process on the embedded default (SQLite).
 */
export async function holdsBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const server = await startServerProcess(dataDir);
  try {
    const base = server.base;
    const doctor = await login(base, 'medico1@example.it');
    const medico1 = doctor.userId;
    const count = Number(process.env.BENCH_HOLD_PATIENTS ?? 200);
    const concurrency = 8;

    const run = Date.now().toString(36);
    const t0 = performance.now();
    const patients: Session[] = [];
    for (let i = 0; i < count; i += concurrency) {
      patients.push(...(await Promise.all(Array.from({ length: Math.min(concurrency, count - i) }, (_, k) => registerPatient(base, i + k, run)))));
    }
    console.log(`registrazione di ${count} pazienti (POST /api/auth/register): ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // one slot per patient plus one for the race, opened by the doctor on days far from the demo data, 08:00–19:00
    const day0 = Date.UTC(2032, 2, 1, 8);
    const slotStart = (k: number) => day0 + Math.floor(k / 22) * 86_400_000 + (k % 22) * 30 * 60_000;
    for (let k = 0; k <= count; k++) {
      const res = await fetch(`${base}/disponibilita/toggle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: doctor.cookie, 'x-csrf-token': doctor.csrf },
        body: JSON.stringify({ for: medico1, start: iso(slotStart(k)), end: iso(slotStart(k) + 30 * 60_000) }),
      });
      if (res.status !== 200) throw new Error(`apertura slot: HTTP ${res.status}`);
      await res.arrayBuffer();
    }
    const hold = (p: Session, k: number) =>
      postJson(
        `${base}/prenotazioni`,
        { cookie: p.cookie, 'x-csrf-token': p.csrf },
        { doctor_id: medico1, availability_id: slotId(medico1, iso(slotStart(k))) },
      );

    const latencies: number[] = [];
    const other: number[] = [];
    let next = 0;
    const t1 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let k = next++; k < count; k = next++) {
          const sent = performance.now();
          const status = await hold(patients[k], k);
          latencies.push(performance.now() - sent);
          if (status !== 201) other.push(status);
        }
      }),
    );
    const seconds = (performance.now() - t1) / 1000;
    record('holds', latencies.length / seconds);
    console.log(
      `hold via HTTP su slot distinti, ${concurrency} client concorrenti: ${(latencies.length / seconds).toFixed(0)} hold/s ` +
        `(${latencies.length - other.length} riusciti, altri esiti: ${other.length ? other.join(',') : 'nessuno'}; ${summary(latencies)})`,
    );

    // 2. race: every patient at once on one slot; exactly one must win
    const race = await Promise.all(patients.map((p) => hold(p, count).catch(() => -1)));
    const tally = (s: number) => race.filter((x) => x === s).length;
    const others = race.filter((x) => x !== 201 && x !== 409);
    console.log(
      `gara su uno slot, ${count} richieste concorrenti: ${tally(201)} × 201, ${tally(409)} × 409, altri ${others.length}${others.length ? ` (${others.join(',')})` : ''}`,
    );
    if (tally(201) !== 1) console.log('  ATTENZIONE: la gara deve avere esattamente un vincitore');
  } finally {
    await server.stop();
  }
}
