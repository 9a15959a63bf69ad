import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A server-side source file stays short enough to be read whole: one that grows past the limit is split along its
 * seams (as availability/slot-times.ts came out of the availability decider). Specs are held to it too: one that
 * grows past it is split along its describe blocks, with shared helpers beside it (as fiscal.fixtures.ts).
 */
const MAX_LINES = 400;
const root = join(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
  });
}

test(`no source file of contracts, projections or backend, specs included, is longer than ${MAX_LINES} lines`, () => {
  const files = ['contracts/src', 'projections/src', 'backend/src', 'backend/e2e'].flatMap((dir) => sources(join(root, dir)));
  expect(files.length).toBeGreaterThan(300);
  const tooLong = files
    .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length }))
    .filter(({ lines }) => lines > MAX_LINES);
  expect(tooLong).toEqual([]);
});
