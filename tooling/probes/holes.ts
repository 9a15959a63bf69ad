/**
 * The holes an outside probe once found, kept as cases that run against the built app: each case
 * repeats the attack and says whether the rule held. `npm run probes -- --solo buchi` prints them;
 * backend/e2e/probe-holes.e2e.spec.ts runs them in CI and fails on any that did not hold.
 *
 * A case file beside this one, named holes-<area>.ts, exports `cases: HoleCase[]`; it is found by its name.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIFTED_LIMITS, startApp, type RunningApp } from './app';

export interface HoleOutcome {
  /** true when the app kept the rule */
  held: boolean;
  /** what was seen, in a line (statuses, counts) */
  detail: string;
}

export interface HoleCase {
  /** what the attack was, as the probe found it */
  name: string;
  /**
   * 'default' runs on an app with the production rate limits (throttle cases); 'lifted' on one with the
   * limits lifted, as the matrix runs, so that a case's own sign-ins are not refused
   */
  limits: 'default' | 'lifted';
  run(app: { base: string; dataDir: string }): Promise<HoleOutcome>;
}

/** every case file's cases, files in name order */
export async function allHoleCases(): Promise<HoleCase[]> {
  const files = readdirSync(__dirname)
    .filter((f) => /^holes-[a-z-]+\.ts$/.test(f))
    .sort();
  const modules = await Promise.all(files.map((f) => import(join(__dirname, f)) as Promise<{ cases: HoleCase[] }>));
  return modules.flatMap((m) => m.cases);
}

export interface HoleResult extends HoleOutcome {
  name: string;
}

/** runs the cases on one or two fresh apps of the checkout at `root` (built), each on its own data folder */
export async function runHoleCases(root: string, cases?: HoleCase[]): Promise<HoleResult[]> {
  const all = cases ?? (await allHoleCases());
  const results: HoleResult[] = [];
  const work = mkdtempSync(join(tmpdir(), 'buchi-'));
  try {
    for (const limits of ['lifted', 'default'] as const) {
      const mine = all.filter((c) => c.limits === limits);
      if (!mine.length) continue;
      const dataDir = join(work, limits);
      const app: RunningApp = await startApp(root, dataDir, { env: limits === 'lifted' ? LIFTED_LIMITS : {} });
      try {
        for (const c of mine) {
          try {
            results.push({ name: c.name, ...(await c.run({ base: app.base, dataDir })) });
          } catch (error) {
            results.push({ name: c.name, held: false, detail: `la sonda si è fermata: ${(error as Error).message}` });
          }
        }
      } finally {
        await app.stop();
      }
    }
  } finally {
    if (!process.env.PROBE_KEEP) rmSync(work, { recursive: true, force: true });
  }
  return results;
}
