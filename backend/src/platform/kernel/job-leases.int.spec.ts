import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, withPgAdmin } from '../../testing/pg-database';
import { waitFor } from '../event-store/test-events';
import { PgJobLeases } from './job-leases';

/** Two instances' leases on one PostgreSQL database: one holder per job, taken over when the holder dies. */
describe('periodic jobs on one instance at a time (PostgreSQL advisory locks, a database of its own)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const leases: PgJobLeases[] = [];
  const open = () => {
    const l = new PgJobLeases(database.url);
    leases.push(l);
    return l;
  };
  beforeAll(async () => {
    database = await createTestDatabase('job_leases_test');
  });
  afterEach(async () => {
    await Promise.all(leases.splice(0).map((l) => l.close()));
  });
  afterAll(() => database.drop());

  it('each job has one holder, which keeps it tick after tick; another job can be held elsewhere', async () => {
    const a = open();
    const b = open();
    expect(await a.holds('workflow-sweep')).toBe(true);
    expect(await b.holds('workflow-sweep')).toBe(false);
    expect(await b.holds('outbox-sender')).toBe(true);
    expect(await a.holds('outbox-sender')).toBe(false);
    for (let tick = 0; tick < 3; tick++) {
      expect(await a.holds('workflow-sweep')).toBe(true);
      expect(await b.holds('workflow-sweep')).toBe(false);
    }
  });

  it('a holder that stops (close) hands its jobs over: the other instance’s very next call takes them', async () => {
    const a = open();
    const b = open();
    expect(await a.holds('calendar-roll')).toBe(true);
    expect(await a.holds('workflow-sweep')).toBe(true);
    expect(await b.holds('calendar-roll')).toBe(false);
    await a.close();
    expect(await a.holds('calendar-roll')).toBe(false);
    expect(await b.holds('calendar-roll')).toBe(true);
    expect(await b.holds('workflow-sweep')).toBe(true);
  });

  it('kill -9 of the holding process: the next tick of the other instance takes the job over', async () => {
    const holder = spawn(
      process.execPath,
      [
        '-r',
        '@swc-node/register',
        '-e',
        `const { PgJobLeases } = require(${JSON.stringify(join(__dirname, 'job-leases'))});
         new PgJobLeases(${JSON.stringify(database.url)}).holds('calendar-roll').then((got) => { console.log(got ? 'holding' : 'not'); setInterval(() => {}, 1000); });`,
      ],
      { cwd: join(__dirname, '../../../..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    holder.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => holder.on('exit', resolve));
    await waitFor(() => output.includes('holding') || output.includes('not'), 'the other process to take the lease', 30_000);
    expect(output.trim()).toBe('holding');
    const b = open();
    expect(await b.holds('calendar-roll')).toBe(false);
    holder.kill('SIGKILL');
    await exited;
    // the server ends the dead process's session and frees its lock: B's ticks find it free
    let taken = false;
    for (let tick = 0; tick < 200 && !taken; tick++) {
      taken = await b.holds('calendar-roll');
      if (!taken) await new Promise((r) => setTimeout(r, 50));
    }
    expect(taken).toBe(true);
  }, 60_000);

  it('an instance whose session the server ended stops holding, and the other takes over', async () => {
    const url = new URL(database.url);
    url.searchParams.set('application_name', 'istanza_a');
    const a = new PgJobLeases(url.toString());
    leases.push(a);
    const b = open();
    expect(await a.holds('fiscal-retention')).toBe(true);
    expect(await b.holds('fiscal-retention')).toBe(false);
    // a session ended by the server (a restart, a cut connection): what A held is free
    await withPgAdmin((c) => c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'istanza_a'"));
    await waitFor(() => (a as unknown as { client?: unknown }).client === undefined, 'A to notice');
    expect(await b.holds('fiscal-retention')).toBe(true);
    expect(await a.holds('fiscal-retention')).toBe(false);
  });
});
