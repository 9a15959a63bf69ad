import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { login, startServerProcess } from './availability.bench';
import { getStatus } from './http-client';
import { summary } from './stats';

/**
 * A doctor's public page, /medici/giulia-rossi, with 30 days of free slots ahead (the weekly schedule 08:00–19:00 on
 * weekdays and Saturday mornings, applied to the next 30 days: about 480 free slots, three visit types): p50/p99 over
 * HTTP, one request at a time on a kept-alive connection, as a browser asks for it and as a crawler does (Googlebot's
 * User-Agent, gzip); the size of the page. BENCH_PUBLIC_SAMPLES (default 300) requests each.
 */
const SAMPLES = Number(process.env.BENCH_PUBLIC_SAMPLES ?? 300);

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function publicPagesBench(dataDir: string): Promise<void> {
  const server = await startServerProcess(dataDir);
  try {
    const doctor = await login(server.base, 'medico1@example.it');
    const headers = { 'content-type': 'application/json', cookie: doctor.cookie, 'x-csrf-token': doctor.csrf };
    const send = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${server.base}${path}`, { method, headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    const day = [{ from: '08:00', to: '19:00' }];
    await send('PUT', `/api/doctors/${doctor.userId}/weekly-schedule`, { days: [day, day, day, day, day, [{ from: '08:00', to: '13:00' }], []] });
    const today = Date.now();
    await send('POST', `/api/doctors/${doctor.userId}/weekly-schedule/apply`, { from: isoDay(today), to: isoDay(today + 29 * 86_400_000) });
    for (const [name, minutes, priceCents] of [
      ['Prima visita', 60, 8000],
      ['Controllo', 30, 5000],
      ['Consulenza online', 30, 4000],
    ] as const)
      await send('POST', `/api/doctors/${doctor.userId}/visit-types`, { name, minutes, priceCents, mode: name.includes('online') ? 'online' : 'studio' });

    const url = `${server.base}/medici/giulia-rossi`;
    const page = await (await fetch(url)).text();
    const free = [...page.matchAll(/(\d+) orari? liber/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    console.log(
      `pagina pubblica del medico: ${(Buffer.byteLength(page) / 1024).toFixed(1)} KB di HTML (${(gzipSync(page).length / 1024).toFixed(1)} KB gzip), ${free} orari liberi nei giorni elencati`,
    );
    for (const [label, requestHeaders] of [
      ['browser', { accept: 'text/html' }],
      [
        'crawler (Googlebot, gzip)',
        { accept: 'text/html', 'accept-encoding': 'gzip', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      ],
    ] as const) {
      for (let i = 0; i < 20; i++) await getStatus(url, requestHeaders);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        const status = await getStatus(url, requestHeaders);
        times.push(performance.now() - started);
        if (status !== 200) throw new Error(`GET /medici/giulia-rossi: ${status}`);
      }
      console.log(`GET /medici/giulia-rossi, 30 giorni di orari liberi, ${label}: ${summary(times)}`);
    }
  } finally {
    await server.stop();
  }
}
