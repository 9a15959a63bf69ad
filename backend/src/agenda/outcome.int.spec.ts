import { bookingStreamName, codiceFiscaleCheckChar, slotId } from '@studio/contracts';
import { registerPatients, type TestPatient } from '../testing/patients';
import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../testing/test-app';

// issue 29: "Svolta" / "Assente" only after the visit's end, and "Annulla esito" within 24 hours (an event decided by
// the booking decider). today = Monday 2030-03-04 06:00Z; medico1 is open 09:00–13:00 (Rome) on weekdays.
const NOW = '2030-03-04T06:00:00.000Z';
const TAXCODE = 'RSSMRA80A01H501' + codiceFiscaleCheckChar('RSSMRA80A01H501');

describe('outcome after the visit, and its undo (issue 29)', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let medico1: string;
  let doctor: Client;
  let firstVisit: string;
  let hour = 9;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
    doctor = await client(app, 'medico1@example.it');
    firstVisit = (
      await doctor.agent
        .post(`/api/doctors/${medico1}/visit-types`)
        .set('X-CSRF-Token', doctor.csrf)
        .send({ name: 'Prima visita', minutes: 60, priceCents: 9000, mode: 'studio' })
        .expect(201)
    ).body.id;
  }, 60_000);
  afterEach(() => clock.set(NOW));
  afterAll(() => app.close());

  const head = () => lastRequestPosition(app);
  /** a 60-minute visit on Tuesday 5 March, paid at the desk: confirmed */
  async function confirmedVisit(): Promise<{ patient: TestPatient; bookingId: string; start: string }> {
    const [patient] = await registerPatients(app, 1, 'esito');
    const start = `2030-03-05T${String(hour).padStart(2, '0')}:00:00Z`;
    hour += 1;
    const bookingId = (
      await patient.agent
        .post('/prenotazioni')
        .set('X-CSRF-Token', patient.csrf)
        .send({ doctor_id: medico1, availability_id: slotId(medico1, start), visit_type: firstVisit })
        .expect(201)
    ).body.id as string;
    await doctor.agent
      .post(`/api/bookings/${bookingId}/desk-payment`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ method: 'cash', amountCents: 9000, taxcode: TAXCODE })
      .expect(201);
    return { patient, bookingId, start };
  }
  const outcome = (c: Client, id: string, value: string) => c.agent.post(`/api/bookings/${id}/outcome`).set('X-CSRF-Token', c.csrf).send({ outcome: value });
  const undo = (c: Client, id: string) => c.agent.post(`/api/bookings/${id}/outcome/undo`).set('X-CSRF-Token', c.csrf).send({});
  async function refused(call: () => PromiseLike<{ status: number; body: { error?: { message: string } } }>, status: number, message: RegExp) {
    const before = await head();
    const res = await call();
    expect({ status: res.status, message: res.body.error?.message }).toEqual({ status, message: expect.stringMatching(message) });
    expect(await head()).toBe(before);
  }
  /** the practice's wall clock (Rome, winter: UTC+1) as a real instant */
  const atPractice = (wall: string) => new Date(Date.parse(wall) - 3_600_000);

  it('given a 60-minute visit at 09:00, when the outcome is recorded at 09:30 (begun, not ended), then 409; at 10:00, then 200', async () => {
    const { bookingId, start } = await confirmedVisit();
    clock.set(atPractice(start.replace(':00:00Z', ':30:00Z')).toISOString());
    await refused(() => outcome(doctor, bookingId, 'completed'), 409, /dopo la fine della visita/);
    clock.set(atPractice(`${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00:00Z`).toISOString());
    expect((await outcome(doctor, bookingId, 'completed').expect(200)).body.status).toBe('completed');
    const agenda = (await doctor.agent.get(`/api/doctors/${medico1}/agenda`).query({ from: '2030-03-05', to: '2030-03-05' }).expect(200)).body;
    expect(agenda.find((i: { id: string }) => i.id === bookingId)).toMatchObject({ status: 'completed', outcomeAt: expect.any(String) });
  });

  it('given an outcome just recorded, when "Annulla esito" within 24 hours, then the booking is confirmed again with one event; after 24 hours, 409', async () => {
    const { bookingId, start } = await confirmedVisit();
    const ended = atPractice(`${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00:00Z`);
    clock.set(ended.toISOString());
    await outcome(doctor, bookingId, 'no_show').expect(200);
    clock.set(new Date(ended.getTime() + 23 * 3_600_000).toISOString());
    const admin = await client(app, 'admin@example.it');
    const res = await undo(admin, bookingId).expect(200);
    expect(res.body.status).toBe('confirmed');
    const events = (await app.core.eventStore.readStream(bookingStreamName(bookingId))).map((e) => e.type);
    expect(events.slice(-2)).toEqual(['BookingOutcomeRecorded', 'BookingOutcomeUndone']);
    const agenda = (await doctor.agent.get(`/api/doctors/${medico1}/agenda`).query({ from: '2030-03-05', to: '2030-03-05' }).expect(200)).body;
    const item = agenda.find((i: { id: string }) => i.id === bookingId);
    expect(item.status).toBe('confirmed');
    expect(item.outcomeAt).toBeUndefined();
    expect(item.noShows).toBe(0);

    // nothing left to undo; the right outcome is recorded, and 24 hours later it can no longer be undone
    await refused(() => undo(doctor, bookingId), 409, /non ha un esito da annullare/);
    await outcome(doctor, bookingId, 'completed').expect(200);
    clock.set(new Date(ended.getTime() + 48 * 3_600_000 + 1).toISOString());
    await refused(() => undo(doctor, bookingId), 409, /più di 24 ore/);
  });

  it('refuses the undo to the patient, another doctor, the auditor, without CSRF, and for an unknown booking, appending nothing', async () => {
    const { patient, bookingId, start } = await confirmedVisit();
    clock.set(atPractice(`${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00:00Z`).toISOString());
    await outcome(doctor, bookingId, 'completed').expect(200);
    const medico2 = await client(app, 'medico2@example.it');
    const auditor = await client(app, 'auditor@example.it');
    await refused(() => undo(patient, bookingId), 403, /permessi|studio/);
    await refused(() => undo(medico2, bookingId), 403, /./);
    await refused(() => undo(auditor, bookingId), 403, /permessi/);
    await refused(() => doctor.agent.post(`/api/bookings/${bookingId}/outcome/undo`).send({}), 403, /CSRF/);
    await refused(() => undo(doctor, '00000000-0000-4000-8000-000000000000'), 404, /non trovata/i);
  });
});
