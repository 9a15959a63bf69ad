import { performance } from 'node:perf_hooks';
import { NUTRIENT_TAGS, planAverageTotals, dayTotals, type NutrientItem, type NutrientProfile } from '@studio/contracts';
import { summary } from './stats';

/**
 * The nutrient totals of a week's plan, pure computation (no server): 7 days × 5 meals × 6 foods, every food with
 * every nutrient of the catalogue (a few values missing, in traces or "< x", as the tables give them). One
 * computation is what the editor does on a change: the seven days' totals and the average day.
 * Goal: p99 ≤ 20 ms.
 */
export function nutrientTotalsBench(runs = Number(process.env.BENCH_NUTRIENT_RUNS ?? 500)): void {
  // 60 distinct foods, values made up but shaped like the tables' (missing 5 %, traces 5 %, "< x" 5 %)
  const foods: NutrientItem[] = Array.from({ length: 60 }, (_, f) => {
    const nutrients: NutrientProfile = {};
    NUTRIENT_TAGS.forEach((tag, i) => {
      const k = (f * 31 + i * 7) % 20;
      nutrients[tag] =
        k === 0
          ? { value: null, flag: 'missing' }
          : k === 1
            ? { value: 0, flag: 'traces' }
            : k === 2
              ? { value: 0.5, flag: 'lt' }
              : { value: ((f + 1) * (i + 3)) % 97 };
    });
    return { nutrients, grams: 20 + ((f * 13) % 180), per: f % 10 === 0 ? '100ml' : '100g', density: f % 20 === 0 ? 1.03 : null };
  });
  const plan = Array.from({ length: 7 }, (_, d) =>
    Array.from({ length: 5 }, (_, m) => Array.from({ length: 6 }, (_, i) => foods[(d * 30 + m * 6 + i) % foods.length])),
  );

  // the results are summed so that no run is optimised away
  let sink = 0;
  for (let i = 0; i < 50; i++) sink += planAverageTotals(plan).ENERC_KCAL.value; // warm-up
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    for (const day of plan) sink += dayTotals(day).ENERC_KCAL.value;
    sink += planAverageTotals(plan).ENERC_KCAL.value;
    times.push(performance.now() - t0);
  }
  console.log(
    `Totali dei nutrienti di un piano (7 giorni × 5 pasti × 6 alimenti, ${NUTRIENT_TAGS.length} nutrienti; i 7 giorni e la media): ${summary(times)} (obiettivo p99 ≤ 20 ms; somma di controllo ${Math.round(sink)})`,
  );
}
