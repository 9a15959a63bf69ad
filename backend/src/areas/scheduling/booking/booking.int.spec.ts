import { SLOT_COLORS, availabilityStreamName, bookingStreamName, slotId } from '@studio/contracts';
import request from 'supertest';
import { SLOT_TAKEN_MESSAGE } from '../availability';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type TestApp } from '../../../testing/test-app';

// demo seed: today = Monday 2030-03-04; medico1 open 09:00–13:00, medico2 14:00–18:00 on weekdays of this week and the next.
// The clock stands at 07:00 in Rome (06:00Z, winter time).
const NOW = '2030-03-04T06:00:00.000Z';

describe('booking: free slots and holds over HTTP', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let medico1: string;
  let medico2: string;
  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
  });
  afterEach(() => clock.set(NOW));
  afterAll(() => app.close());

  const head = () => app.core.eventStore.headPosition();
  const anon = () => request(app.app.getHttpServer());
  const freeHours = async (doctorId: string, date: string) =>
    ((await anon().get('/disponibilita/query').query({ for: doctorId, date }).expect(200)).body as { hour: string }[]).map((s) => s.hour);
  const hold = (p: { agent: TestPatient['agent']; csrf: string }, doctorId: string, start: string) =>
    p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start) });

  describe('GET /disponibilita/query (public)', () => {
    it("answers the day's free slots as {id, hour}, sorted, to a visitor without a session", async () => {
      const res = await anon().get('/disponibilita/query').query({ for: medico1, date: '2030-03-05' }).expect(200);
      expect(res.body).toEqual(
        ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'].map((hour) => ({ id: slotId(medico1, `2030-03-05T${hour}:00Z`), hour })),
      );
      expect(await freeHours(medico1, '2030-03-09')).toEqual([]); // Saturday
      expect(await freeHours(medico2, '2030-03-05')).toHaveLength(8);
    });

    it('leaves out slots that have begun at the practice (Europe/Rome)', async () => {
      clock.set('2030-03-05T08:10:00Z'); // 09:10 in Rome
      expect((await freeHours(medico1, '2030-03-05'))[0]).toBe('09:30');
      clock.set('2030-03-12T12:00:00Z');
      expect(await freeHours(medico1, '2030-03-05')).toEqual([]);
    });

    it('offers only slots inside the doctor’s current working hours, and refuses a hold outside them', async () => {
      const doctor = await client(app, 'medico1@example.it');
      await doctor.agent.put(`/api/doctors/${medico1}/working-hours`).set('X-CSRF-Token', doctor.csrf).send({ startHour: 10, endHour: 12 }).expect(200);
      try {
        expect(await freeHours(medico1, '2030-03-06')).toEqual(['10:00', '10:30', '11:00', '11:30']);
        const [patient] = await registerPatients(app, 1);
        const before = await head();
        const res = await hold(patient, medico1, '2030-03-06T09:00:00Z');
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/fuori dall’orario/);
        expect(await head()).toBe(before);
      } finally {
        await doctor.agent.put(`/api/doctors/${medico1}/working-hours`).set('X-CSRF-Token', doctor.csrf).send({ startHour: 8, endHour: 19 }).expect(200);
      }
    });

    it('refuses a bad date or doctor with an Italian error', async () => {
      for (const date of ['05/03/2030', '2030-02-31', '']) {
        const res = await anon().get('/disponibilita/query').query({ for: medico1, date });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/Data/);
      }
      expect((await anon().get('/disponibilita/query').query({ date: '2030-03-05' })).status).toBe(400);
      const unknown = await anon().get('/disponibilita/query').query({ for: 'nessuno', date: '2030-03-05' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe('Medico non trovato.');
      expect((await anon().get('/disponibilita/query').query({ for: app.ids['paziente1@example.it'], date: '2030-03-05' })).status).toBe(404);
    });
  });

  describe('GET /api/doctors… (public)', () => {
    it('lists the doctors and one doctor to a visitor', async () => {
      expect((await anon().get('/api/doctors').expect(200)).body.map((d: { name: string }) => d.name)).toEqual(['Giulia Rossi', 'Marco Bianchi']);
      expect((await anon().get(`/api/doctors/${medico2}`).expect(200)).body).toMatchObject({ id: medico2, name: 'Marco Bianchi' });
    });

    it('answers the days with free slots and how many', async () => {
      const res = await anon().get(`/api/doctors/${medico1}/days`).query({ from: '2030-03-02', to: '2030-03-17' }).expect(200);
      expect(res.body).toEqual(['04', '05', '06', '07', '08', '11', '12', '13', '14', '15'].map((d) => ({ date: `2030-03-${d}`, free: 8 })));
      clock.set('2030-03-04T10:10:00Z'); // 11:10 in Rome: Monday keeps 11:30–12:30
      const later = await anon().get(`/api/doctors/${medico1}/days`).query({ from: '2030-03-04', to: '2030-03-04' }).expect(200);
      expect(later.body).toEqual([{ date: '2030-03-04', free: 3 }]);
    });

    it('refuses a reversed or too long range and an unknown doctor', async () => {
      const reversed = await anon().get(`/api/doctors/${medico1}/days`).query({ from: '2030-03-10', to: '2030-03-01' });
      expect(reversed.status).toBe(400);
      expect(reversed.body.error.message).toMatch(/deve seguire/);
      const long = await anon().get(`/api/doctors/${medico1}/days`).query({ from: '2030-03-01', to: '2030-05-02' });
      expect(long.status).toBe(400);
      expect(long.body.error.message).toMatch(/62 giorni/);
      expect((await anon().get(`/api/doctors/${medico1}/days`).query({ from: '2030-03-01', to: '2030-05-01' })).status).toBe(200);
      expect((await anon().get('/api/doctors/nessuno/days').query({ from: '2030-03-01', to: '2030-03-02' })).status).toBe(404);
    });
  });

  describe('POST /prenotazioni', () => {
    it('holds the slot for the patient: 201 {id, expiresAt}, one event per stream, red in the calendar', async () => {
      const [p] = await registerPatients(app, 1);
      const start = '2030-03-05T10:00:00Z';
      const res = await hold(p, medico1, start).expect(201);
      expect(res.body).toEqual({ id: expect.any(String), expiresAt: '2030-03-04T06:15:00.000Z' });
      const id = res.body.id as string;

      const day = await app.core.eventStore.readStream(availabilityStreamName(medico1, '2030-03-05'));
      expect(day.at(-1)).toMatchObject({
        type: 'SlotHeld',
        data: { bookingId: id, patientId: p.id, start, slotId: slotId(medico1, start), expiresAt: res.body.expiresAt },
      });
      expect((await app.core.eventStore.readStream(bookingStreamName(id))).map((e) => e.type)).toEqual(['BookingHeld']);

      // read your writes: everything answers with the hold as soon as the 201 arrives
      expect(await freeHours(medico1, '2030-03-05')).not.toContain('10:00');
      const doctor = await client(app, 'medico1@example.it');
      const week = await doctor.agent
        .get('/disponibilita/json')
        .query({ for: medico1, start: '2030-03-04T00:00:00Z', end: '2030-03-11T00:00:00Z' })
        .expect(200);
      expect(week.body.find((e: { start: string }) => e.start === start)).toMatchObject({ status: 'held', url: `/prenotazioni/${id}`, ...SLOT_COLORS.held });
      const mine = await p.agent.get('/api/me/bookings').expect(200);
      expect(mine.body).toEqual([
        {
          id,
          patientId: p.id,
          doctorId: medico1,
          doctorName: 'Giulia Rossi',
          slotId: slotId(medico1, start),
          start,
          end: '2030-03-05T10:30:00Z',
          status: 'held',
          expiresAt: res.body.expiresAt,
          orderId: null,
          // 10:00 in Rome is 09:00Z; the patient's cut-off 24 h before; "Continua" to the demo doctor's questionnaire
          policy: { cutoffAt: '2030-03-04T09:00:00.000Z', cutoffHours: 24, canCancel: true, canReschedule: false, refundIfCancelled: true },
          resume: 'questionnaire',
        },
      ]);
    });

    it('accepts the spec’s form-encoded post with the _token field', async () => {
      const [p] = await registerPatients(app, 1);
      const res = await p.agent
        .post('/prenotazioni')
        .type('form')
        .send({ _token: p.csrf, doctor_id: medico2, availability_id: slotId(medico2, '2030-03-05T14:00:00Z') })
        .expect(201);
      expect((await p.agent.get(`/prenotazioni/${res.body.id}`).expect(200)).body.status).toBe('held');
    });

    it('refuses a slot another patient holds with a 409 and appends nothing', async () => {
      const [a, b] = await registerPatients(app, 2);
      await hold(a, medico1, '2030-03-05T10:30:00Z').expect(201);
      const before = await head();
      const res = await hold(b, medico1, '2030-03-05T10:30:00Z');
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(SLOT_TAKEN_MESSAGE);
      expect(await head()).toBe(before);
    });

    it("a patient's new hold replaces the previous one, whose slot comes back", async () => {
      const [p] = await registerPatients(app, 1);
      const first = (await hold(p, medico1, '2030-03-06T09:00:00Z').expect(201)).body.id;
      const second = (await hold(p, medico1, '2030-03-06T09:30:00Z').expect(201)).body.id;
      const mine = (await p.agent.get('/api/me/bookings').expect(200)).body as { id: string; status: string }[];
      // the replaced hold leaves the patient's list
      expect(mine.map((b) => [b.id, b.status])).toEqual([[second, 'held']]);
      expect((await p.agent.get(`/prenotazioni/${first}`).expect(200)).body.status).toBe('replaced');
      expect(await freeHours(medico1, '2030-03-06')).toContain('09:00');
      expect(await freeHours(medico1, '2030-03-06')).not.toContain('09:30');
      const day = await app.core.eventStore.readStream(availabilityStreamName(medico1, '2030-03-06'));
      expect(day.at(-1)).toMatchObject({ type: 'SlotHoldReleased', data: { bookingId: first, reason: 'replaced' } });
      expect((await app.core.eventStore.readStream(bookingStreamName(first))).map((e) => [e.type, e.data.reason])).toEqual([
        ['BookingHeld', undefined],
        ['BookingHoldEnded', 'replaced'],
      ]);
    });

    it('the same patient sending the same slot again gets the hold they have', async () => {
      const [p] = await registerPatients(app, 1);
      const first = await hold(p, medico1, '2030-03-06T10:00:00Z').expect(201);
      const before = await head();
      const again = await hold(p, medico1, '2030-03-06T10:00:00Z').expect(201);
      expect(again.body).toEqual(first.body);
      expect(await head()).toBe(before);
    });

    it('refuses a slot that has begun, in the practice time zone', async () => {
      const [p] = await registerPatients(app, 1);
      clock.set('2030-03-04T08:40:00Z'); // 09:40 in Rome
      const before = await head();
      const past = await hold(p, medico1, '2030-03-04T09:30:00Z');
      expect(past.status).toBe(400);
      expect(past.body.error.message).toBe('Questo orario è già passato: scegline un altro.');
      expect(await head()).toBe(before);
      await hold(p, medico1, '2030-03-04T10:00:00Z').expect(201);
    });

    it('the doctor cannot toggle a held slot', async () => {
      const [p] = await registerPatients(app, 1);
      await hold(p, medico2, '2030-03-07T15:00:00Z').expect(201);
      const doctor = await client(app, 'medico2@example.it');
      const before = await head();
      const res = await doctor.agent
        .post('/disponibilita/toggle')
        .set('X-CSRF-Token', doctor.csrf)
        .send({ for: medico2, start: '2030-03-07T15:00:00Z', end: '2030-03-07T15:30:00Z' });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('Lo slot è in attesa di pagamento: non si può cambiare.');
      expect(await head()).toBe(before);
    });

    describe('rejections, each with an Italian JSON error and nothing appended', () => {
      const slot = () => ({ doctor_id: medico1, availability_id: slotId(medico1, '2030-03-07T11:00:00Z') });
      const cases: [string, () => Promise<request.Response>, number, RegExp][] = [
        ['a missing availability_id', () => send('paziente1@example.it', { doctor_id: medico1 }), 400, /Scegli prima un giorno e un orario/],
        ['availability_id 0 (nothing chosen)', () => send('paziente1@example.it', { doctor_id: medico1, availability_id: '0' }), 400, /Scegli prima/],
        ['a missing doctor_id', () => send('paziente1@example.it', { availability_id: slot().availability_id }), 400, /Campo obbligatorio mancante: doctor_id/],
        ['a malformed availability_id', () => send('paziente1@example.it', { doctor_id: medico1, availability_id: 'abc' }), 400, /Orario non valido/],
        [
          'an impossible date',
          () => send('paziente1@example.it', { doctor_id: medico1, availability_id: `${medico1}~203002310900` }),
          400,
          /Orario non valido/,
        ],
        ['a start off the half hour', () => send('paziente1@example.it', { doctor_id: medico1, availability_id: `${medico1}~203003071010` }), 400, /mezz’ora/],
        ["another doctor's slot", () => send('paziente1@example.it', { ...slot(), doctor_id: medico2 }), 400, /non è del medico indicato/],
        ['an unknown doctor', () => send('paziente1@example.it', { doctor_id: 'nessuno', availability_id: 'nessuno~203003071100' }), 404, /Medico non trovato/],
        [
          'a closed slot',
          () => send('paziente1@example.it', { doctor_id: medico1, availability_id: slotId(medico1, '2030-03-07T08:00:00Z') }),
          409,
          /^Questo orario non è disponibile\.$/,
        ],
        ['a doctor', () => send('medico1@example.it', slot()), 403, /permessi/],
        ['the secretary', () => send('admin@example.it', slot()), 403, /permessi/],
        ['no CSRF token', () => send('paziente1@example.it', slot(), { csrf: false }), 403, /CSRF/],
        ['a wrong CSRF token', () => send('paziente1@example.it', slot(), { csrf: 'sbagliato' }), 403, /CSRF/],
        ['not logged in', () => send(undefined, slot()), 401, /login/],
      ];

      async function send(email: string | undefined, body: object, opts: { csrf?: false | string } = {}) {
        const c = await client(app, email);
        const req = c.agent.post('/prenotazioni');
        if (opts.csrf !== false) req.set('X-CSRF-Token', opts.csrf ?? c.csrf);
        return req.send(body);
      }

      it.each(cases)('refuses %s', async (_name, call, status, message) => {
        const before = await head();
        const res = await call();
        expect(res.status).toBe(status);
        expect(res.body.error.message).toMatch(message);
        expect(await head()).toBe(before);
      });
    });
  });

  describe('GET and DELETE /prenotazioni/:id', () => {
    let owner: TestPatient;
    let other: TestPatient;
    let id: string;
    beforeAll(async () => {
      [owner, other] = await registerPatients(app, 2);
      id = (await hold(owner, medico1, '2030-03-08T12:00:00Z').expect(201)).body.id;
    });

    it('shows the booking to its patient, its doctor and the secretary only', async () => {
      expect((await owner.agent.get(`/prenotazioni/${id}`).expect(200)).body).toMatchObject({
        id,
        status: 'held',
        doctorName: 'Giulia Rossi',
        start: '2030-03-08T12:00:00Z',
      });
      for (const email of ['medico1@example.it', 'admin@example.it'])
        expect((await (await client(app, email)).agent.get(`/prenotazioni/${id}`)).status).toBe(200);
      for (const email of ['medico2@example.it', 'auditor@example.it'])
        expect((await (await client(app, email)).agent.get(`/prenotazioni/${id}`)).status).toBe(403);
      const foreign = await other.agent.get(`/prenotazioni/${id}`);
      expect(foreign.status).toBe(403);
      expect(foreign.body.error.message).toBe('Non puoi vedere questa prenotazione.');
      expect((await anon().get(`/prenotazioni/${id}`)).status).toBe(401);
      const missing = await owner.agent.get('/prenotazioni/inesistente');
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe('Prenotazione non trovata.');
      expect((await anon().get('/api/me/bookings')).status).toBe(401);
    });

    it('only the owner releases the hold; the slot comes back; a second release is a 409', async () => {
      const before = await head();
      expect((await other.agent.delete(`/prenotazioni/${id}`).set('X-CSRF-Token', other.csrf)).status).toBe(403);
      const doctor = await client(app, 'medico1@example.it');
      expect((await doctor.agent.delete(`/prenotazioni/${id}`).set('X-CSRF-Token', doctor.csrf)).status).toBe(403);
      expect((await owner.agent.delete(`/prenotazioni/${id}`)).status).toBe(403); // no CSRF
      expect(await head()).toBe(before);

      const res = await owner.agent.delete(`/prenotazioni/${id}`).set('X-CSRF-Token', owner.csrf).expect(200);
      expect(res.body).toMatchObject({ id, status: 'released' });
      expect(await freeHours(medico1, '2030-03-08')).toContain('12:00');
      const again = await owner.agent.delete(`/prenotazioni/${id}`).set('X-CSRF-Token', owner.csrf);
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe('La prenotazione non è più in attesa di pagamento.');
    });
  });
});
