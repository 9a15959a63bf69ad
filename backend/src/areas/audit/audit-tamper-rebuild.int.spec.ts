import Database from 'better-sqlite3';
import { join } from 'node:path';
import {
  AUDIT_REBUILD_PROGRESS,
  AUDIT_REBUILD_WATCH,
  ERASED_PLACEHOLDER,
  userStreamName,
  type AuditEventsPage,
  type RebuildProgressMessage,
} from '@studio/contracts';
import { allProjections } from '../../app/infrastructure/projections';
import { DEMO_PASSWORD } from '../../app/seed/demo-seed';
import { registerPatients, type TestPatient } from '../../testing/patients';
import { connect, sessionCookieOf } from '../../testing/sockets';
import { client, startTestApp, type Client, type TestApp } from '../../testing/test-app';
import { RebuildService } from './rebuild.gateway';

describe("auditor's history over HTTP", () => {
  let app: TestApp;
  let medico1: string;
  let auditor: Client;
  let admin: Client;
  let doctor: Client;
  let patient: TestPatient;
  let bookingId: string;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' });
    medico1 = app.ids['medico1@example.it'];
    auditor = await client(app, 'auditor@example.it');
    admin = await client(app, 'admin@example.it');
    doctor = await client(app, 'medico1@example.it');
    [patient] = await registerPatients(app, 1, 'audit');
    const free = (await patient.agent.get('/disponibilita/query').query({ for: medico1, date: '2030-03-05' }).expect(200)).body as {
      id: string;
      hour: string;
    }[];
    const held = await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      // a client's correlation id is ignored: the chain is the server's
      .set('X-Correlation-Id', 'chain-of-the-hold-1')
      .send({ doctor_id: medico1, availability_id: free[0].id })
      .expect(201);
    bookingId = held.body.id;
    await settle();
  });
  afterAll(() => app.close());

  const settle = async () => app.core.changes.waitFor(await app.core.eventStore.headPosition());
  const events = (c: Client, query: Record<string, string | number>) => c.agent.get('/api/audit/events').query(query);
  const page = async (query: Record<string, string | number>): Promise<AuditEventsPage> => (await events(auditor, query).expect(200)).body;

  describe('tamper evidence', () => {
    it('verifies the whole log and a stream, and points at an event edited directly in SQLite', async () => {
      const whole = (await auditor.agent.get('/api/audit/verify').expect(200)).body;
      expect(whole).toMatchObject({ ok: true, firstBroken: null, checked: await app.core.eventStore.headPosition() });
      const stream = `booking-${bookingId}`;
      expect((await auditor.agent.get('/api/audit/verify').query({ stream }).expect(200)).body).toMatchObject({ ok: true, checked: 1 });
      const [target] = await app.core.eventStore.readStream(stream);

      const raw = new Database(join(app.dataDir, 'events.db'));
      try {
        const data = JSON.parse((raw.prepare('SELECT data FROM events WHERE position = ?').get(target.position) as { data: string }).data);
        raw.prepare('UPDATE events SET data = ? WHERE position = ?').run(JSON.stringify({ ...data, expiresAt: '2099-01-01T00:00:00.000Z' }), target.position);
      } finally {
        raw.close();
      }
      const broken = (await auditor.agent.get('/api/audit/verify').expect(200)).body;
      expect(broken).toMatchObject({ ok: false, firstBroken: { position: target.position, stream, revision: 0, reason: 'hash_mismatch', eventId: target.id } });
      expect((await auditor.agent.get('/api/audit/verify').query({ stream }).expect(200)).body.firstBroken).toMatchObject({ position: target.position });
      await auditor.agent.get('/api/audit/verify').query({ stream: 'booking-inesistente' }).expect(404);
    });
  });

  describe('rebuild and erasure', () => {
    it('the admin rebuilds a projection with progress over socket.io; the answer stays the same', async () => {
      const projections = (await admin.agent.get('/api/audit/projections').expect(200)).body as string[];
      expect(projections).toEqual(allProjections.map((p) => p.name));
      const range = { for: medico1, start: '2030-03-04T00:00:00Z', end: '2030-03-11T00:00:00Z' };
      const before = (await doctor.agent.get('/disponibilita/json').query(range).expect(200)).body;

      const socket = await connect(app);
      const adminSocket = await connectAs('admin@example.it');
      try {
        expect(await socket.timeout(5000).emitWithAck(AUDIT_REBUILD_WATCH, {})).toMatchObject({ ok: false });
        expect(await adminSocket.timeout(5000).emitWithAck(AUDIT_REBUILD_WATCH, {})).toEqual({ ok: true });
        const messages: RebuildProgressMessage[] = [];
        const finished = new Promise<void>((resolve) =>
          adminSocket.on(AUDIT_REBUILD_PROGRESS, (m: RebuildProgressMessage) => {
            messages.push(m);
            if (m.finished) resolve();
          }),
        );
        const started = await admin.agent.post('/api/audit/rebuild').set('X-CSRF-Token', admin.csrf).send({ projection: 'availability_slots' }).expect(202);
        expect(started.body).toMatchObject({ projection: 'availability_slots', total: expect.any(Number) });
        await finished;
        const last = messages[messages.length - 1];
        expect(last).toMatchObject({ projection: 'availability_slots', finished: true });
        expect(last.done).toBeGreaterThanOrEqual(started.body.total);
        expect(last.eventsPerSecond).toBeGreaterThan(0);
      } finally {
        socket.disconnect();
        adminSocket.disconnect();
      }
      expect((await doctor.agent.get('/disponibilita/json').query(range).expect(200)).body).toEqual(before);
      const unknown = await admin.agent.post('/api/audit/rebuild').set('X-CSRF-Token', admin.csrf).send({ projection: 'ricette' }).expect(404);
      expect(unknown.body.error.message).toBe('Proiezione sconosciuta.');
    });

    it('erasure destroys the key, keeps bookings, records who and when, and the log still replays', async () => {
      const [victim] = await registerPatients(app, 1, 'erase');
      const free = (await victim.agent.get('/disponibilita/query').query({ for: medico1, date: '2030-03-06' }).expect(200)).body as { id: string }[];
      const held = await victim.agent
        .post('/prenotazioni')
        .set('X-CSRF-Token', victim.csrf)
        .send({ doctor_id: medico1, availability_id: free[0].id })
        .expect(201);

      const erased = await admin.agent.post(`/api/audit/patients/${victim.id}/erase`).set('X-CSRF-Token', admin.csrf).expect(200);
      expect(erased.body).toMatchObject({ patientId: victim.id, erasedAt: expect.any(String) });
      const [last] = await app.core.eventStore.readStream(userStreamName(victim.id), { direction: 'backwards', maxCount: 1 });
      expect(last).toMatchObject({
        type: 'PersonalDataErased',
        data: { userId: victim.id, erasedBy: app.ids['admin@example.it'] },
        metadata: { role: 'admin' },
      });
      expect(await app.core.appDb.selectFrom('subject_keys').select('subject_id').where('subject_id', '=', victim.id).execute()).toEqual([]);
      // the person is gone: no login, no readable name; the booking is still there
      const c = await client(app);
      await c.agent.post('/api/auth/login').set('X-CSRF-Token', c.csrf).send({ email: victim.email, password: DEMO_PASSWORD }).expect(401);
      const record = (await admin.agent.get(`/api/audit/patients/${victim.id}`).query({ at: new Date().toISOString() }).expect(200)).body;
      expect(record).toMatchObject({ name: ERASED_PLACEHOLDER, bookings: [{ id: held.body.id }] });
      const registered = (await page({ stream: userStreamName(victim.id), type: 'UserRegistered' })).events[0];
      expect((await admin.agent.get(`/api/audit/events/${registered.position}`).expect(200)).body.data.personal).toBe(ERASED_PLACEHOLDER);
      const again = await admin.agent.post(`/api/audit/patients/${victim.id}/erase`).set('X-CSRF-Token', admin.csrf).expect(409);
      expect(again.body.error.message).toMatch(/già stato cancellato/);
      await admin.agent.post('/api/audit/patients/sconosciuto/erase').set('X-CSRF-Token', admin.csrf).expect(404);

      // every projection replays the log end to end after the erasure
      const rebuilds = app.app.get(RebuildService);
      for (const name of ['users', 'bookings', 'questionnaire_answers', 'orders']) {
        await admin.agent.post('/api/audit/rebuild').set('X-CSRF-Token', admin.csrf).send({ projection: name }).expect(202);
        await rebuilds.settled(name);
      }
      const user = await app.core.readModels.get<{ personal: unknown; erased?: boolean }>('users', victim.id);
      expect(user?.doc).toMatchObject({ personal: null, erased: true });
      expect((await app.core.readModels.get('bookings', held.body.id))?.doc).toMatchObject({ patientId: victim.id });
      // the erased person's streams still verify (the tamper test above broke another stream on purpose)
      for (const stream of [userStreamName(victim.id), `booking-${held.body.id}`]) {
        expect((await auditor.agent.get('/api/audit/verify').query({ stream }).expect(200)).body).toMatchObject({ ok: true });
      }
    });
  });

  /** a socket.io client carrying the session cookie of a fresh login */
  async function connectAs(email: string) {
    const { agent } = await client(app, email);
    return connect(app, sessionCookieOf(agent as never));
  }
});
