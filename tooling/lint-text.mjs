// Lints the text on stdin as if it were the file named in argv[2] (which need not exist), with the
// project's boundary rules only, and prints ESLint's messages as JSON: the lint test's probe.
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: false } } },
  ruleFilter: ({ ruleId }) => ruleId.startsWith('boundaries/') || ruleId === 'no-restricted-imports',
});
const [result] = await eslint.lintText(readFileSync(0, 'utf8'), { filePath: resolve(root, process.argv[2]) });
process.stdout.write(JSON.stringify(result?.messages ?? []));
