import { performance } from 'node:perf_hooks';
import { startTopology } from '../backend/e2e/topology';
import { BENCH_RATE_LIMITS, login, measurePush } from './availability.bench';
import { iso } from './holds.bench';
import { postJson } from './http-client';
import { record } from './report';
import { percentile, summary } from './stats';

/**
 * The scale-out topology on this machine (worker + two backends, one SQLite event file,
 * PostgreSQL, Redis): toggles per second across both instances, and push latency from a toggle
 * on A to 200 watchers on B.
 */
export async function scaleOutBench(): Promise<void> {
  // 200 watchers and 8 clients from 127.0.0.1: the limits per address are lifted, as for the bench's other servers
  const t = await startTopology({ env: BENCH_RATE_LIMITS });
  try {
    const clients = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(i % 2 ? t.b.base : t.a.base, 'medico1@example.it').then((c) => ({ ...c, base: i % 2 ? t.b.base : t.a.base }))),
    );
    const doctorId = clients[0].userId;
    const toggle = (c: { cookie: string; csrf: string; base: string }, start: number) =>
      postJson(
        `${c.base}/disponibilita/toggle`,
        { cookie: c.cookie, 'x-csrf-token': c.csrf },
        { for: doctorId, start: iso(start), end: iso(start + 30 * 60_000) },
      );
    const perClient = Number(process.env.BENCH_TOGGLES_PER_CLIENT ?? 250);
    const day0 = Date.UTC(2031, 0, 6, 8);
    let ok = 0;
    const t0 = performance.now();
    await Promise.all(
      clients.map(async (c, i) => {
        for (let n = 0; n < perClient; n++) {
          if ((await toggle(c, day0 + i * 86_400_000 + (n % 22) * 30 * 60_000)) === 200) ok++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    record('crossToggles', ok / seconds);
    console.log(`scale-out: toggle via HTTP su due istanze (8 client, metà per istanza): ${(ok / seconds).toFixed(0)} toggle/s`);

    const a = clients[0];
    const push = await measurePush(t.b.base, t.a.base, doctorId, (start) => toggle(a, start));
    record(
      'crossPushP99',
      percentile(
        [...push.fromAnswer].sort((x, y) => x - y),
        99,
      ),
    );
    console.log(`scale-out: push da un toggle su A a 200 socket su B, dalla risposta HTTP: ${summary(push.fromAnswer)}`);
    console.log(`  (dall'invio della richiesta: ${summary(push.fromRequest)})`);
  } finally {
    await t.stop();
  }
}
