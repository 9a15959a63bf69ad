import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { MEALS, type FoodView } from '@studio/contracts';
import { login, startServerProcess } from './availability.bench';
import { summary } from './stats';

/**
 * The diet editor's summary recalculation over HTTP (POST calculate_url) for a diet of
 * 5 meals × 10 rows, one request at a time as the editor sends them; then one whole change as the
 * editor makes it: the current summary and the five meal summaries together.
 */
export async function dietBench(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const server = await startServerProcess(dataDir);
  try {
    const base = server.base;
    const doctor = await login(base, 'medico1@example.it');
    const headers = { 'content-type': 'application/json', cookie: doctor.cookie, 'x-csrf-token': doctor.csrf };
    const foods = (await (await fetch(`${base}/api/studio-foods`, { headers })).json()) as FoodView[];
    const meals = Object.fromEntries(
      MEALS.map((meal, m) => [
        meal,
        Array.from({ length: 10 }, (_, r) => ({ id: `r${m * 10 + r}`, item: foods[(m * 10 + r * 7) % foods.length].id, grams: 40 + r * 15, alternatives: [] })),
      ]),
    );
    const body = JSON.stringify({ meals, portions: { pranzo: [], cena: [] } });
    const post = async (path: string) => {
      const r = await fetch(`${base}${path}`, { method: 'POST', headers, body });
      if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
    };
    const rounds = Number(process.env.BENCH_DIET_ROUNDS ?? 500);
    for (let i = 0; i < 20; i++) await post('/api/diet-tools/calculate'); // warm-up

    const single: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await post('/api/diet-tools/calculate');
      single.push(performance.now() - t0);
    }
    console.log(`Dieta, ricalcolo del riepilogo (5 pasti × 10 righe, ${foods.length} alimenti in catalogo): ${summary(single)}`);

    const change: number[] = [];
    for (let i = 0; i < Math.floor(rounds / 5); i++) {
      const t0 = performance.now();
      await Promise.all([post('/api/diet-tools/calculate'), ...MEALS.map((meal) => post(`/api/diet-tools/calculate/${meal}`))]);
      change.push(performance.now() - t0);
    }
    console.log(`Dieta, una modifica nell'editor (riepilogo + 5 riepiloghi dei pasti in parallelo): ${summary(change)}`);
  } finally {
    await server.stop();
  }
}
