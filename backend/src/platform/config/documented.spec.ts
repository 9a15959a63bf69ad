import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Every variable of the configuration schema is documented once: it names the first cell of exactly one row of a
 * table in docs/ (docs/configurazione.md, or the page of its subject, as the rate limits in docs/sicurezza.md).
 * The schema is read from config.ts's source, so a variable added there without its row fails here.
 */
function repositoryRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'docs')) && existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`no repository root above ${from}`);
}

/** the keys of `const Env = z.object({ … });`: its lines `  NAME: …` at the object's own indentation */
export function schemaVariables(source: string, marker = 'const Env = z.object({'): string[] {
  const start = source.indexOf(marker);
  if (start < 0) throw new Error(`config.ts: the schema (${marker}) was not found`);
  const end = source.indexOf('\n});', start);
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}

/** the variables named in the first cell of each table row of a markdown page (`| `A`, `B` | … |`) */
export function documentedVariables(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

const root = repositoryRoot(__dirname);
const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
const rows = new Map<string, string[]>();
for (const page of docs) {
  for (const name of documentedVariables(readFileSync(join(root, 'docs', page), 'utf8'))) rows.set(name, [...(rows.get(name) ?? []), page]);
}
// and the groups config.ts spreads into it from beside it
const variables = [
  ...schemaVariables(readFileSync(join(__dirname, 'config.ts'), 'utf8')),
  ...schemaVariables(readFileSync(join(__dirname, 'phone-providers.ts'), 'utf8'), 'export const PhoneEnv = z.object({'),
  ...schemaVariables(readFileSync(join(__dirname, 'external-calendar-config.ts'), 'utf8'), 'export const ExternalCalendarEnv = z.object({'),
];

describe('the configuration documented in docs/', () => {
  test('the schema is read from config.ts (the reader finds its variables)', () => {
    expect(variables.length).toBeGreaterThan(40);
    expect(variables).toEqual(expect.arrayContaining(['PORT', 'DATA_DIR', 'HOST', 'COOKIE_SECURE', 'FRONTEND_DIST', 'RATE_LIMIT_WEBHOOK', 'STS_CERT_PATH']));
  });

  test('every variable of the schema has one row in a table of docs/', () => {
    const missing = variables.filter((name) => !rows.has(name));
    const twice = variables.filter((name) => (rows.get(name)?.length ?? 0) > 1).map((name) => `${name}: ${rows.get(name)!.join(', ')}`);
    expect({ missing, twice }).toEqual({ missing: [], twice: [] });
  });

  test('the readers see a missing row and a second one', () => {
    expect(documentedVariables('| `A_B`, `C` | x |\n| testo | `E` |\n`F` fuori da una tabella')).toEqual(['A_B', 'C']);
    expect(
      schemaVariables('const Env = z.object({\n  PORT: z.number(),\n  /** x */\n  HOST: z.string(),\n    NESTED: 1,\n});\nconst B = { LATER: 1 };'),
    ).toEqual(['PORT', 'HOST']);
  });
});
