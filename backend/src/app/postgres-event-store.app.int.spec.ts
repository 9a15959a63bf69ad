import { randomBytes } from 'node:crypto';
import type { AuditEventsPage } from '@studio/contracts';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { createTestDatabase } from '../testing/pg-database';
import { registerPatients } from '../testing/patients';
import { client, startTestApp, type TestApp } from '../testing/test-app';

/** The whole app with its events, read models, sessions and keys in one PostgreSQL database (EVENT_STORE=postgres). */
describe('the app on the PostgreSQL event store', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: TestApp;
  const secrets = {
    SESSION_SECRET: randomBytes(24).toString('hex'),
    LOOKUP_SECRET: randomBytes(24).toString('hex'),
    CHAIN_KEY: randomBytes(24).toString('hex'),
    KEY_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
  };
  beforeAll(async () => {
    database = await createTestDatabase('app_on_pg_events');
    app = await startTestApp({ DATABASE_URL: database.url, EVENT_STORE: 'postgres', ...secrets });
  });
  afterAll(async () => {
    await app?.close();
    await database.drop();
  });

  it('registers, signs in, erases; the log is in PostgreSQL, signed, and the auditor verifies and lists it', async () => {
    expect(app.core.eventStore).toBeInstanceOf(PostgresEventStore);
    const [patient, erased] = await registerPatients(app, 2, 'pgev');
    await app.core.changes.waitFor(await app.core.eventStore.headPosition());
    const auditor = await client(app, 'auditor@example.it');
    const verify = (await auditor.agent.get('/api/audit/verify').expect(200)).body as { ok: boolean; checked: number };
    expect(verify.ok).toBe(true);
    expect(verify.checked).toBe((await app.core.eventStore.readAll()).length);
    // the auditor's index is a read model here (as with any log outside SQLite), filled by the projections
    const listed = (await auditor.agent.get('/api/audit/events').query({ limit: 200 }).expect(200)).body as AuditEventsPage;
    expect(listed.events.some((e) => e.stream === `user-${patient.id}`)).toBe(true);
    const admin = await client(app, 'admin@example.it');
    await admin.agent.post(`/api/audit/patients/${erased.id}/erase`).set('X-CSRF-Token', admin.csrf).expect(200);
    // the signed chain still verifies after the erasure's own event
    expect((await auditor.agent.get('/api/audit/verify').expect(200)).body).toMatchObject({ ok: true });
    // the erased person's key is gone; the other's is stored wrapped
    const keys = await app.core.appDb.selectFrom('subject_keys').selectAll().execute();
    expect(keys.map((k) => k.subject_id)).not.toContain(erased.id);
    expect(keys.find((k) => k.subject_id === patient.id)?.key).toMatch(/^w1:/);
  }, 60_000);
});
