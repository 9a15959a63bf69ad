import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChainVerifier } from './hash-chain';
import { waitFor } from './test-events';
import { PostgresEventStore } from './postgres-event-store';

/**
 * PostgreSQL itself stopped dead (`pg_ctl -m immediate`: no checkpoint, no shutdown, as a power cut to the server
 * process) under a writer's load, on a private cluster this test creates with initdb and removes: after the restart
 * every append the writer had been told was committed is there, with its revisions and its chain intact.
 */
const binaries = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').map((v) => join('/usr/lib/postgresql', v, 'bin')) : [];
const bin = binaries.find((dir) => existsSync(join(dir, 'initdb')));
const root = join(__dirname, '../../../..');

/** initdb and pg_ctl refuse to run as root: as the postgres user then */
function run(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : join(bin!, command), asRoot ? ['-u', 'postgres', '--', join(bin!, command), ...args] : args, { stdio: 'ignore' });
}

(bin ? describe : describe.skip)(`PostgreSQL stopped with pg_ctl -m immediate under load${bin ? '' : ' (skipped: no initdb here)'}`, () => {
  let dir: string;
  let data: string;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  const stopNow = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pg-crash-'));
    data = join(dir, 'data');
    if (process.getuid?.() === 0)
      chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    start();
  }, 60_000);
  afterAll(() => {
    try {
      stopNow();
    } catch {
      // already stopped (the test failed between its stop and its restart)
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('no acknowledged append is lost, revisions stay contiguous and the chain verifies', async () => {
    const writer = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, '../../testing/pg-event-writer.ts')], {
      cwd: root,
      env: { ...process.env, PG_URL: url, PG_SCHEMA: 'event_store', WRITER: 'w', LOOPS: '8', APPENDS: '100000' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const acknowledged: number[] = [];
    let buffer = '';
    writer.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      acknowledged.push(...lines.filter((l) => /^\d+$/.test(l)).map(Number));
    });
    const exited = new Promise((resolve) => writer.on('exit', resolve));
    await waitFor(() => acknowledged.length >= 500, '500 acknowledged appends', 60_000);
    stopNow();
    await exited;
    const seen = acknowledged.length;
    start();
    const store = new PostgresEventStore(url);
    try {
      const all = await store.readAll();
      const stored = new Set(all.map((e) => e.position));
      expect(seen).toBeGreaterThanOrEqual(500);
      expect(acknowledged.filter((p) => !stored.has(p))).toEqual([]);
      const verifier = new ChainVerifier();
      for (const e of all) verifier.visit(e);
      expect(verifier.firstBroken).toBeNull();
      // and it goes on: positions after the crash follow the stored ones
      const next = await store.append('w-0', [{ type: 'After', data: {}, metadata: all[0].metadata }], { expectedRevision: 'any' });
      expect(next.position).toBeGreaterThan(Math.max(...stored));
    } finally {
      await store.close();
    }
  }, 120_000);
});
