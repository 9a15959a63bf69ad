import { SLOT_COLORS } from '@studio/contracts';
import { client, startTestApp, type TestApp } from '../../../testing/test-app';
import { TOGGLE_READ_MODEL_WAIT_MS } from './slot-toggle.service';

// the demo seed (today = Monday 2030-03-04) opens medico1 09:00–13:00 and medico2 14:00–18:00 on weekdays
const WEEK = { start: '2030-03-04T00:00:00Z', end: '2030-03-11T00:00:00Z' };

describe('availability over HTTP', () => {
  let app: TestApp;
  let medico1: string;
  let medico2: string;
  beforeAll(async () => {
    // no sweeps and no rolling of the weekly schedule: its first roll (10 s after the start, reached on a loaded machine)
    // appended slots in the middle of the tests that count what a toggle appends
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' });
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
  });
  afterAll(() => app.close());

  const head = () => app.core.eventStore.headPosition();

  describe('GET /disponibilita/json', () => {
    it('answers one event per 30-minute slot of the working hours, coloured by status', async () => {
      const { agent } = await client(app, 'medico1@example.it');
      const res = await agent
        .get('/disponibilita/json')
        .query({ for: medico1, ...WEEK })
        .expect(200);
      expect(res.body).toHaveLength(7 * 22); // 08:00–19:00 = 22 slots a day
      // the read model's position, for the first socket watch to replay from
      expect(Number(res.headers['x-read-position'])).toBe(await app.core.readModels.checkpoint('availability_slots'));
      const monday9 = res.body.find((e: { start: string }) => e.start === '2030-03-04T09:00:00Z');
      expect(monday9).toMatchObject({ status: 'available', end: '2030-03-04T09:30:00Z', ...SLOT_COLORS.available });
      const monday8 = res.body.find((e: { start: string }) => e.start === '2030-03-04T08:00:00Z');
      expect(monday8).toMatchObject({ status: 'unavailable', ...SLOT_COLORS.unavailable });
      expect(monday8.url).toBeUndefined();
      const saturday = res.body.filter((e: { start: string; status: string }) => e.start.startsWith('2030-03-09') && e.status === 'available');
      expect(saturday).toHaveLength(0);
    });

    it('refuses patients, other doctors, bad ranges', async () => {
      const patient = await client(app, 'paziente1@example.it');
      expect((await patient.agent.get('/disponibilita/json').query({ for: medico1, ...WEEK })).status).toBe(403);
      const doctor2 = await client(app, 'medico2@example.it');
      const other = await doctor2.agent.get('/disponibilita/json').query({ for: medico1, ...WEEK });
      expect(other.status).toBe(403);
      expect(other.body.error.message).toMatch(/solo il tuo calendario/);
      const anon = await client(app);
      expect((await anon.agent.get('/disponibilita/json').query({ for: medico1, ...WEEK })).status).toBe(401);
      const admin = await client(app, 'admin@example.it');
      const bad = await admin.agent.get('/disponibilita/json').query({ for: medico1, start: 'ieri', end: WEEK.end });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/Data non valida/);
      const huge = await admin.agent.get('/disponibilita/json').query({ for: medico1, start: '2030-01-01T00:00:00Z', end: '2030-12-31T00:00:00Z' });
      expect(huge.status).toBe(400);
      expect((await admin.agent.get('/disponibilita/json').query({ for: 'nessuno', ...WEEK })).status).toBe(404);
    });
  });

  describe('POST /disponibilita/toggle', () => {
    it('opens a closed slot and closes it again, answering id, color and textColor', async () => {
      const { agent, csrf } = await client(app, 'medico1@example.it');
      const slot = { for: medico1, start: '2030-03-05T15:00:00Z', end: '2030-03-05T15:30:00Z' };
      const opened = await agent.post('/disponibilita/toggle').set('X-CSRF-Token', csrf).send(slot).expect(200);
      expect(opened.body).toEqual({ id: expect.stringContaining(medico1), ...SLOT_COLORS.available, status: 'available' });
      const closed = await agent.post('/disponibilita/toggle').set('X-CSRF-Token', csrf).send(slot).expect(200);
      expect(closed.body).toEqual({ id: opened.body.id, ...SLOT_COLORS.unavailable, status: 'unavailable' });
      await app.core.runner.waitFor(await head());
      const week = await agent
        .get('/disponibilita/json')
        .query({ for: medico1, ...WEEK })
        .expect(200);
      expect(week.body.find((e: { id: string }) => e.id === opened.body.id).status).toBe('unavailable');
    });

    /** every projection batch takes `ms` longer than it should, while `during` runs */
    async function withSlowProjections<T>(ms: number, during: () => Promise<T>): Promise<T> {
      const transaction = app.core.readModels.transaction.bind(app.core.readModels);
      const slow = jest.spyOn(app.core.readModels, 'transaction').mockImplementation(async (fn) => {
        await new Promise((r) => setTimeout(r, ms));
        return transaction(fn);
      });
      try {
        return await during();
      } finally {
        slow.mockRestore();
      }
    }

    it('answers once the read model holds the toggle (read your writes), even when the projection is slow', async () => {
      const { agent, csrf } = await client(app, 'medico1@example.it');
      const slot = { for: medico1, start: '2030-03-05T16:00:00Z', end: '2030-03-05T16:30:00Z' };
      const opened = await withSlowProjections(TOGGLE_READ_MODEL_WAIT_MS / 3, () =>
        agent.post('/disponibilita/toggle').set('X-CSRF-Token', csrf).send(slot).expect(200),
      );
      const doc = await app.core.readModels.get<{ status: string }>('availability_slots', opened.body.id as string);
      expect(doc?.doc.status).toBe('available');
    });

    it('answers 200 after the bounded wait when the projections lag behind: the toggle is committed, and a retry would undo it', async () => {
      const { agent, csrf } = await client(app, 'medico1@example.it');
      const slot = { for: medico1, start: '2030-03-05T16:30:00Z', end: '2030-03-05T17:00:00Z' };
      const started = Date.now();
      const opened = await withSlowProjections(TOGGLE_READ_MODEL_WAIT_MS * 4, async () => {
        const res = await agent.post('/disponibilita/toggle').set('X-CSRF-Token', csrf).send(slot).expect(200);
        // answered before the read model held it, after waiting for it
        expect(await app.core.readModels.get('availability_slots', res.body.id as string)).toBeNull();
        return res;
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(TOGGLE_READ_MODEL_WAIT_MS);
      expect(opened.body.status).toBe('available');
      const [last] = await app.core.eventStore.readAll({ after: (await head()) - 1 });
      expect(last).toMatchObject({ type: 'SlotOpened', data: { slotId: opened.body.id } });
      await app.core.runner.waitFor(await head());
    });

    it('accepts a form-encoded toggle with the _token field', async () => {
      const { agent, csrf } = await client(app, 'medico1@example.it');
      const res = await agent
        .post('/disponibilita/toggle')
        .type('form')
        .send({ _token: csrf, for: medico1, start: '2030-03-06T16:00:00Z', end: '2030-03-06T16:30:00Z' })
        .expect(200);
      expect(res.body.status).toBe('available');
    });

    it('lets the admin change any calendar', async () => {
      const { agent, csrf } = await client(app, 'admin@example.it');
      const res = await agent
        .post('/disponibilita/toggle')
        .set('X-CSRF-Token', csrf)
        .send({ for: medico2, start: '2030-03-05T14:00:00Z', end: '2030-03-05T14:30:00Z' })
        .expect(200);
      expect(res.body.status).toBe('unavailable'); // the seed had opened it
    });

    const slot = () => ({ for: medico1, start: '2030-03-07T10:00:00Z', end: '2030-03-07T10:30:00Z' });
    const cases: [string, () => Promise<{ status: number; body: any }>, number, RegExp][] = [
      ['a malformed date', async () => send('medico1@example.it', { ...slot(), start: '07/03/2030 10:00' }), 400, /Data non valida/],
      [
        'a start not on a 30-minute boundary',
        async () => send('medico1@example.it', { ...slot(), start: '2030-03-07T10:15:00Z', end: '2030-03-07T10:45:00Z' }),
        400,
        /mezz’ora/,
      ],
      ['an end that is not start + 30 minutes', async () => send('medico1@example.it', { ...slot(), end: '2030-03-07T11:00:00Z' }), 400, /30 minuti dopo/],
      [
        'a slot outside working hours',
        async () => send('medico1@example.it', { ...slot(), start: '2030-03-07T19:00:00Z', end: '2030-03-07T19:30:00Z' }),
        400,
        /fuori dall’orario/,
      ],
      ['a missing field', async () => send('medico1@example.it', { for: medico1, start: slot().start }), 400, /Campo obbligatorio mancante: end/],
      ['an unknown doctor', async () => send('admin@example.it', { ...slot(), for: 'medico-inesistente' }), 404, /Medico non trovato/],
      ["another doctor's calendar", async () => send('medico2@example.it', slot()), 403, /solo il tuo calendario/],
      ['a patient', async () => send('paziente1@example.it', slot()), 403, /permessi/],
      ['no CSRF token', async () => send('medico1@example.it', slot(), { csrf: false }), 403, /CSRF/],
      ['a wrong CSRF token', async () => send('medico1@example.it', slot(), { csrf: 'sbagliato' }), 403, /CSRF/],
      ['not logged in', async () => send(undefined, slot()), 401, /login/],
    ];

    async function send(email: string | undefined, body: object, opts: { csrf?: false | string } = {}) {
      const c = await client(app, email);
      const req = c.agent.post('/disponibilita/toggle');
      if (opts.csrf !== false) req.set('X-CSRF-Token', opts.csrf ?? c.csrf);
      return req.send(body);
    }

    it.each(cases)('rejects %s with an Italian JSON error and appends nothing', async (_name, call, status, message) => {
      const before = await head();
      const res = await call();
      expect(res.status).toBe(status);
      expect(res.body.error.message).toMatch(message);
      expect(typeof res.body.error.code).toBe('string');
      expect(await head()).toBe(before);
    });

    const slotOf = (day: string, i: number) => {
      const minutes = 8 * 60 + 30 * i;
      const at = (m: number) => `${day}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00Z`;
      return { for: medico1, start: at(minutes), end: at(minutes + 30) };
    };

    it('eight concurrent toggles of eight slots of one doctor-day all succeed: another slot written meanwhile is no conflict', async () => {
      const { agent, csrf } = await client(app, 'medico1@example.it');
      // slow reads: every toggle reads the day before any appends, so all but one append meet a stale revision
      const readStream = app.core.eventStore.readStream.bind(app.core.eventStore);
      const slowReads = jest.spyOn(app.core.eventStore, 'readStream').mockImplementation(async (...args) => {
        await new Promise((r) => setTimeout(r, 30));
        return readStream(...args);
      });
      try {
        await toggleEightTwice(agent, csrf);
      } finally {
        slowReads.mockRestore();
      }
    });

    async function toggleEightTwice(agent: Awaited<ReturnType<typeof client>>['agent'], csrf: string) {
      for (const seen of ['unavailable', undefined] as const) {
        // the same eight slots twice: opened stating what the doctor saw, then closed by a caller that says nothing
        const before = await head();
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            agent
              .post('/disponibilita/toggle')
              .set('X-CSRF-Token', csrf)
              .send({ ...slotOf('2030-03-08', 12 + i), ...(seen ? { seen } : {}) }),
          ),
        );
        expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
        expect(new Set(results.map((r) => r.body.status as string))).toEqual(new Set([seen ? 'available' : 'unavailable']));
        expect((await head()) - before).toBe(8);
      }
    }

    it('two concurrent toggles of one slot that saw it open: one closes it, the other is a 409 and appends nothing', async () => {
      const { agent, csrf } = await client(app, 'medico1@example.it');
      const slot = slotOf('2030-03-08', 2); // 09:00, opened by the seed
      const before = await head();
      const results = await Promise.all(
        [0, 1].map(() =>
          agent
            .post('/disponibilita/toggle')
            .set('X-CSRF-Token', csrf)
            .send({ ...slot, seen: 'available' }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.status === 409)!;
      expect(refused.body.error).toMatchObject({ code: 'slot_cambiato', message: expect.stringMatching(/modificato nel frattempo/) });
      expect((await head()) - before).toBe(1);
      await app.core.runner.waitFor(await head());
      const week = await agent
        .get('/disponibilita/json')
        .query({ for: medico1, ...WEEK })
        .expect(200);
      expect(week.body.find((e: { start: string }) => e.start === slot.start).status).toBe('unavailable');
    });

    it('refuses a seen status that is not available or unavailable', async () => {
      const { agent, csrf } = await client(app, 'medico1@example.it');
      const before = await head();
      const res = await agent
        .post('/disponibilita/toggle')
        .set('X-CSRF-Token', csrf)
        .send({ ...slotOf('2030-03-08', 3), seen: 'booked' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/Stato visto non valido|seen/);
      expect(await head()).toBe(before);
    });
  });

  describe('working hours', () => {
    it('the doctor changes their own hours and the calendar follows', async () => {
      const { agent, csrf } = await client(app, 'medico2@example.it');
      const res = await agent.put(`/api/doctors/${medico2}/working-hours`).set('X-CSRF-Token', csrf).send({ startHour: 10, endHour: 12 }).expect(200);
      expect(res.body).toMatchObject({ id: medico2, startHour: 10, endHour: 12, name: 'Marco Bianchi' });
      const week = await agent
        .get('/disponibilita/json')
        .query({ for: medico2, ...WEEK })
        .expect(200);
      expect(week.body).toHaveLength(7 * 4);
      const outside = await agent
        .post('/disponibilita/toggle')
        .set('X-CSRF-Token', csrf)
        .send({ for: medico2, start: '2030-03-05T12:00:00Z', end: '2030-03-05T12:30:00Z' });
      expect(outside.status).toBe(400);
    });

    it('refuses bad hours, other doctors and patients, appending nothing', async () => {
      const before = await head();
      const doc1 = await client(app, 'medico1@example.it');
      const bad = await doc1.agent.put(`/api/doctors/${medico1}/working-hours`).set('X-CSRF-Token', doc1.csrf).send({ startHour: 18, endHour: 9 });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/fine deve seguire/);
      const frac = await doc1.agent.put(`/api/doctors/${medico1}/working-hours`).set('X-CSRF-Token', doc1.csrf).send({ startHour: 8.5, endHour: 12 });
      expect(frac.status).toBe(400);
      expect((await doc1.agent.put(`/api/doctors/${medico2}/working-hours`).set('X-CSRF-Token', doc1.csrf).send({ startHour: 8, endHour: 12 })).status).toBe(
        403,
      );
      const patient = await client(app, 'paziente1@example.it');
      expect(
        (await patient.agent.put(`/api/doctors/${medico1}/working-hours`).set('X-CSRF-Token', patient.csrf).send({ startHour: 8, endHour: 12 })).status,
      ).toBe(403);
      expect(await head()).toBe(before);
    });
  });
});
