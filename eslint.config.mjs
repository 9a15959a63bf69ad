// One lint for every workspace: typescript-eslint (type-checked where it pays) and the boundaries
// between features that DESIGN.md "Dependencies between features" draws. `npm run lint`.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = ['**/*.ts', '**/*.tsx'];
const TESTS = ['**/*.spec.ts', '**/*.spec.tsx', '**/e2e/**', '**/testing/**', 'frontend/src/test/**', 'bench/**', 'tooling/**'];

/** the backend's shared kernel: usable by every feature */
const KERNEL = ['common', 'config', 'http', 'event-store', 'kernel', 'auth', 'personal-data', 'security'];

/**
 * Which backend feature may use which, through its public entry (index.ts) only: DESIGN.md's table.
 * `registration` creates users; `login` reads them; `seed` and `workflows` sit on top.
 */
const FEATURE_USES = {
  workflows: ['*'],
  seed: ['*'],
  orders: ['booking', 'availability', 'users', 'catalog', 'payments'],
  'desk-payments': ['booking', 'availability', 'users', 'fiscal'],
  booking: ['availability', 'users', 'visit-types'],
  'visit-types': ['users', 'catalog'],
  availability: ['users'],
  questionnaires: ['users', 'visit-types'],
  diet: ['users'],
  fiscal: ['users', 'settings'],
  'clinical-record': ['users'],
  notifications: ['users'],
  'waiting-list': ['users'],
  'calendar-feed': ['users'],
  registration: ['users'],
  login: ['users'],
  audit: ['users', 'availability'],
  settings: ['users'],
  catalog: [],
  payments: [],
  users: [],
};

const featurePolicies = Object.entries(FEATURE_USES).map(([from, to]) => ({
  from: { element: { type: 'be-feature', captured: { feature: from } } },
  allow: { to: { element: { type: 'be-feature', captured: { feature: to.length ? `{${to.join(',')},${from}}` : from }, fileInternalPath: 'index.ts' } } },
}));

const APPEND_BY_COMMAND = {
  selector: "CallExpression[callee.property.name='append'][callee.object.property.name='eventStore']",
  message: 'Si scrive nel log solo con un comando: new Decide(...) sul CommandBus.',
};
// Queries are answered from read models (issue 24): reading a stream per request grows with the history.
const STREAM_READS = {
  selector: 'CallExpression[callee.property.name=/^(readStream|readAll)$/]',
  message:
    'Una lettura si serve dai read model (projections/), non dai flussi del log; leggono i flussi solo i file in STREAM_READERS (eslint.config.mjs), per lo stato fresco di una decisione.',
};
/** files that may read streams, each for a reason a read model cannot serve */
const STREAM_READERS = [
  // fresh state for a decision (a read model may lag behind the last append)
  'backend/src/orders/orders.service.ts',
  'backend/src/workflows/**',
  'backend/src/setup/setup.ts',
  // reactions composing what they send from the events that caused them
  'backend/src/notifications/notifications.service.ts',
  'backend/src/notifications/outbox-worker.ts',
  // the auditor reads the log itself: one event's data, the hash chain, a week as it was
  'backend/src/audit/audit.service.ts',
  // the person's access stream is their log, read backwards a page at a time
  'backend/src/audit/access-log-entries.service.ts',
  // an attachment's bytes live only in its event, read by its revision
  'backend/src/clinical-record/clinical-record.service.ts',
  // the testing helpers read the whole log
  'backend/src/testing/**',
];

// Decision state (issue 24): readState folds a stream for a command's decision. Only the files in STATE_READERS import
// it; a query reads a read model.
const HANDLE_COMMAND_IMPORT = {
  group: ['**/event-store/command-handler'],
  importNames: ['handleCommand'],
  message: 'Un comando passa dal CommandBus: new Decide(stream, decider, comando, metadata).',
};
const STATE_READS_IMPORT = {
  regex: '(^|/)command-handler$',
  importNames: ['readState'],
  message:
    'Una lettura si serve dai read model, non ripiegando un flusso; readState è per lo stato fresco di una decisione, nei soli file in STATE_READERS (eslint.config.mjs).',
};
/**
 * files that may fold a stream (readState), each for a reason a read model cannot serve (the event-store kernel, the
 * backup and the tests sit outside these rules altogether)
 */
const STATE_READERS = [
  // fresh state for a decision: workflows, reactors, commands that check before they send
  'backend/src/workflows/**',
  'backend/src/notifications/outbox-worker.ts',
  'backend/src/availability/slot-toggle.service.ts',
  // copying a week, applying the weekly schedule and rolling it forward decide from the schedule's and the days' streams
  // (the schedule's page reads weekly_schedules)
  'backend/src/availability/availability-tools.service.ts',
  'backend/src/desk-payments/desk-payments.service.ts',
  // the profile the receipts workflow issues with (the screens read fiscal_profiles)
  'backend/src/fiscal/fiscal.service.ts',
  // a coupon's code checked as the order is priced (and counted as a guess when unknown)
  'backend/src/catalog/catalog.service.ts',
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'frontend/public/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: TS,
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // zod schemas and @nestjs decorators need a few escapes; `any` must stay visible, not hidden
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // four statements are comma sequences (`if (x) (a(), b())`): allowed until they are rewritten as blocks
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  // tests may load a module afresh inside jest.isolateModules
  { files: TESTS, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // type-checked rules on the production sources (specs are outside the tsconfigs' programs)
  {
    files: TS,
    ignores: TESTS,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  {
    files: ['frontend/src/**/*.tsx', 'frontend/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // workspaces by package name: contracts imports nothing of ours, projections and the frontend only contracts
  {
    files: ['contracts/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@studio/*'], message: 'contracts/ non importa nulla del progetto.' }] }] },
  },
  {
    files: ['projections/src/**', 'frontend/src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@studio/*', '!@studio/contracts'], message: 'Qui si importa solo @studio/contracts.' }] }],
    },
  },
  // one command path (DESIGN.md "Commands"): features send `new Decide(...)` on the CommandBus; only the event-store
  // kernel runs handleCommand and appends (the backup's restore and the tests write the log below the domain)
  {
    files: ['backend/src/**/*.ts'],
    ignores: [...TESTS, 'backend/src/event-store/**', 'backend/src/backup/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [HANDLE_COMMAND_IMPORT, STATE_READS_IMPORT] }],
      'no-restricted-syntax': ['error', APPEND_BY_COMMAND, STREAM_READS],
    },
  },
  // the few files that may fold a stream for decision state (STATE_READS_IMPORT above)
  {
    files: STATE_READERS,
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [HANDLE_COMMAND_IMPORT] }] },
  },
  // a projection is pure (issue 24): a `*.projection.ts`, beside its feature in backend/src/<feature>/, imports only
  // @studio/contracts (its shape, ProjectionDefinition, included), no I/O, no clock, no other module of ours
  {
    files: ['**/*.projection.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!@studio/contracts$)', message: 'Una proiezione (*.projection.ts) è pura: importa solo @studio/contracts.' }] },
      ],
    },
  },
  // the frontend's file names, as most of the tree had them: a component (and its spec) PascalCase.tsx, any other
  // module camelCase.ts, folders kebab-case, browser tests kebab-case; the middle extensions (.spec, .e2e) aside
  {
    files: ['frontend/**/*.ts', 'frontend/**/*.tsx'],
    ignores: [
      '**/*.d.ts',
      'frontend/*.ts',
      'frontend/src/main.tsx',
      'frontend/src/app/routes.tsx',
      'frontend/src/app/routes.spec.tsx',
      'frontend/src/test/renderWithStore.tsx',
    ],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { 'frontend/src/**/*.tsx': 'PASCAL_CASE', 'frontend/src/**/*.ts': 'CAMEL_CASE', 'frontend/e2e/**/*.ts': 'KEBAB_CASE' },
        {
          ignoreMiddleExtensions: true,
          errorMessage:
            'Il nome del file {{ target }} non segue la regola {{ pattern }} (componenti PascalCase.tsx, moduli camelCase.ts, test nel browser kebab-case).',
        },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'frontend/src/**/': 'KEBAB_CASE', 'frontend/e2e/**/': 'KEBAB_CASE' },
        { errorMessage: 'La cartella {{ target }} non segue la regola {{ pattern }} (cartelle kebab-case).' },
      ],
    },
  },
  // the few files that may read streams (STREAM_READS above): fresh state for a decision, a reaction or the auditor
  {
    files: STREAM_READERS,
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', APPEND_BY_COMMAND] },
  },
  // no import cycles inside a workspace (issue 24): a cycle ties modules that must then load, change and be tested
  // together. Type-only imports are not followed (they vanish at compile time); across workspaces the layering above
  // already forbids any arrow back up.
  {
    files: ['contracts/src/**/*.ts', 'projections/src/**/*.ts', 'backend/src/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  // boundaries between workspaces and features (relative imports)
  {
    files: ['contracts/src/**', 'projections/src/**', 'backend/src/**', 'frontend/src/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['contracts/src/**', 'projections/src/**', 'backend/src/**', 'frontend/src/**'],
      'boundaries/elements': [
        { type: 'contracts', pattern: 'contracts/src' },
        { type: 'projections', pattern: 'projections/src' },
        { type: 'be-kernel', pattern: `backend/src/{${KERNEL.join(',')}}`, capture: ['kernel'] },
        { type: 'be-testing', pattern: 'backend/src/testing' },
        { type: 'be-feature', pattern: `backend/src/{${Object.keys(FEATURE_USES).join(',')}}`, capture: ['feature'] },
        // command-line scripts beside the app (npm run backup / restore): the kernel, contracts and projections only
        { type: 'be-script', pattern: 'backend/src/backup' },
        { type: 'fe-app', pattern: 'frontend/src/app' },
        { type: 'fe-lib', pattern: 'frontend/src/lib' },
        { type: 'fe-ui', pattern: 'frontend/src/components/ui' },
        { type: 'fe-i18n', pattern: 'frontend/src/i18n' },
        { type: 'fe-test', pattern: 'frontend/src/test' },
        { type: 'fe-feature', pattern: 'frontend/src/features/*', capture: ['feature'] },
        // last: the files at the top of each source folder (main.ts, app.module.ts)
        { type: 'be-root', pattern: 'backend/src' },
        { type: 'fe-root', pattern: 'frontend/src' },
      ],
      'boundaries/files': [{ category: 'test', pattern: TESTS }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'Dipendenza non ammessa tra {{from.type}} {{from.captured.feature}} e {{to.type}} {{to.captured.feature}} {{to.internalPath}} (DESIGN.md, "Dependencies between features")',
          policies: [
            // inside one element anything goes; tests may reach their fixtures anywhere in their workspace
            { allow: { dependency: { relationship: { to: 'internal' } } } },
            { from: { file: { categories: 'test' } }, allow: { to: { element: { types: '!{contracts,projections}' } } } },
            { from: { file: { categories: 'test' } }, allow: { to: { element: { types: '{contracts,projections}' } } } },
            // workspaces: contracts imports nothing of ours, projections only contracts, the frontend only contracts
            { from: { element: { type: 'projections' } }, allow: { to: { element: { type: 'contracts' } } } },
            // backend
            { from: { element: { types: 'be-*' } }, allow: { to: { element: { types: '{contracts,projections,be-kernel}' } } } },
            ...featurePolicies,
            // a feature's read model is read by any other: its projection file (pure, it imports only contracts, so a leaf)
            // gives the document's shape to every feature, the workflows and the composition root
            {
              from: { element: { types: '{be-feature,be-root,be-testing}' } },
              allow: { to: { element: { type: 'be-feature', fileInternalPath: '**/*.projection.ts' } } },
            },
            // the backup's restore rebuilds the read models: it takes their list from the composition root, nothing else there
            { from: { element: { type: 'be-script' } }, allow: { to: { element: { type: 'be-root', fileInternalPath: 'infrastructure/projections.ts' } } } },
            { from: { element: { type: 'be-root' } }, allow: { to: { element: { types: '{be-feature,be-root}' } } } },
            { from: { element: { type: 'be-testing' } }, allow: { to: { element: { types: '{be-feature,be-root}' } } } },
            // frontend: features never import each other; app is the shell on top
            { from: { element: { types: 'fe-*' } }, allow: { to: { element: { types: '{contracts,fe-i18n}' } } } },
            {
              from: { element: { type: 'fe-lib' } },
              allow: { to: { element: { type: 'fe-app', fileInternalPath: 'store.ts' } }, dependency: { kind: 'type' } },
            },
            { from: { element: { type: 'fe-ui' } }, allow: { to: { element: { type: 'fe-lib' } } } },
            { from: { element: { type: 'fe-feature' } }, allow: { to: { element: { types: '{fe-lib,fe-ui}' } } } },
            { from: { element: { types: '{fe-app,fe-root}' } }, allow: { to: { element: { types: '{fe-app,fe-lib,fe-ui,fe-feature}' } } } },
            { from: { element: { type: 'fe-test' } }, allow: { to: { element: { types: '{fe-app,fe-lib,fe-ui}' } } } },
          ],
        },
      ],
    },
  },
);
