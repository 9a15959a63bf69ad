import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * No import cycle, type-only imports included: the lint's import-x/no-cycle follows value imports only, so
 * a cycle made of `import type` (the kernel's ports naming the config, personal data and rate limits they give) would
 * pass it. Files of each server-side workspace, the backend's kernel modules, and the backend's features (each folder at
 * the top of backend/src, the workflows and the composition root included) form no cycle.
 */
const root = join(__dirname, '..', '..', '..');
/** the backend's kernel modules, as eslint.config.mjs names them (features are held apart by the boundaries rules) */
const KERNEL = ['common', 'config', 'http', 'event-store', 'kernel', 'auth', 'personal-data', 'security'];
/** the areas whose features keep a sub-folder each (eslint.config.mjs names them too); the others are one feature */
const AREAS_WITH_FEATURES = ['scheduling', 'payments', 'clinical', 'accounts', 'notifications'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.(spec|d)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => existsSync(c) && statSync(c).isFile());
  return found ?? null;
}

/** each file's relative imports (type-only ones and re-exports too), grouped by `group` */
function graph(dir: string, group: (file: string) => string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sources(dir)) {
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = fileName.startsWith('.') ? resolveImport(file, fileName) : null;
      if (!target) continue;
      const [a, b] = [group(file), group(target)];
      if (a !== b) edges.set(a, (edges.get(a) ?? new Set()).add(b));
    }
  }
  return edges;
}

/** the file's folder at the top of `dir` (a feature, a kernel module, the composition root), or the file itself there */
const topFolder = (dir: string) => (file: string) => relative(dir, file).split(sep)[0];
/** a backend file's feature: `areas/<area>/<sub-folder>` or `areas/<area>`; a platform module; app, testing or an entry file */
const featureOf = (dir: string) => (file: string) => {
  const [top, area, sub] = relative(dir, file).split(sep);
  if (top === 'platform') return `platform/${area}`;
  if (top !== 'areas') return top;
  return AREAS_WITH_FEATURES.includes(area) && sub && !/\.ts$/.test(sub) ? `${area}/${sub}` : area;
};

/** the strongly connected groups of more than one node (Tarjan) */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) (visit(w), low.set(v, Math.min(low.get(v)!, low.get(w)!)));
      else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) if ((group.push(w), w === v)) break;
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles, type-only imports included', () => {
  it('finds a cycle of three and leaves a chain alone', () => {
    const g = (pairs: string[]) => new Map(pairs.map((p) => [p[0], new Set([p[1]])]));
    expect(cycles(g(['ab', 'bc', 'ca']))).toEqual([['a', 'b', 'c']]);
    expect(cycles(g(['ab', 'bc']))).toEqual([]);
  });

  // the frontend is not held to it yet: lib/liveStatus.ts loads lib/liveUpdates.ts lazily (import()), which names its type
  it.each(['contracts/src', 'projections/src', 'backend/src'])('no two files of %s import each other, even by type', (workspace) => {
    const dir = join(root, workspace);
    expect(cycles(graph(dir, (file) => relative(dir, file)))).toEqual([]);
  });

  it('no two kernel modules of the backend import each other, even by type', () => {
    const dir = join(root, 'backend/src/platform');
    const folders = graph(dir, topFolder(dir));
    const kernel = new Map(
      [...folders].filter(([from]) => KERNEL.includes(from)).map(([from, to]) => [from, new Set([...to].filter((f) => KERNEL.includes(f)))]),
    );
    expect(kernel.size).toBeGreaterThan(4);
    expect(cycles(kernel)).toEqual([]);
  });

  it('finds a loop between two features made of type imports only, file to file without a cycle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'features-'));
    try {
      const write = (path: string, text: string) => (mkdirSync(dirname(join(dir, path)), { recursive: true }), writeFileSync(join(dir, path), text));
      write('availability/tools.ts', "import type { BookingDoc } from '../booking/bookings';\nexport type Listed = BookingDoc[];\n");
      write('availability/slots.ts', 'export interface SlotDoc { id: string }\n');
      write('booking/bookings.ts', "import type { SlotDoc } from '../availability/slots';\nexport interface BookingDoc { slot: SlotDoc }\n");
      expect(cycles(graph(dir, (file) => relative(dir, file)))).toEqual([]);
      expect(cycles(graph(dir, topFolder(dir)))).toEqual([['availability', 'booking']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no two features of the backend import each other, even by type', () => {
    const dir = join(root, 'backend/src');
    const features = graph(dir, featureOf(dir));
    expect([...features.keys()]).toEqual(expect.arrayContaining(['scheduling/booking', 'payments/orders', 'fiscal', 'platform/event-store']));
    expect(cycles(features)).toEqual([]);
  });
});
