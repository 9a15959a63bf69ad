import { join } from 'node:path';
import { allHoleCases, runHoleCases, type HoleResult } from '../../tooling/probes/holes';

/**
 * The outside probe's holes, run against the built app (backend/dist/main.js) as the probe runs them:
 * every case must hold.
 */
describe('holes found by an outside probe stay closed (built app, child process)', () => {
  let results: HoleResult[] = [];
  beforeAll(async () => {
    results = await runHoleCases(join(__dirname, '../..'));
  }, 900_000);

  it('runs every case (the lifted-limits app first, then the default one)', async () => {
    expect(results.map((r) => r.name).sort()).toEqual((await allHoleCases()).map((c) => c.name).sort());
  });

  it('every case holds', () => {
    expect(results.filter((r) => !r.held).map((r) => `${r.name}: ${r.detail}`)).toEqual([]);
  });
});
