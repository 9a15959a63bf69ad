/**
 * (c) kill -9 under a mixed write load, three times: slot toggles by the doctor on slots of their own
 * and patients racing to hold the same free slots. After each restart every acknowledged write must be
 * there (the opened slot in the calendar, the held booking readable by its patient) and no slot may have
 * two acknowledged holds. (d) a backup taken under load, restored into a new folder and started.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { appEnv, type Client, eventCount, newPatient, signedIn, startApp, type RunningApp } from './app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DAY0 = Date.UTC(2031, 2, 3, 8); // a Monday far from the demo data, 08:00 UTC

interface Load {
  toggles: { id: string; start: string }[];
  holds: { client: Client; id: string; slot: string }[];
  refused: number;
  stop(): Promise<void>;
}

/** toggles on fresh slots (each once) and holds raced by `patients` on `slots` until stopped */
function mixedLoad(base: string, doctor: Client, patients: Client[], slots: string[], doctorId: string, firstSlot: number): Load {
  const load: Load = { toggles: [], holds: [], refused: 0, stop: async () => undefined };
  let running = true;
  let n = firstSlot;
  const togglers = Array.from({ length: 2 }, async () => {
    while (running) {
      const i = n++;
      const start = new Date(DAY0 + Math.floor(i / 20) * 86_400_000 + (i % 20) * 30 * 60_000).toISOString();
      const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
      try {
        const a = await doctor.request('POST', '/disponibilita/toggle', { for: doctorId, start, end });
        if (a.status === 200 && a.json<{ status?: string }>().status === 'available') load.toggles.push({ id: a.json<{ id: string }>().id, start });
        else load.refused++;
      } catch {
        return; // the app is gone
      }
    }
  });
  const holders = patients.map(async (p, k) => {
    for (let s = 0; running && s < slots.length; s++) {
      const slot = slots[(s + k) % slots.length];
      try {
        const a = await p.request('POST', '/prenotazioni', { doctor_id: doctorId, availability_id: slot });
        if (a.status === 201) load.holds.push({ client: p, id: a.json<{ id: string }>().id, slot });
        else load.refused++;
      } catch {
        return;
      }
    }
  });
  load.stop = async () => {
    running = false;
    await Promise.all([...togglers, ...holders]);
  };
  return load;
}

/** the starts (ms) of the doctor's open slots from DAY0 on, `days` days, read 28 days at a time */
async function openStarts(c: Client, doctorId: string, firstDay: number, days: number): Promise<Set<number>> {
  const open = new Set<number>();
  for (let d = firstDay; d < firstDay + days; d += 28) {
    const from = new Date(DAY0 - 8 * 3_600_000 + d * 86_400_000).toISOString();
    const to = new Date(DAY0 - 8 * 3_600_000 + (d + 28) * 86_400_000).toISOString();
    const range = await c.request('GET', `/disponibilita/json?for=${doctorId}&start=${from}&end=${to}`);
    if (range.status !== 200) throw new Error(`calendario: HTTP ${range.status} ${range.text.slice(0, 200)}`);
    for (const e of range.json<{ start: string }[]>()) open.add(Date.parse(e.start));
  }
  return open;
}

async function freeSlots(c: Client, doctorId: string): Promise<string[]> {
  const out: string[] = [];
  for (let d = 1; d <= 14; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const a = await c.request('GET', `/disponibilita/query?for=${doctorId}&date=${date}`);
    if (a.status === 200) out.push(...a.json<{ id: string }[]>().map((s) => s.id));
  }
  return out;
}

export interface CrashResult {
  rounds: number;
  acknowledgedToggles: number;
  acknowledgedHolds: number;
  lost: string[];
  doubleBookings: number;
  restartMs: number[];
}

export async function crashProbe(root: string, dataDir: string): Promise<CrashResult> {
  let app: RunningApp = await startApp(root, dataDir, { env: (await import('./app')).LIFTED_LIMITS });
  const port = app.port;
  const result: CrashResult = { rounds: 0, acknowledgedToggles: 0, acknowledgedHolds: 0, lost: [], doubleBookings: 0, restartMs: [] };
  const patients = await Promise.all(Array.from({ length: 6 }, (_, i) => newPatient(app.base, 100 + i)));
  const doctor = await signedIn(app.base, 'medico1@example.it');
  const doctorId = doctor.userId;
  const allToggles: { id: string; start: string }[] = [];
  const allHolds: { client: Client; id: string; slot: string }[] = [];
  try {
    for (let round = 0; round < 3; round++) {
      const slots = (await freeSlots(doctor, doctorId)).slice(0, 6);
      const load = mixedLoad(app.base, doctor, patients, slots, doctorId, round * 500);
      await sleep(800 + Math.floor(Math.random() * 1500));
      await app.kill9();
      await load.stop();
      allToggles.push(...load.toggles);
      allHolds.push(...load.holds);
      const t0 = Date.now();
      app = await startApp(root, dataDir, { port, env: (await import('./app')).LIFTED_LIMITS });
      result.restartMs.push(Date.now() - t0);
      result.rounds++;
      // every acknowledged toggle opened a slot that is still open
      const open = await openStarts(doctor, doctorId, 0, 84);
      for (const t of allToggles) if (!open.has(Date.parse(t.start))) result.lost.push(`apertura ${t.start} (giro ${round + 1})`);
      // every acknowledged hold is readable by its patient; a slot has at most one live booking
      const live = new Map<string, number>();
      for (const h of allHolds) {
        const v = await h.client.request('GET', `/prenotazioni/${h.id}`);
        if (v.status !== 200) result.lost.push(`prenotazione ${h.id}: HTTP ${v.status} (giro ${round + 1})`);
        const view = v.json<{ status?: string; start?: string }>();
        // a later hold of the same patient replaces the earlier one (status 'replaced'): that is no double booking
        if (view.status && ['held', 'confirmed', 'completed'].includes(view.status)) live.set(h.slot, (live.get(h.slot) ?? 0) + 1);
      }
      result.doubleBookings = Math.max(result.doubleBookings, [...live.values()].filter((n) => n > 1).length);
    }
    result.acknowledgedToggles = allToggles.length;
    result.acknowledgedHolds = allHolds.length;
    result.lost = [...new Set(result.lost)];
  } finally {
    await app.stop();
  }
  return result;
}

function run(root: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'backend/dist/app/backup/cli.js'), ...args], { env, cwd: root });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

export interface BackupResult {
  backupCode: number;
  restoreCode: number;
  togglesBefore: number;
  togglesDuring: number;
  missingAfterRestore: number;
  eventsInBackup: number;
  eventsRestored: number;
  chain: string;
  encrypted: string;
  output: string;
}

export async function backupProbe(root: string, work: string): Promise<BackupResult> {
  const { LIFTED_LIMITS } = await import('./app');
  const live = join(work, 'backup-live');
  const app = await startApp(root, live, { env: LIFTED_LIMITS });
  const result: BackupResult = {
    backupCode: -1,
    restoreCode: -1,
    togglesBefore: 0,
    togglesDuring: 0,
    missingAfterRestore: 0,
    eventsInBackup: NaN,
    eventsRestored: NaN,
    chain: 'n/a',
    encrypted: 'n/a',
    output: '',
  };
  const doctor = await signedIn(app.base, 'medico1@example.it');
  const patients = await Promise.all(Array.from({ length: 3 }, (_, i) => newPatient(app.base, 200 + i)));
  const load = mixedLoad(app.base, doctor, patients, (await freeSlots(doctor, doctor.userId)).slice(0, 6), doctor.userId, 2000);
  await sleep(1000);
  const before = [...load.toggles];
  const archives = join(work, 'archivi');
  mkdirSync(archives, { recursive: true });
  const env = appEnv(root, live, app.port, LIFTED_LIMITS);
  const backup = await run(root, ['backup', archives], env);
  await load.stop();
  await app.stop();
  result.backupCode = backup.code;
  result.togglesBefore = before.length;
  result.togglesDuring = load.toggles.length - before.length;
  result.output = backup.out.trim();
  const file = /Backup completato: (\S+)/.exec(backup.out)?.[1];
  result.eventsInBackup = Number(/(\d+) eventi/.exec(backup.out)?.[1] ?? NaN);
  if (!file) return result;
  result.encrypted = file.endsWith('.enc') ? 'sì' : 'no';
  const restored = join(work, 'backup-restored');
  const ledger = `${live}-cancellazioni.jsonl`;
  const restoreEnv = appEnv(root, restored, app.port, LIFTED_LIMITS);
  const restore = await run(root, ['restore', file, ...(existsSync(ledger) ? ['--registro-cancellazioni', ledger] : [])], restoreEnv);
  result.restoreCode = restore.code;
  result.output += '\n' + restore.out.trim();
  result.eventsRestored = eventCount(restored);
  const chain = /Catena di hash verificata[^\n]*/.exec(restore.out)?.[0] ?? /ATTENZIONE[^\n]*/.exec(restore.out)?.[0];
  result.chain = chain ?? 'n/a';
  if (restore.code !== 0) return result;
  const copy = await startApp(root, restored, { env: LIFTED_LIMITS });
  try {
    const d = await signedIn(copy.base, 'medico1@example.it');
    const open = await openStarts(d, d.userId, 98, 56);
    result.missingAfterRestore = before.filter((t) => !open.has(Date.parse(t.start))).length;
  } finally {
    await copy.stop();
  }
  return result;
}
