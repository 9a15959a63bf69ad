// Lints texts as if they were the files named (which need not exist), with the project's boundary
// and file-naming rules only. stdin: [{ filePath, text }]; stdout: one array of ESLint messages per text, as JSON.
// The lint test's probe (backend/src/boundaries.spec.ts): a new cross-feature import must fail.
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({
  cwd: root,
  // no type information for files that do not exist; only the import rules run
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: false } } },
  ruleFilter: ({ ruleId }) =>
    ruleId.startsWith('boundaries/') || ruleId.startsWith('check-file/') || ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax',
});
const probes = JSON.parse(readFileSync(0, 'utf8'));
const out = [];
for (const { filePath, text } of probes) {
  const [result] = await eslint.lintText(text, { filePath: resolve(root, filePath) });
  out.push((result?.messages ?? []).map(({ ruleId, message, line }) => ({ ruleId, message, line })));
}
process.stdout.write(JSON.stringify(out));
