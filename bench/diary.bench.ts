import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { DIARY_MEALS } from '@studio/contracts';
import { login, startServerProcess } from './availability.bench';
import { registerPatient } from './holds.bench';
import { summary } from './stats';

const DAYS = 90;

/** a phone's photo: 4032×3024 JPEG with texture (a flat colour would compress to nothing) and GPS EXIF */
async function phonePhoto(seed: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const texture = await sharp({ create: { width: 504, height: 378, channels: 3, noise: { type: 'gaussian', mean: 110 + (seed % 40), sigma: 40 } } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  return sharp(texture, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Telefono' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 53/1 0/1' } })
    .toBuffer();
}

/**
 * The food diary: a patient logs 90 days of meals (five a day, a photo of every lunch and dinner: 180 phone photos
 * put through the pipeline, resized to 1600 px JPEG without EXIF, sealed and appended), then the treating doctor reads
 * the whole 90 days (450 entries opened, the access-log append) and the photos of a week. One request at a time.
 */
export async function diaryBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const server = await startServerProcess(dataDir);
  try {
    const base = server.base;
    const doctor = await login(base, 'medico1@example.it');
    const registered = await registerPatient(base, 0, `diario-${Date.now()}`);
    const session = (await (await fetch(`${base}/api/auth/session`, { headers: { cookie: registered.cookie } })).json()) as { user: { id: string } };
    const patient = { ...registered, userId: session.user.id };
    const headers = (s: { cookie: string; csrf: string }, type = 'application/json') => ({ 'content-type': type, cookie: s.cookie, 'x-csrf-token': s.csrf });
    const send = async (s: { cookie: string; csrf: string }, method: string, path: string, body: unknown, expected: number) => {
      const r = await fetch(`${base}${path}`, { method, headers: headers(s), body: JSON.stringify(body) });
      if (r.status !== expected) throw new Error(`${method} ${path}: HTTP ${r.status} ${await r.text()}`);
      return r.json() as Promise<{ id: string }>;
    };
    await send(patient, 'POST', '/api/me/care-shares', { doctorId: doctor.userId }, 200);

    const photos = await Promise.all([0, 1, 2, 3].map(phonePhoto));
    console.log(`Diario, foto di prova: 4032×3024 JPEG con EXIF GPS, ${(photos[0].length / 1024 / 1024).toFixed(1)} MB`);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const pipeline: number[] = [];
    for (let d = DAYS; d >= 1; d--) {
      const date = new Date(today - d * 86_400_000).toISOString().slice(0, 10);
      for (const meal of DIARY_MEALS) {
        const { id } = await send(patient, 'POST', '/api/me/diary', { date, meal, text: `${meal}: pasta, verdure e frutta`, hunger: 3, satiety: 4 }, 201);
        if (meal !== 'pranzo' && meal !== 'cena') continue;
        const photo = photos[pipeline.length % photos.length];
        const t0 = performance.now();
        const r = await fetch(`${base}/api/me/diary/${id}/photo`, { method: 'PUT', headers: headers(patient, 'image/jpeg'), body: new Uint8Array(photo) });
        if (r.status !== 201) throw new Error(`foto: HTTP ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
        pipeline.push(performance.now() - t0);
      }
    }
    console.log(`Diario, foto (PUT: tipo dal contenuto, 1600 px JPEG senza EXIF, cifrata, appesa): ${summary(pipeline)}`);

    const from = new Date(today - DAYS * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(today - 86_400_000).toISOString().slice(0, 10);
    const path = `/api/patients/${patient.userId}/diary?from=${from}&to=${to}`;
    const read = async () => {
      const r = await fetch(`${base}${path}`, { headers: headers(doctor) });
      if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
      return (await r.json()) as { entries: { photoUrl: string | null }[] };
    };
    const first = await read();
    if (first.entries.length !== DAYS * DIARY_MEALS.length) throw new Error(`attesi ${DAYS * 5} pasti, letti ${first.entries.length}`);
    for (let i = 0; i < 10; i++) await read(); // warm-up
    const rounds = Number(process.env.BENCH_DIARY_ROUNDS ?? 100);
    const reads: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await read();
      reads.push(performance.now() - t0);
    }
    console.log(`Diario, lettura del medico di ${DAYS} giorni (${first.entries.length} pasti cifrati, registro degli accessi): ${summary(reads)}`);

    const urls = first.entries.flatMap((e) => (e.photoUrl ? [e.photoUrl] : [])).slice(-14);
    const photoReads: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      const r = await fetch(`${base}${urls[i % urls.length]}`, { headers: headers(doctor) });
      if (r.status !== 200) throw new Error(`foto: HTTP ${r.status}`);
      await r.arrayBuffer();
      photoReads.push(performance.now() - t0);
    }
    console.log(`Diario, una foto letta dal medico (decifrata dal suo evento, registro degli accessi): ${summary(photoReads)}`);
  } finally {
    await server.stop();
  }
}
