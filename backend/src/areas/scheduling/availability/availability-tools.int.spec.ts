import { availabilityStreamName, scheduleStreamName, slotId } from '@studio/contracts';
import { registerPatients } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type TestApp } from '../../../testing/test-app';
import { AvailabilityToolsService } from './availability-tools.service';

// today = Monday 2030-03-04 06:00Z; the seed opens medico1 09:00–13:00 on the weekdays of 03-04 … 03-15; hours 08–19
describe('availability tools over HTTP: each writes the toggles’ slot events, one append per doctor-day', () => {
  let app: TestApp;
  let medico1: string;
  let medico2: string;
  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, new ManualClock(new Date('2030-03-04T06:00:00Z')));
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
  });
  afterAll(() => app.close());

  const head = () => app.core.eventStore.headPosition();
  const week = (monday: string[], other: string[][] = []) => [
    monday.map((r) => ({ from: r.slice(0, 5), to: r.slice(6) })),
    ...Array.from({ length: 6 }, (_, i) => (other[i] ?? []).map((r) => ({ from: r.slice(0, 5), to: r.slice(6) }))),
  ];
  async function send(email: string, method: 'post' | 'put', path: string, body: object) {
    const c = await client(app, email);
    return c.agent[method](path).set('X-CSRF-Token', c.csrf).send(body);
  }
  /** the transactions (positions in a row, one commit) of a day's stream since `after` */
  async function dayEvents(doctorId: string, day: string, after = 0) {
    return (await app.core.eventStore.readStream(availabilityStreamName(doctorId, day))).filter((e) => e.position > after);
  }
  async function statuses(doctorId: string, day: string) {
    await app.core.runner.waitFor(await head());
    const admin = await client(app, 'admin@example.it');
    const res = await admin.agent
      .get('/disponibilita/json')
      .query({ for: doctorId, start: `${day}T00:00:00Z`, end: `${day}T23:59:00Z` })
      .expect(200);
    return Object.fromEntries(
      (res.body as { start: string; status: string }[]).filter((e) => e.status !== 'unavailable').map((e) => [e.start.slice(11, 16), e.status]),
    );
  }

  it('a weekly schedule with two ranges on Monday, applied to a coming week: those slots open, in one append for the day', async () => {
    const set = await send('medico1@example.it', 'put', `/api/doctors/${medico1}/weekly-schedule`, { days: week(['15:00-16:00', '09:00-11:00']) });
    expect(set.status).toBe(200);
    expect(set.body.days[0]).toEqual([
      { from: '09:00', to: '11:00' },
      { from: '15:00', to: '16:00' },
    ]);
    // the page reads it back (from the weekly_schedules read model, which the PUT waited for)
    const shown = await (await client(app, 'medico1@example.it')).agent.get(`/api/doctors/${medico1}/weekly-schedule`).expect(200);
    expect(shown.body.days).toEqual(set.body.days);
    const before = await head();
    const applied = await send('medico1@example.it', 'post', `/api/doctors/${medico1}/weekly-schedule/apply`, { from: '2030-04-01', to: '2030-04-07' });
    expect(applied.body).toEqual({ opened: 6, closed: 0, days: 1 });
    const events = await dayEvents(medico1, '2030-04-01', before);
    expect(events.map((e) => e.type)).toEqual(Array(6).fill('SlotOpened'));
    // one append: the positions follow each other with nothing between
    expect(events[5].position - events[0].position).toBe(5);
    expect(await statuses(medico1, '2030-04-01')).toEqual({
      '09:00': 'available',
      '09:30': 'available',
      '10:00': 'available',
      '10:30': 'available',
      '15:00': 'available',
      '15:30': 'available',
    });
  });

  it('the rolling job opens the untouched days up to the horizon and leaves a day changed by hand as it is', async () => {
    const doctor = await client(app, 'medico1@example.it');
    // 2030-04-08 (a Monday) changed by hand first
    await doctor.agent
      .post('/disponibilita/toggle')
      .set('X-CSRF-Token', doctor.csrf)
      .send({ for: medico1, start: '2030-04-08T12:00:00Z', end: '2030-04-08T12:30:00Z' })
      .expect(200);
    await app.app.get(AvailabilityToolsService).rollForward();
    expect(await statuses(medico1, '2030-04-08')).toEqual({ '12:00': 'available' });
    expect(Object.keys(await statuses(medico1, '2030-04-15'))).toEqual(['09:00', '09:30', '10:00', '10:30', '15:00', '15:30']);
    // 60 days from 03-04: 05-03 is inside, 05-06 beyond
    expect(Object.keys(await statuses(medico1, '2030-04-29'))).toHaveLength(6);
    expect(await dayEvents(medico1, '2030-05-06')).toHaveLength(0);
    // a second run finds nothing left to do
    const before = await head();
    expect(await app.app.get(AvailabilityToolsService).rollForward()).toEqual({ opened: 0, closed: 0, days: 0 });
    expect(await head()).toBe(before);
  });

  it('"apri tutta la giornata" and "chiudi tutta la giornata" act on every slot of the hours, never on a held one', async () => {
    const [patient] = await registerPatients(app, 1, 'giornata');
    const opened = await send('admin@example.it', 'post', `/api/doctors/${medico2}/availability/day`, { date: '2030-03-19', action: 'open' });
    // 14:00–18:00 are open already: the demo's weekly schedule of medico2, rolled forward above
    expect(opened.body).toEqual({ opened: 14, closed: 0, days: 1 });
    await app.core.runner.waitFor(await head());
    await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: medico2, availability_id: slotId(medico2, '2030-03-19T10:00:00Z') })
      .expect(201);
    const closed = await send('medico2@example.it', 'post', `/api/doctors/${medico2}/availability/day`, { date: '2030-03-19', action: 'close' });
    expect(closed.body).toEqual({ opened: 0, closed: 21, days: 1 });
    expect(await statuses(medico2, '2030-03-19')).toEqual({ '10:00': 'held' });
  });

  it('copies a week onto the next ones: open where it was open, closed elsewhere', async () => {
    const res = await send('medico1@example.it', 'post', `/api/doctors/${medico1}/availability/copy-week`, { from: '2030-03-04', weeks: 2 });
    // 03-11 … 03-15 already match; 03-19 … 03-22 get 09:00–13:00 (4 × 8); Monday 03-18, which the rolling schedule
    // opened 09:00–11:00 and 15:00–16:00, gets 11:00–13:00 (4) and loses 15:00–16:00 (2)
    expect(res.body).toEqual({ opened: 36, closed: 2, days: 5 });
    expect(Object.keys(await statuses(medico1, '2030-03-20'))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30']);
  });

  it('a closure closes its days and lists the bookings in it, which stay', async () => {
    const [patient] = await registerPatients(app, 1, 'ferie');
    const held = await patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: medico1, availability_id: slotId(medico1, '2030-03-12T11:00:00Z') })
      .expect(201);
    await app.core.runner.waitFor(await head());
    const res = await send('medico1@example.it', 'post', `/api/doctors/${medico1}/closures`, { from: '2030-03-12', to: '2030-03-13', reason: 'Congresso' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ closed: 15, days: 2, bookings: [{ id: held.body.id, start: '2030-03-12T11:00:00Z', status: 'held' }] });
    expect(await statuses(medico1, '2030-03-12')).toEqual({ '11:00': 'held' });
    expect(await statuses(medico1, '2030-03-13')).toEqual({});
    const schedule = await app.core.eventStore.readStream(scheduleStreamName(medico1));
    expect(schedule.at(-1)).toMatchObject({ type: 'AvailabilityClosureAdded', data: { from: '2030-03-12', to: '2030-03-13', reason: 'Congresso' } });
    // applying the schedule keeps the closed days closed (Wednesday has no ranges anyway; Tuesday neither)
    const applied = await send('medico1@example.it', 'post', `/api/doctors/${medico1}/weekly-schedule/apply`, { from: '2030-03-12', to: '2030-03-12' });
    expect(applied.body.opened).toBe(0);
  });

  const refusals: [string, () => ReturnType<typeof send>, number, RegExp][] = [
    [
      "another doctor's calendar",
      () => send('medico2@example.it', 'post', `/api/doctors/${medico1}/availability/day`, { date: '2030-03-19', action: 'open' }),
      403,
      /solo il tuo calendario/,
    ],
    ['a patient', () => send('paziente1@example.it', 'put', `/api/doctors/${medico1}/weekly-schedule`, { days: week([]) }), 403, /permessi/],
    [
      'overlapping ranges',
      () => send('medico1@example.it', 'put', `/api/doctors/${medico1}/weekly-schedule`, { days: week(['09:00-11:00', '10:00-12:00']) }),
      400,
      /sovrapporsi/,
    ],
    [
      'six days instead of seven',
      () => send('medico1@example.it', 'put', `/api/doctors/${medico1}/weekly-schedule`, { days: week([]).slice(1) }),
      400,
      /sette giorni/,
    ],
    [
      'a range off the half hour',
      () => send('medico1@example.it', 'put', `/api/doctors/${medico1}/weekly-schedule`, { days: week(['09:15-11:00']) }),
      400,
      /mezz’ora/,
    ],
    [
      'a week that does not start on Monday',
      () => send('medico1@example.it', 'post', `/api/doctors/${medico1}/availability/copy-week`, { from: '2030-03-05', weeks: 1 }),
      400,
      /lunedì/,
    ],
    [
      'an unknown action',
      () => send('medico1@example.it', 'post', `/api/doctors/${medico1}/availability/day`, { date: '2030-03-19', action: 'svuota' }),
      400,
      /Azione non valida/,
    ],
    [
      'a closure ending before it starts',
      () => send('medico1@example.it', 'post', `/api/doctors/${medico1}/closures`, { from: '2030-03-20', to: '2030-03-19' }),
      400,
      /data finale/,
    ],
    [
      'an unknown doctor',
      () => send('admin@example.it', 'post', `/api/doctors/nessuno/availability/day`, { date: '2030-03-19', action: 'open' }),
      404,
      /Medico non trovato/,
    ],
  ];
  it.each(refusals)('refuses %s with an Italian JSON error and appends nothing', async (_name, call, status, message) => {
    const before = await head();
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.body.error.message).toMatch(message);
    expect(await head()).toBe(before);
  });
});
