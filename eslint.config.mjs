// One lint for every workspace: typescript-eslint (type-checked where it pays) and the boundaries
// between features that docs/architettura.md ("Dipendenze tra funzioni") draws. `npm run lint`.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = ['**/*.ts', '**/*.tsx'];
const TESTS = ['**/*.spec.ts', '**/*.spec.tsx', '**/e2e/**', '**/testing/**', 'frontend/src/test/**', 'bench/**', 'tooling/**'];

/** the backend's platform (backend/src/platform/): usable by every area */
const PLATFORM = ['common', 'config', 'http', 'event-store', 'kernel', 'auth', 'personal-data', 'security'];

/** the business areas of backend/src/areas/: those with several features keep one sub-folder each */
const AREAS_WITH_FEATURES = ['scheduling', 'payments', 'clinical', 'accounts', 'notifications', 'nutrition'];
const SINGLE_FEATURE_AREAS = ['fiscal', 'audit', 'practice'];

/**
 * Which backend feature may use which: a feature is `<area>/<sub-folder>` in an area with several, or the area itself.
 * Inside one area a feature may import any file of one it uses; from another area only its index.ts. The table is the
 * one of docs/architettura.md and has no cycle (app/import-cycles.spec.ts); app/ (composition, seed, setup) sits on top.
 */
const FEATURE_USES = {
  'accounts/login': ['accounts/users', 'scheduling/booking'],
  'accounts/registration': ['accounts/users'],
  audit: ['accounts/users', 'payments/orders', 'scheduling/availability', 'scheduling/booking'],
  'clinical/clinical-record': ['accounts/users', 'practice', 'scheduling/booking'],
  'clinical/patients': ['accounts/users', 'clinical/clinical-record', 'scheduling/booking'],
  'clinical/questionnaires': ['accounts/users', 'scheduling/booking', 'scheduling/visit-types'],
  fiscal: ['accounts/users', 'practice'],
  'notifications/calendar-feed': ['accounts/users', 'scheduling/booking'],
  'notifications/mail': ['accounts/users'],
  'nutrition/diet': ['accounts/users', 'clinical/clinical-record', 'nutrition/catalogue', 'nutrition/recipes', 'practice', 'scheduling/booking'],
  'nutrition/diary': ['accounts/users', 'clinical/clinical-record', 'nutrition/catalogue', 'nutrition/diet'],
  'payments/confirm-payment': [
    'payments/catalog',
    'payments/orders',
    'payments/paypal',
    'scheduling/availability',
    'scheduling/booking',
    'scheduling/steps',
    'scheduling/workflows',
  ],
  'payments/desk-payment': [
    'accounts/users',
    'payments/catalog',
    'payments/desk-payments',
    'payments/orders',
    'scheduling/availability',
    'scheduling/booking',
    'scheduling/steps',
    'scheduling/visit-types',
    'scheduling/workflows',
  ],
  'payments/desk-payments': ['accounts/users', 'fiscal'],
  'payments/follow-up-series': ['accounts/users', 'payments/desk-payment', 'scheduling/booking', 'scheduling/workflows'],
  'payments/orders': ['accounts/users', 'payments/catalog', 'payments/paypal', 'scheduling/availability', 'scheduling/booking', 'scheduling/visit-types'],
  'payments/workflows': [
    'accounts/users',
    'payments/catalog',
    'payments/confirm-payment',
    'payments/desk-payment',
    'payments/desk-payments',
    'payments/follow-up-series',
    'payments/orders',
    'scheduling/booking',
    'scheduling/workflows',
  ],
  practice: ['accounts/login', 'accounts/users'],
  'scheduling/agenda': [
    'accounts/users',
    'clinical/questionnaires',
    'notifications/phone',
    'payments/orders',
    'scheduling/booking',
    'scheduling/hold',
    'scheduling/workflows',
  ],
  'scheduling/availability': ['accounts/users'],
  'scheduling/booking': ['accounts/users', 'scheduling/availability', 'scheduling/visit-types'],
  'scheduling/external-calendar': ['accounts/users', 'scheduling/availability', 'scheduling/booking'],
  'scheduling/booking-lifecycle': ['accounts/users', 'scheduling/availability', 'scheduling/booking', 'scheduling/hold', 'scheduling/steps'],
  'scheduling/hold': ['accounts/users', 'scheduling/availability', 'scheduling/booking'],
  'scheduling/public-pages': ['accounts/users', 'scheduling/availability', 'scheduling/booking', 'scheduling/visit-types'],
  'scheduling/steps': ['scheduling/availability', 'scheduling/booking'],
  'scheduling/visit-types': ['accounts/users', 'payments/catalog'],
  'scheduling/waiting-list': ['accounts/users'],
  'scheduling/waiting-list-offer': ['accounts/users', 'scheduling/availability', 'scheduling/booking', 'scheduling/waiting-list'],
  'scheduling/workflows': ['accounts/users', 'scheduling/booking', 'scheduling/booking-lifecycle', 'scheduling/hold', 'scheduling/waiting-list-offer'],
  // messages and Web Push, written apart from the lines above
  'notifications/messages': ['accounts/users', 'clinical/clinical-record'],
  'notifications/push': ['notifications/mail'],
  // SMS and WhatsApp: a channel of the outbox, the patient's consent and number, the practice's reminder settings, the
  // agenda's bookings, and the cancellation and the messages that answers by reply reuse
  'notifications/phone': ['accounts/users', 'notifications/mail', 'notifications/messages', 'practice', 'scheduling/booking', 'scheduling/workflows'],
  'accounts/users': [],
  'payments/catalog': [],
  'payments/paypal': [],
  'nutrition/catalogue': [],
  'nutrition/recipes': ['nutrition/catalogue'],
};

const featureElement = (key, internalPath) => {
  const [area, feature] = key.split('/');
  const element = feature ? { type: 'be-feature', captured: { area, feature } } : { type: 'be-area', captured: { area } };
  return internalPath ? { ...element, fileInternalPath: internalPath } : element;
};
const featurePolicies = Object.entries(FEATURE_USES).flatMap(([from, uses]) =>
  uses.map((to) => ({
    from: { element: featureElement(from) },
    allow: { to: { element: featureElement(to, to.split('/')[0] === from.split('/')[0] ? undefined : 'index.ts') } },
  })),
);

const APPEND_BY_COMMAND = {
  selector: "CallExpression[callee.property.name='append'][callee.object.property.name='eventStore']",
  message: 'Si scrive nel log solo con un comando: la sua classe (new ToggleSlot(...)) sul CommandBus, al suo gestore (DecideWith).',
};
// Queries are answered from read models: reading a stream per request grows with the history.
const STREAM_READS = {
  selector: 'CallExpression[callee.property.name=/^(readStream|readAll)$/]',
  message:
    'Una lettura si serve dai read model (projections/), non dai flussi del log; leggono i flussi solo i file in STREAM_READERS (eslint.config.mjs), per lo stato fresco di una decisione.',
};
// A read model is read through the typed handle its owner feature exports from its index.ts (readModelOf in
// projections/src/read-model.ts): named by a string, a reader would pick the document's type by hand and hide which
// feature it depends on.
const READ_MODEL_BY_NAME = {
  selector:
    "CallExpression[callee.property.name=/^(get|find|checkpoint)$/][arguments.0.type=/^(Literal|TemplateLiteral)$/]:matches([callee.object.name='readModels'], [callee.object.property.name='readModels'])",
  message:
    'Un modello di lettura si legge con l’accesso tipizzato esportato dall’index.ts della funzione che lo possiede (bookingsReadModel.find(readModels, …)), non per nome.',
};
/** the kernel sits below every feature and cannot import one: the access log reads the user's document by its name */
const READ_MODEL_BY_NAME_EXCEPTIONS = ['backend/src/platform/personal-data/access-log.service.ts'];
// and the document's type comes from the owner's index.ts too: importing another feature's projection file ties the two
// features both ways as soon as the owner reads back (only the composition root lists the projections)
const OTHER_PROJECTION_IMPORT = {
  regex: '^\\.\\./.*\\.projection$',
  message:
    'Il modello di lettura di un’altra funzione si legge dal suo index.ts (l’accesso tipizzato e il tipo del documento), non importando il suo *.projection.ts.',
};

/** files that may read streams, each for a reason a read model cannot serve */
const STREAM_READERS = [
  // fresh state for a decision (a read model may lag behind the last append)
  'backend/src/areas/payments/orders/orders.service.ts',
  'backend/src/areas/scheduling/{hold,booking-lifecycle,waiting-list-offer,steps}/**',
  'backend/src/areas/payments/{confirm-payment,desk-payment,follow-up-series}/**',
  'backend/src/areas/fiscal/receipts/**',
  'backend/src/app/setup/setup.ts',
  // reactions composing what they send from the events that caused them
  'backend/src/areas/notifications/mail/notifications.service.ts',
  'backend/src/areas/notifications/mail/outbox-worker.ts',
  // a reply is acted on once: its own stream says, fresh, whether it was answered already
  'backend/src/areas/notifications/phone/text-replies.service.ts',
  // the auditor reads the log itself: one event's data, the hash chain, a week as it was
  'backend/src/areas/audit/audit.service.ts',
  // the person's access stream is their log, read backwards a page at a time
  'backend/src/areas/audit/access-log-entries.service.ts',
  // an attachment's bytes live only in its event, read by its revision
  'backend/src/areas/clinical/clinical-record/clinical-record.service.ts',
  // a message's file lives only in its event, read by its revision
  'backend/src/areas/notifications/messages/messages.service.ts',
  'backend/src/areas/nutrition/diary/diary-photos.service.ts',
  // the testing helpers read the whole log
  'backend/src/testing/**',
];

// Decision state: readState folds a stream for a command's decision. Only the files in STATE_READERS import
// it; a query reads a read model.
// the one append path (handleCommand, decideOnStream) runs under a command's handler or a workflow's step, never in a
// feature's service: a command is its own class, sent on the CommandBus to its handler
const HANDLE_COMMAND_IMPORT = {
  regex: '(^|/)event-store/(command-handler|decide)$',
  importNames: ['handleCommand', 'decideOnStream'],
  message:
    'Un comando passa dal CommandBus: la sua classe (class X extends StreamCommand) con il suo gestore (@CommandHandler(X) … extends DecideWith(decider)), in <funzione>.commands.ts.',
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
  'backend/src/areas/scheduling/{hold,booking-lifecycle,waiting-list-offer,steps}/**',
  'backend/src/areas/payments/{confirm-payment,desk-payment,follow-up-series}/**',
  'backend/src/areas/fiscal/receipts/**',
  'backend/src/areas/notifications/mail/outbox-worker.ts',
  'backend/src/areas/scheduling/availability/slot-toggle.service.ts',
  // copying a week, applying the weekly schedule and rolling it forward decide from the schedule's and the days' streams
  // (the schedule's page reads weekly_schedules)
  'backend/src/areas/scheduling/availability/availability-tools.service.ts',
  // the profile the receipts workflow issues with (the screens read fiscal_profiles)
  'backend/src/areas/fiscal/fiscal.service.ts',
  // a coupon's code checked as the order is priced (and counted as a guess when unknown)
  'backend/src/areas/payments/catalog/catalog.service.ts',
  // an address's claim and whether its holder was erased, for the claim's decision (and setup, which runs no read model)
  'backend/src/areas/accounts/users/users.service.ts',
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
  // one command path (docs/architettura.md, "Comandi"): features send their command classes on the CommandBus, to handlers built with DecideWith; only
  // the event-store kernel runs handleCommand or decideOnStream and appends (the backup's restore and the tests write
  // the log below the domain)
  {
    files: ['backend/src/**/*.ts'],
    ignores: [...TESTS, 'backend/src/platform/event-store/**', 'backend/src/app/backup/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [HANDLE_COMMAND_IMPORT, STATE_READS_IMPORT, OTHER_PROJECTION_IMPORT] }],
      'no-restricted-syntax': ['error', APPEND_BY_COMMAND, STREAM_READS, READ_MODEL_BY_NAME],
    },
  },
  { files: READ_MODEL_BY_NAME_EXCEPTIONS, rules: { 'no-restricted-syntax': ['error', APPEND_BY_COMMAND, STREAM_READS] } },
  // the composition root lists every projection (allProjections)
  {
    files: ['backend/src/app/infrastructure/projections.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [HANDLE_COMMAND_IMPORT, STATE_READS_IMPORT] }] },
  },
  // the few files that may fold a stream for decision state (STATE_READS_IMPORT above)
  {
    files: STATE_READERS,
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [HANDLE_COMMAND_IMPORT, OTHER_PROJECTION_IMPORT] }] },
  },
  // a projection is pure: a `*.projection.ts`, beside its feature in backend/src/<feature>/, imports only
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
    rules: { 'no-restricted-syntax': ['error', APPEND_BY_COMMAND, READ_MODEL_BY_NAME] },
  },
  // no import cycles inside a workspace: a cycle ties modules that must then load, change and be tested
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
  // boundaries between workspaces, backend features and frontend areas (relative imports)
  {
    files: ['contracts/src/**', 'projections/src/**', 'backend/src/**', 'frontend/src/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['contracts/src/**', 'projections/src/**', 'backend/src/**', 'frontend/src/**'],
      'boundaries/elements': [
        { type: 'contracts', pattern: 'contracts/src' },
        { type: 'projections', pattern: 'projections/src' },
        { type: 'be-kernel', pattern: `backend/src/platform/{${PLATFORM.join(',')}}`, capture: ['kernel'] },
        { type: 'be-testing', pattern: 'backend/src/testing' },
        { type: 'be-feature', pattern: `backend/src/areas/{${AREAS_WITH_FEATURES.join(',')}}/*`, capture: ['area', 'feature'] },
        { type: 'be-area', pattern: `backend/src/areas/{${SINGLE_FEATURE_AREAS.join(',')}}`, capture: ['area'] },
        // command-line scripts beside the app (npm run backup / restore): the kernel, contracts and projections only
        { type: 'be-script', pattern: 'backend/src/app/backup' },
        // the application's edges: composition root, seed, first administrator, the app's start
        { type: 'be-app', pattern: 'backend/src/app' },
        { type: 'fe-app', pattern: 'frontend/src/app' },
        { type: 'fe-lib', pattern: 'frontend/src/lib' },
        { type: 'fe-ui', pattern: 'frontend/src/components/ui' },
        { type: 'fe-i18n', pattern: 'frontend/src/i18n' },
        { type: 'fe-test', pattern: 'frontend/src/test' },
        // a business area (scheduling, payments, ...): its sub-folders are one element, free to import each other
        { type: 'fe-area', pattern: 'frontend/src/features/*', capture: ['area'] },
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
            'Dipendenza non ammessa tra {{from.type}} {{from.captured.area}} {{from.captured.feature}} e {{to.type}} {{to.captured.area}} {{to.captured.feature}} {{to.internalPath}} (docs/architettura.md, "Dipendenze tra funzioni")',
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
            // the backup's restore rebuilds the read models: it takes their list from the composition root, nothing else there
            { from: { element: { type: 'be-script' } }, allow: { to: { element: { type: 'be-app', fileInternalPath: 'infrastructure/projections.ts' } } } },
            { from: { element: { types: '{be-app,be-root}' } }, allow: { to: { element: { types: '{be-feature,be-area,be-app}' } } } },
            { from: { element: { type: 'be-root' } }, allow: { to: { element: { type: 'be-root' } } } },
            { from: { element: { type: 'be-testing' } }, allow: { to: { element: { types: '{be-feature,be-area,be-app,be-root}' } } } },
            // frontend: areas never import each other (the sub-folders of one area may); app is the shell on top
            { from: { element: { types: 'fe-*' } }, allow: { to: { element: { types: '{contracts,fe-i18n}' } } } },
            {
              from: { element: { type: 'fe-lib' } },
              allow: { to: { element: { type: 'fe-app', fileInternalPath: 'store.ts' } }, dependency: { kind: 'type' } },
            },
            { from: { element: { type: 'fe-ui' } }, allow: { to: { element: { type: 'fe-lib' } } } },
            { from: { element: { type: 'fe-area' } }, allow: { to: { element: { types: '{fe-lib,fe-ui}' } } } },
            { from: { element: { types: '{fe-app,fe-root}' } }, allow: { to: { element: { types: '{fe-app,fe-lib,fe-ui,fe-area}' } } } },
            { from: { element: { type: 'fe-test' } }, allow: { to: { element: { types: '{fe-app,fe-lib,fe-ui}' } } } },
          ],
        },
      ],
    },
  },
);
