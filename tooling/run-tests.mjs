// Runs every test (unit, integration on SQLite and PostgreSQL, browser e2e) and ends with
// one line "N passed, N failed, N skipped" that CI reads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { connect } from 'node:net';

mkdirSync('test-results', { recursive: true });

/** true when something answers Redis's PING on host:port within a second */
function redisAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => (socket.destroy(), resolve(ok));
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

// the tests that need Redis (limits shared by instances, the scale-out change feed) run as .ci/run runs them:
// with REDIS_TEST_URL, set here when a local Redis answers; otherwise they are skipped, and this says why
if (!process.env.REDIS_URL && !process.env.REDIS_TEST_URL) {
  if (await redisAnswers('127.0.0.1', 6379)) {
    process.env.REDIS_TEST_URL = 'redis://127.0.0.1:6379';
    console.log('Redis risponde su 127.0.0.1:6379: REDIS_TEST_URL impostata, i test con Redis girano.');
  } else {
    console.log('Redis non risponde su 127.0.0.1:6379 e REDIS_TEST_URL non è impostata: i test con Redis sono saltati (avvia Redis o imposta REDIS_TEST_URL).');
  }
}
// built once, before everything: worker threads and the child processes of the kill -9 tests load the compiled
// workspaces (dist/), and the browser tests serve the built app
const suites = [
  { name: 'unità e integrazione', args: ['jest', '--ci'], out: 'test-results/jest.json', build: true },
  { name: 'browser (e2e)', args: ['jest', '--ci', '-c', 'jest.e2e.config.js'], out: 'test-results/e2e.json' },
];
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
for (const suite of suites) {
  if (suite.build) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('Build non riuscita: i test non possono partire.');
      failed += 1;
      exitCode = 1;
      continue;
    }
  }
  if (existsSync(suite.out)) rmSync(suite.out);
  const run = spawnSync('npx', [...suite.args, '--json', `--outputFile=${suite.out}`], { stdio: 'inherit' });
  if (run.status !== 0) exitCode = 1;
  if (!existsSync(suite.out)) {
    console.error(`Nessun risultato per ${suite.name}.`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(suite.out, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
  skipped += r.numPendingTests + r.numTodoTests;
  console.log(`${suite.name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
}
if (passed === 0) exitCode = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode);
