// One jest run for every workspace; workspaces import each other's sources, not their builds.
const swc = ['@swc/jest', JSON.parse(require('fs').readFileSync(__dirname + '/.swcrc', 'utf8'))];
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@fullcalendar|@full-ui|temporal-polyfill|temporal-utils)/)'],
  moduleNameMapper: {
    '^@studio/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@studio/projections$': '<rootDir>/projections/src/index.ts',
    '\\.(css)$': '<rootDir>/tooling/style-stub.js',
  },
  testMatch: ['<rootDir>/{contracts,projections,backend,frontend}/src/**/*.spec.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/tooling/jest-setup.js'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  // a watchdog, not a measure: on a loaded machine (2 cores, other jobs) starting an app took over 30 s in a hook;
  // no test asserts a duration (speed is measured by `npm run bench`)
  testTimeout: 120000,
  // On 2 cores jest has one worker, and with one worker it ran every file inside its own process, whose heap grew
  // with each file until it hit V8's 4 GB limit near the end (seen once in CI: no results at all). With a limit, the
  // files still run one at a time, in a child process that is replaced once it holds more than this after a file.
  workerIdleMemoryLimit: '1GB',
};
