import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A frontend source file stays short enough to be read whole: a screen that grows past the limit is split into its
 * components, one file each (as features/clinical/clinical-record/ is). Specs and browser tests count too.
 */
const MAX_LINES = 400;
const root = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });
}

test(`no frontend source file is longer than ${MAX_LINES} lines`, () => {
  const files = [...sources(join(root, 'src')), ...sources(join(root, 'e2e'))];
  expect(files.length).toBeGreaterThan(100);
  const tooLong = files
    .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length }))
    .filter(({ lines }) => lines > MAX_LINES);
  expect(tooLong).toEqual([]);
});
