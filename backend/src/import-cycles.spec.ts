import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * No import cycle, type-only imports included (issue 24): the lint's import-x/no-cycle follows value imports only, so
 * a cycle made of `import type` (the kernel's ports naming the config, personal data and rate limits they give) would
 * pass it. Files of each server-side workspace, and the backend's kernel modules, form no cycle.
 */
const root = join(__dirname, '..', '..');
/** the backend's kernel modules, as eslint.config.mjs names them (features are held apart by the boundaries rules) */
const KERNEL = ['common', 'config', 'http', 'event-store', 'kernel', 'auth', 'personal-data', 'security'];

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
    const dir = join(root, 'backend/src');
    const folders = graph(dir, (file) => relative(dir, file).split(sep)[0]);
    const kernel = new Map(
      [...folders].filter(([from]) => KERNEL.includes(from)).map(([from, to]) => [from, new Set([...to].filter((f) => KERNEL.includes(f)))]),
    );
    expect(cycles(kernel)).toEqual([]);
  });
});
