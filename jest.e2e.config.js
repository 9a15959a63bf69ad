// Browser tests: the built app in a real server process, driven in Debian's headless chromium.
const base = require('./jest.config.js');
module.exports = {
  ...base,
  testMatch: ['<rootDir>/frontend/e2e/**/*.e2e.spec.ts', '<rootDir>/backend/e2e/**/*.e2e.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // a watchdog, as in jest.config.js: the browser waits for states, never for a time
  testTimeout: 180000,
  maxWorkers: 1,
};
