import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { login, startServerProcess } from './availability.bench';
import { registerPatient } from './holds.bench';
import { summary } from './stats';

/**
 * The clinical record: a patient with 50 visits (a measurement and a signed note each, sealed with the patient's key),
 * read whole by the treating doctor (GET /record: 100 entries opened, one access-log append), and the energy need
 * (GET /energy: the record and the series opened, the latest measurement, the equation). One request at a time.
 */
export async function clinicalRecordBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const server = await startServerProcess(dataDir);
  try {
    const base = server.base;
    const doctor = await login(base, 'medico1@example.it');
    const registered = await registerPatient(base, 0, `cartella-${Date.now()}`);
    const session = (await (await fetch(`${base}/api/auth/session`, { headers: { cookie: registered.cookie } })).json()) as { user: { id: string } };
    const patient = { ...registered, userId: session.user.id };
    const json = (s: { cookie: string; csrf: string }) => ({ 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrf });
    const send = async (s: { cookie: string; csrf: string }, method: string, path: string, body: unknown, expected: number) => {
      const r = await fetch(`${base}${path}`, { method, headers: json(s), body: JSON.stringify(body) });
      if (r.status !== expected) throw new Error(`${method} ${path}: HTTP ${r.status} ${await r.text()}`);
      return r.json() as Promise<unknown>;
    };
    // the patient shares the record with the doctor (no booking needed for the figures)
    await send(patient, 'POST', '/api/me/care-shares', { doctorId: doctor.userId }, 200);
    const p = `/api/patients/${patient.userId}`;
    await send(doctor, 'PUT', `${p}/record`, { sex: 'F', birthDate: '1980-05-10', allergies: ['arachidi'], consents: { healthData: true } }, 200);
    const visits = 50;
    const day0 = Date.UTC(2024, 0, 8);
    for (let v = 0; v < visits; v++) {
      const date = new Date(day0 + v * 14 * 86_400_000).toISOString().slice(0, 10);
      await send(doctor, 'POST', `${p}/measurements`, { date, weightKg: 80 - v * 0.2, heightCm: 165, waistCm: 90 - v * 0.1, hipCm: 104 }, 201);
      await send(doctor, 'POST', `${p}/notes`, { visitDate: date, text: `Controllo ${v + 1}: aderenza buona, nessun sintomo.` }, 201);
    }
    const get = async (path: string) => {
      const r = await fetch(`${base}${path}`, { headers: json(doctor) });
      if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
    };
    const rounds = Number(process.env.BENCH_CLINICAL_ROUNDS ?? 300);
    for (let i = 0; i < 20; i++) await get(`${p}/record`); // warm-up
    const record: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await get(`${p}/record`);
      record.push(performance.now() - t0);
    }
    console.log(`Cartella clinica, lettura intera con ${visits} visite (misurazioni e note cifrate, registro degli accessi): ${summary(record)}`);
    const energy: number[] = [];
    const equations = ['mifflin', 'harris-benedict', 'larn'];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await get(`${p}/energy?equation=${equations[i % 3]}&pal=1.6`);
      energy.push(performance.now() - t0);
    }
    console.log(`Cartella clinica, fabbisogno energetico (${visits} misurazioni, tre equazioni a turno): ${summary(energy)}`);
  } finally {
    await server.stop();
  }
}
