import { codiceFiscaleCheckChar, slotId } from '@studio/contracts';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

// "Prenota per un paziente" from the front desk's day. today = Monday 2030-03-04 06:00Z; medico1 is open
// 09:00–13:00 (Rome) on weekdays.
const NOW = '2030-03-04T06:00:00.000Z';
const TAXCODE = 'RSSMRA80A01H501' + codiceFiscaleCheckChar('RSSMRA80A01H501');

describe('the front desk holds a time for a patient on the phone', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let medico1: string;
  let medico2: string;
  let admin: Client;
  let doctor: Client;
  let auditor: Client;
  let patients: TestPatient[];
  let control: string;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
    [admin, doctor, auditor] = await Promise.all([client(app, 'admin@example.it'), client(app, 'medico1@example.it'), client(app, 'auditor@example.it')]);
    const type = (body: object) => doctor.agent.post(`/api/doctors/${medico1}/visit-types`).set('X-CSRF-Token', doctor.csrf).send(body).expect(201);
    control = (await type({ name: 'Controllo', minutes: 30, priceCents: 5000, mode: 'studio', noticeMinutes: 1440 })).body.id;
    patients = await registerPatients(app, 2, 'telefono');
  });
  afterAll(() => app.close());

  const holdFor = (c: Client, patientId: string, body: object) => c.agent.post(`/api/patients/${patientId}/holds`).set('X-CSRF-Token', c.csrf).send(body);
  async function refused(call: () => PromiseLike<{ status: number; body: { error?: { message: string } } }>, status: number, message: RegExp) {
    const before = await lastRequestPosition(app);
    const res = await call();
    expect({ status: res.status, message: res.body.error?.message }).toEqual({ status, message: expect.stringMatching(message) });
    expect(await lastRequestPosition(app)).toBe(before);
  }

  it('given the front desk, when it holds a free start for a patient, then the patient sees the hold (to pay online) and the desk payment confirms it', async () => {
    const start = '2030-03-06T09:00:00Z';
    const res = await holdFor(admin, patients[0].id, { doctor_id: medico1, availability_id: slotId(medico1, start), visit_type: control }).expect(201);
    const mine = (await patients[0].agent.get('/api/me/bookings').expect(200)).body as { id: string; status: string; start: string }[];
    expect(mine.find((b) => b.id === res.body.id)).toMatchObject({ status: 'held', start });
    await admin.agent
      .post(`/api/bookings/${res.body.id}/desk-payment`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ method: 'card', amountCents: 5000, taxcode: TAXCODE })
      .expect(201);
    expect((await patients[0].agent.get(`/prenotazioni/${res.body.id}`).expect(200)).body.status).toBe('confirmed');
  });

  it('given a doctor, the auditor or a patient, when they hold for a patient, then 403 and nothing is appended', async () => {
    const body = { doctor_id: medico1, availability_id: slotId(medico1, '2030-03-06T10:00:00Z'), visit_type: control };
    await refused(() => holdFor(doctor, patients[1].id, body), 403, /./);
    await refused(() => holdFor(auditor, patients[1].id, body), 403, /./);
    await refused(() => holdFor(patients[0], patients[1].id, body), 403, /./);
  });

  it('given a start the patient could not book (notice, another doctor, not a patient), then the same refusals as on /prenota and nothing is appended', async () => {
    await refused(
      () => holdFor(admin, patients[1].id, { doctor_id: medico1, availability_id: slotId(medico1, '2030-03-04T10:00:00Z'), visit_type: control }),
      409,
      /anticipo/,
    );
    await refused(
      () => holdFor(admin, patients[1].id, { doctor_id: medico1, availability_id: slotId(medico2, '2030-03-06T10:00:00Z') }),
      400,
      /non è del medico/,
    );
    await refused(() => holdFor(admin, medico2, { doctor_id: medico1, availability_id: slotId(medico1, '2030-03-06T10:00:00Z') }), 404, /Paziente non trovato/);
  });
});
