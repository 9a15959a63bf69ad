import {
  ENCRYPTED_PLACEHOLDER,
  accessStreamName,
  slotId,
  userStreamName,
  type AccessLogEntry,
  type Answers,
  type AuditEventRow,
  type AuditEventsPage,
  type QuestionnaireView,
} from '@studio/contracts';
import request from 'supertest';
import { registerPatients, type TestPatient } from '../../testing/patients';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../testing/test-app';

const ANSWERS: Answers = {
  allergie: { choices: ['no'] },
  alimentazione: { choices: ['vegetariana'] },
  attivita: { choices: ['nuoto'] },
  frequenza: { choices: ['3-4'] },
  pasti: { choices: ['4-5'] },
  patologie: { choices: ['no'] },
  farmaci: { choices: ['no'] },
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("auditor's history over HTTP", () => {
  let app: TestApp;
  let medico1: string;
  let auditor: Client;
  let admin: Client;
  let doctor: Client;
  let patient: TestPatient;
  let bookingId: string;
  let holdStart: string;

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
    holdStart = free[0].id;
    await settle();
  });
  afterAll(() => app.close());

  const settle = async () => app.core.changes.waitFor(await app.core.eventStore.headPosition());
  const events = (c: Client, query: Record<string, string | number>) => c.agent.get('/api/audit/events').query(query);
  const page = async (query: Record<string, string | number>): Promise<AuditEventsPage> => (await events(auditor, query).expect(200)).body;

  describe('permissions', () => {
    it.each([
      ['/api/audit/events'],
      ['/api/audit/events/1'],
      ['/api/audit/verify'],
      ['/api/audit/availability?for=x&start=2030-03-04T00:00:00Z&end=2030-03-05T00:00:00Z&at=2030-03-04T00:00:00Z'],
      ['/api/audit/patients/x?at=2030-03-04T00:00:00Z'],
      ['/api/audit/patient-ids'],
    ])('%s: 401 without login, 403 for patients and doctors', async (path) => {
      expect((await request(app.app.getHttpServer()).get(path).expect(401)).body.error).toEqual({
        code: 'non_autenticato',
        message: 'Accesso richiesto: effettua il login.',
      });
      for (const c of [patient, doctor]) {
        const res = await c.agent.get(path).expect(403);
        expect(res.body.error).toMatchObject({ code: 'vietato', message: expect.stringMatching(/permessi/) });
      }
    });

    it('erasure and rebuild are for the admin only, and need the CSRF token', async () => {
      const before = await app.core.eventStore.headPosition();
      await auditor.agent.post(`/api/audit/patients/${patient.id}/erase`).set('X-CSRF-Token', auditor.csrf).expect(403);
      await auditor.agent.post('/api/audit/rebuild').set('X-CSRF-Token', auditor.csrf).send({ projection: 'users' }).expect(403);
      await auditor.agent.get('/api/audit/projections').expect(403);
      const noToken = await admin.agent.post(`/api/audit/patients/${patient.id}/erase`).expect(403);
      expect(noToken.body.error.code).toBe('csrf_non_valido');
      expect(await app.core.eventStore.headPosition()).toBe(before);
    });

    it("the access log of /home is the patient's own", async () => {
      await auditor.agent.get('/api/me/access-log').expect(403);
      await patient.agent.get('/api/me/access-log').expect(200);
    });
  });

  describe('GET /api/audit/events filters', () => {
    const all = async () => {
      const rows: AuditEventRow[] = [];
      let after: number | null = null;
      do {
        const p: AuditEventsPage = await page({ limit: 200, ...(after ? { after } : {}) });
        rows.push(...p.events);
        after = p.next;
      } while (after);
      return rows;
    };

    it('lists the whole log newest first, paged by global position without gaps or repeats', async () => {
      const rows = await all();
      expect(rows).toHaveLength(await app.core.eventStore.headPosition());
      const positions = rows.map((r) => r.position);
      expect(positions).toEqual([...positions].sort((a, b) => b - a));
      expect(new Set(positions).size).toBe(positions.length);
      const first = await page({ limit: 3 });
      expect(first.events).toHaveLength(3);
      const second = await page({ limit: 3, after: first.next! });
      expect(second.events[0].position).toBeLessThan(first.events[2].position);
      expect(second.events.map((e) => e.position)).toEqual(positions.slice(3, 6));
      expect(first.events[0]).toMatchObject({
        stream: expect.any(String),
        type: expect.any(String),
        userId: expect.any(String),
        role: expect.any(String),
        correlationId: expect.any(String),
        causationId: expect.any(String),
        at: expect.any(String),
      });
    });

    it('by stream, type, category and correlation', async () => {
      const byStream = await page({ stream: `booking-${bookingId}` });
      expect(byStream.events.map((e) => e.type)).toEqual(['BookingHeld']);
      const byType = await page({ type: 'SlotHeld', limit: 200 });
      expect(byType.events.length).toBeGreaterThan(0);
      expect(byType.events.every((e) => e.type === 'SlotHeld')).toBe(true);
      for (const [category, kinds] of [
        ['availability', ['availability']],
        ['booking', ['booking']],
        ['product', ['product']],
        ['coupon', ['coupon']],
        ['questionnaire', ['questionnaire']],
        ['patient', ['patient', 'user', 'email', 'access']],
      ] as const) {
        const rows = (await page({ category, limit: 200 })).events;
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => (kinds as readonly string[]).includes(r.category))).toBe(true);
      }
      // the demo foods are on food- streams: the diet category takes them with diet- streams
      const diet = (await page({ category: 'diet', limit: 200 })).events;
      expect(diet.length).toBeGreaterThan(0);
      expect(diet.every((r) => ['diet', 'food'].includes(r.category))).toBe(true);
      expect((await page({ correlation: 'chain-of-the-hold-1' })).events).toEqual([]);
      const [held] = await app.core.eventStore.readStream(`booking-${bookingId}`);
      const chain = await page({ correlation: held.metadata.correlationId });
      expect(chain.events.map((e) => e.type).sort()).toEqual(['BookingHeld', 'PatientHoldClaimed', 'SlotHeld']);
    });

    it('by doctor, by patient and by time range', async () => {
      const mine = (await page({ patient: patient.id, limit: 200 })).events;
      expect(mine.map((e) => e.type)).toEqual(expect.arrayContaining(['UserRegistered', 'BookingHeld', 'SlotHeld']));
      const doctors = (await page({ doctor: medico1, limit: 200 })).events;
      expect(doctors.length).toBeGreaterThan(0);
      expect(doctors.some((e) => e.stream.startsWith(`availability-${medico1}-`))).toBe(true);
      expect(doctors.some((e) => e.stream.includes(app.ids['medico2@example.it']))).toBe(false);
      const held = mine.find((e) => e.type === 'BookingHeld')!;
      const window = (await page({ from: held.at, to: held.at, limit: 200 })).events;
      expect(window.map((e) => e.id)).toContain(held.id);
      expect(window.every((e) => e.at === held.at)).toBe(true);
      expect((await page({ to: '2000-01-01T00:00:00Z' })).events).toEqual([]);
    });

    it.each([
      [{ category: 'ricette' }, /Categoria sconosciuta/],
      [{ after: -3 }, /Posizione non valida/],
      [{ from: 'ieri' }, /Istante non valido/],
      [{ from: '2030-03-05T00:00:00Z', to: '2030-03-04T00:00:00Z' }, /fine dell’intervallo/],
    ])('bad input %j: 400 in Italian', async (query, message) => {
      const res = await events(auditor, query).expect(400);
      expect(res.body.error.message).toMatch(message);
    });
  });

  describe('event detail, personal fields and the access log', () => {
    async function registeredEvent() {
      return (await page({ stream: userStreamName(patient.id), type: 'UserRegistered' })).events[0];
    }

    it('the auditor reads personal fields sealed, and no access is recorded', async () => {
      const row = await registeredEvent();
      const before = await app.core.eventStore.readStream(accessStreamName(patient.id));
      const detail = (await auditor.agent.get(`/api/audit/events/${row.position}`).expect(200)).body;
      expect(detail).toMatchObject({ type: 'UserRegistered', decrypted: false, data: { personal: ENCRYPTED_PLACEHOLDER, userId: patient.id } });
      expect(detail.metadata).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), correlationId: row.correlationId });
      expect(await app.core.eventStore.readStream(accessStreamName(patient.id))).toHaveLength(before.length);
    });

    it('the admin reads them in clear, the read is recorded, and the patient sees it on /home', async () => {
      const row = await registeredEvent();
      const detail = (await admin.agent.get(`/api/audit/events/${row.position}`).expect(200)).body;
      expect(detail).toMatchObject({ decrypted: true, data: { personal: { name: 'Paziente', surname: 'Prova 0' } } });
      const [access] = await app.core.eventStore.readStream(accessStreamName(patient.id), { direction: 'backwards', maxCount: 1 });
      expect(access).toMatchObject({
        type: 'PersonalDataAccessed',
        data: { subjectId: patient.id, viewerId: app.ids['admin@example.it'], viewerRole: 'admin', what: 'audit_event' },
      });
      await settle();
      const log = (await patient.agent.get('/api/me/access-log').expect(200)).body as AccessLogEntry[];
      expect(log[0]).toMatchObject({ viewerRole: 'admin', what: 'audit_event', viewerName: expect.any(String) });
      // /storico says what each read was of, so that it can group repeated reads as /home does
      const [read] = (await page({ stream: accessStreamName(patient.id), type: 'PersonalDataAccessed' })).events;
      expect(read).toMatchObject({ type: 'PersonalDataAccessed', what: 'audit_event' });
    });

    it("the auditor's patient field lists patients by id only (no name), so no id is typed", async () => {
      const ids = (await auditor.agent.get('/api/audit/patient-ids').expect(200)).body as { id: string }[];
      expect(ids).toContainEqual({ id: patient.id });
      expect(ids.every((p) => Object.keys(p).join() === 'id')).toBe(true);
    });

    it("a doctor reading the patient's questionnaire answers is recorded", async () => {
      const [questionnaire] = (await patient.agent.get('/api/questionnaires').expect(200)).body as QuestionnaireView[];
      await patient.agent.post(`/api/questionnaires/${questionnaire.id}/answers`).set('X-CSRF-Token', patient.csrf).send({ answers: ANSWERS }).expect(201);
      await doctor.agent.get(`/api/patients/${patient.id}/answers`).expect(200);
      await settle();
      const log = (await patient.agent.get('/api/me/access-log').expect(200)).body as AccessLogEntry[];
      expect(log[0]).toMatchObject({ viewerId: medico1, viewerRole: 'doctor', what: 'questionnaire_answers' });
    });

    it('404 for a position that holds no event', async () => {
      const res = await auditor.agent.get('/api/audit/events/99999999').expect(404);
      expect(res.body.error.message).toBe('Evento non trovato.');
    });
  });

  describe('as-of replay', () => {
    it('GET /api/audit/availability answers what /disponibilita/json answered at that instant', async () => {
      // the third week: inside working hours, never opened by the seed
      const slot = { for: medico1, start: '2030-03-19T10:00:00Z', end: '2030-03-19T10:30:00Z' };
      const range = { for: medico1, start: '2030-03-18T00:00:00Z', end: '2030-03-25T00:00:00Z' };
      const before = (await doctor.agent.get('/disponibilita/json').query(range).expect(200)).body;
      const t0 = new Date().toISOString();
      await sleep(5);
      await doctor.agent.post('/disponibilita/toggle').set('X-CSRF-Token', doctor.csrf).send(slot).expect(200); // t1: open
      await settle();
      const between = (await doctor.agent.get('/disponibilita/json').query(range).expect(200)).body;
      await sleep(5);
      const tBetween = new Date().toISOString();
      await sleep(5);
      await doctor.agent.post('/disponibilita/toggle').set('X-CSRF-Token', doctor.csrf).send(slot).expect(200); // t2: closed again
      await settle();
      const now = (await doctor.agent.get('/disponibilita/json').query(range).expect(200)).body;

      const asOf = async (at: string) =>
        (
          await auditor.agent
            .get('/api/audit/availability')
            .query({ ...range, at })
            .expect(200)
        ).body;
      const statusOf = (answer: { start: string; status: string }[]) => answer.find((e) => e.start === slot.start)!.status;
      expect(statusOf(between)).toBe('available');
      expect(await asOf(tBetween)).toEqual(between);
      expect(await asOf(t0)).toEqual(before);
      expect(await asOf(new Date().toISOString())).toEqual(now);
      expect(statusOf(await asOf(tBetween))).toBe('available');
      expect(statusOf(await asOf(new Date().toISOString()))).toBe('unavailable');
      // a doctor who did not exist yet
      const res = await auditor.agent
        .get('/api/audit/availability')
        .query({ ...range, at: '2000-01-01T00:00:00Z' })
        .expect(404);
      expect(res.body.error.message).toMatch(/Medico non trovato/);
      await auditor.agent
        .get('/api/audit/availability')
        .query({ ...range, at: 'domani' })
        .expect(400);
    });

    it("a patient's bookings as of an instant", async () => {
      const record = (await auditor.agent.get(`/api/audit/patients/${patient.id}`).query({ at: new Date().toISOString() }).expect(200)).body;
      expect(record).toMatchObject({ name: ENCRYPTED_PLACEHOLDER, bookings: [{ id: bookingId, status: 'held', doctorId: medico1 }], orders: [] });
      // the slot the patient held, not another
      expect(slotId(medico1, record.bookings[0].start)).toBe(holdStart);
      const early = (await auditor.agent.get(`/api/audit/patients/${patient.id}`).query({ at: '2000-01-01T00:00:00Z' }).expect(200)).body;
      expect(early.bookings).toEqual([]);
    });
  });
});

describe('as-of replay on the injectable clock', () => {
  // demo seed: today = Monday 2030-03-04; the third week is inside working hours and never opened
  const clock = new ManualClock(new Date('2030-03-04T06:00:00.000Z'));
  let app: TestApp;
  afterAll(() => app.close());

  it('toggle at t1, toggle back at t2: an instant between them shows the slot as it was', async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    const medico1 = app.ids['medico1@example.it'];
    const doctor = await client(app, 'medico1@example.it');
    const auditor = await client(app, 'auditor@example.it');
    const slot = { for: medico1, start: '2030-03-20T11:00:00Z', end: '2030-03-20T11:30:00Z' };
    const range = { for: medico1, start: '2030-03-18T00:00:00Z', end: '2030-03-25T00:00:00Z' };
    const toggle = () => doctor.agent.post('/disponibilita/toggle').set('X-CSRF-Token', doctor.csrf).send(slot).expect(200);

    clock.set('2030-03-04T09:00:00.000Z'); // t1
    await toggle();
    clock.set('2030-03-04T10:00:00.000Z'); // t2
    await toggle();
    await app.core.changes.waitFor(await app.core.eventStore.headPosition());

    const statusAt = async (at: string) => {
      const answer = (
        await auditor.agent
          .get('/api/audit/availability')
          .query({ ...range, at })
          .expect(200)
      ).body as { start: string; status: string }[];
      return answer.find((e) => e.start === slot.start)!.status;
    };
    expect(await statusAt('2030-03-04T08:59:59.999Z')).toBe('unavailable');
    expect(await statusAt('2030-03-04T09:00:00.000Z')).toBe('available');
    expect(await statusAt('2030-03-04T09:30:00.000Z')).toBe('available');
    expect(await statusAt('2030-03-04T10:00:00.000Z')).toBe('unavailable');
    // the live answer is today's, and the as-of answer at the end equals it
    const live = (await doctor.agent.get('/disponibilita/json').query(range).expect(200)).body;
    expect(
      (
        await auditor.agent
          .get('/api/audit/availability')
          .query({ ...range, at: '2030-03-04T11:00:00.000Z' })
          .expect(200)
      ).body,
    ).toEqual(live);
  });
});
