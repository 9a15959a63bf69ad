import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BACKEND_ROOT } from './italian-names';

/** where the publishers' files are looked for: FOODS_DATA_DIR, else `<repository>/../shared/data/foods` */
export function foodsDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.FOODS_DATA_DIR?.trim() || resolve(BACKEND_ROOT, '..', '..', 'shared', 'data', 'foods');
}

const PATTERNS = { ciqual: /ciqual.*\.xlsx$/i, svizzera: /(svizzera|valori_nutritivi|swiss).*\.xlsx$/i } as const;

/** the table's XLSX: the file given, or the first matching one in the folder or its sub-folders (one level) */
export function tableXlsxIn(path: string, source: 'ciqual' | 'svizzera'): string | null {
  if (!existsSync(path)) return null;
  if (statSync(path).isFile()) return path;
  const pattern = PATTERNS[source];
  const entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const here = entries.find((e) => e.isFile() && pattern.test(e.name));
  if (here) return join(path, here.name);
  for (const dir of entries.filter((e) => e.isDirectory())) {
    const inner = readdirSync(join(path, dir.name))
      .sort()
      .find((name) => pattern.test(name));
    if (inner) return join(path, dir.name, inner);
  }
  return null;
}

/** both tables' files in a folder (null where absent) */
export function tableFilesIn(dir: string): { ciqual: string | null; svizzera: string | null } {
  return { ciqual: tableXlsxIn(dir, 'ciqual'), svizzera: tableXlsxIn(dir, 'svizzera') };
}
