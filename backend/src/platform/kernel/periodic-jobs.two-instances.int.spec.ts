import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bookingStreamName, slotId } from '@studio/contracts';
import { AvailabilityToolsService } from '../../areas/scheduling/availability/availability-tools.service';
import { FiscalRetentionService } from '../../areas/fiscal/fiscal-retention.service';
import { closeCore, openCore, type Core } from '../../app/infrastructure/core';
import { publishChangesToRedis } from '../../app/infrastructure/change-feed';
import { loadConfig } from '../config/config';
import { WorkflowSweepService } from '../event-store/workflow-sweep.service';
import { fiscalKeyId } from '../personal-data/fiscal-keys';
import { createTestDatabase } from '../../testing/pg-database';
import { registerPatients } from '../../testing/patients';
import { ManualClock, startTestApp, type TestApp } from '../../testing/test-app';

const NOW = '2030-03-04T06:00:00.000Z';
const JOBS = ['calendar-roll', 'workflow-sweep', 'fiscal-retention'];

/**
 * The periodic jobs other than the outbox (the calendar roll, the workflow sweep, fiscal retention) with two whole app
 * instances on one PostgreSQL database, as in scale-out: events, read models, keys and job leases in PostgreSQL, a
 * projections worker, Redis between them. The jobs' timers are off (HOLD_SWEEP_SECONDS=0; fiscal retention's first run
 * at start is A's, B starting later): each job's run is called explicitly on either instance, and the clock is the
 * test's. While A holds a job, B's run does nothing; once A stops, B's next run takes it over.
 */
describe('periodic jobs with two app instances on one PostgreSQL database', () => {
  const clock = new ManualClock(new Date(NOW));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let worker: { core: Core; unpublish(): Promise<void>; dataDir: string } | undefined;
  let a: TestApp;
  let b: TestApp;
  let aClosed = false;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase('periodic_jobs');
    env = {
      DATABASE_URL: database.url,
      EVENT_STORE: 'postgres',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `jobs-${randomUUID()}:`,
      RUN_PROJECTIONS: 'false',
      HOLD_SWEEP_SECONDS: '0',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      LOOKUP_SECRET: randomBytes(24).toString('hex'),
      CHAIN_KEY: randomBytes(24).toString('hex'),
      KEY_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
    };
    // the projections worker (worker.ts), in this process: the only writer of the read models, telling both instances
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-jobs-worker-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env });
    const core = await openCore({ ...config, runProjections: true });
    const unpublish = publishChangesToRedis(core.runner, config.redisUrl!, config.redisPrefix);
    await core.runner.start();
    worker = { core, unpublish, dataDir };
    a = await startTestApp(env, undefined, clock);
    // A's start-up pass is over before B exists: every job's lease goes to A, whatever the timing
    await a.app.get(WorkflowSweepService).startupPass;
    for (const job of JOBS) expect(await a.core.jobs.holds(job)).toBe(true);
    b = await startTestApp(env, undefined, clock);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    if (!aClosed) await a?.close();
    if (worker) {
      await worker.unpublish();
      await closeCore(worker.core);
      rmSync(worker.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  });

  const head = () => a.core.eventStore.headPosition();
  const lastOfBooking = async (app: TestApp, bookingId: string) => (await app.core.eventStore.readStream(bookingStreamName(bookingId))).at(-1);
  const hold = async (start: string): Promise<string> => {
    const [patient] = await registerPatients(a, 1, 'lavori');
    const medico1 = a.ids['medico1@example.it'];
    const res = await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: medico1, availability_id: slotId(medico1, start) })
      .expect(201);
    return res.body.id as string;
  };

  it('each job has one holder: B asks and is refused, tick after tick, while A holds it', async () => {
    for (let tick = 0; tick < 3; tick++) {
      for (const job of JOBS) {
        expect(await b.core.jobs.holds(job)).toBe(false);
        expect(await a.core.jobs.holds(job)).toBe(true);
      }
    }
  });

  it('calendar roll: B’s run appends nothing, A’s opens the days up to the horizon', async () => {
    const before = await head();
    expect(await b.app.get(AvailabilityToolsService).rollIfHolder()).toBeNull();
    expect(await head()).toBe(before);
    const rolled = await a.app.get(AvailabilityToolsService).rollIfHolder();
    expect(rolled?.days).toBeGreaterThan(0);
    expect(await head()).toBeGreaterThan(before);
  });

  it('workflow sweep: a hold past its time is ended by A’s sweep, never by B’s', async () => {
    const bookingId = await hold('2030-03-05T11:30:00Z');
    clock.advance(16);
    await a.core.changes.waitFor(await head());
    const before = await head();
    expect(await b.app.get(WorkflowSweepService).sweep()).toEqual([]);
    expect(await head()).toBe(before);
    expect((await lastOfBooking(a, bookingId))?.type).not.toBe('BookingHoldEnded');
    const outcomes = await a.app.get(WorkflowSweepService).sweep();
    expect(outcomes.filter((o) => (o.input as { bookingId?: string }).bookingId === bookingId)).toHaveLength(1);
    expect(await lastOfBooking(a, bookingId)).toMatchObject({ type: 'BookingHoldEnded', data: { reason: 'expired' } });
  });

  it('fiscal retention: an expired fiscal key is shredded by A’s run, never by B’s', async () => {
    const key = fiscalKeyId(a.ids['medico1@example.it'], 2018);
    await a.core.personalData.seal(key, { prova: true });
    expect(await b.app.get(FiscalRetentionService).shredIfHolder()).toBeNull();
    expect(await a.core.personalData.subjectsStartingWith('fiscal:')).toContain(key);
    expect(await a.app.get(FiscalRetentionService).shredIfHolder()).toEqual([key]);
    expect(await a.core.personalData.subjectsStartingWith('fiscal:')).not.toContain(key);
  });

  it('A stops: B’s next run of each job takes it over and does the work A left', async () => {
    // work for each job, made while A holds them all
    const bookingId = await hold('2030-03-06T10:00:00Z');
    const key = fiscalKeyId(a.ids['medico1@example.it'], 2019);
    await a.core.personalData.seal(key, { prova: true });
    // a week on: the hold is past its time, and five more working days come inside the calendar's horizon
    clock.advance(7 * 24 * 60);
    await a.core.changes.waitFor(await head());
    const before = await head();
    expect(await b.app.get(AvailabilityToolsService).rollIfHolder()).toBeNull();
    expect(await b.app.get(WorkflowSweepService).sweep()).toEqual([]);
    expect(await b.app.get(FiscalRetentionService).shredIfHolder()).toBeNull();
    expect(await head()).toBe(before);

    await a.close();
    aClosed = true;
    // A's stop ends its lease session, and the server frees the session's locks before the connection closes: B's very
    // next run takes each job, no waiting (the roll: Monday 6 to Friday
    // 10 May, the days the week brought inside the horizon, for both demo doctors)
    expect(await b.app.get(AvailabilityToolsService).rollIfHolder()).toMatchObject({ days: 10 });
    await b.app.get(WorkflowSweepService).sweep();
    expect(await lastOfBooking(b, bookingId)).toMatchObject({ type: 'BookingHoldEnded', data: { reason: 'expired' } });
    expect(await b.app.get(FiscalRetentionService).shredIfHolder()).toEqual([key]);
    for (const job of JOBS) expect(await b.core.jobs.holds(job)).toBe(true);
  });
});
