import { codiceFiscaleCheckChar, slotId } from '@studio/contracts';
import { registerPatients } from '../../../testing/patients';
import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

// today = Monday 2030-03-04 06:00Z; medico1 is open 09:00–13:00 on weekdays
const NOW = '2030-03-04T06:00:00.000Z';
const TAXCODE = 'VRDLCU80A01H501' + codiceFiscaleCheckChar('VRDLCU80A01H501');

describe('the codice fiscale of the receipts: set on /profilo, reused from an earlier payment, asked at the desk only when missing', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let medico1: string;
  let admin: Client;
  let doctor: Client;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, new Date(NOW), clock);
    medico1 = app.ids['medico1@example.it'];
    [admin, doctor] = await Promise.all([client(app, 'admin@example.it'), client(app, 'medico1@example.it')]);
  });
  afterAll(() => app.close());

  const hold = async (patientId: string, start: string) =>
    (
      await admin.agent
        .post(`/api/patients/${patientId}/holds`)
        .set('X-CSRF-Token', admin.csrf)
        .send({ doctor_id: medico1, availability_id: slotId(medico1, start) })
        .expect(201)
    ).body.id as string;
  const deskPay = (bookingId: string, body: object) =>
    admin.agent
      .post(`/api/bookings/${bookingId}/desk-payment`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ method: 'cash', amountCents: 8000, ...body });
  const agendaItem = async (bookingId: string) =>
    ((await admin.agent.get(`/api/doctors/${medico1}/agenda`).query({ from: '2030-03-04', to: '2030-03-08' }).expect(200)).body as { id: string }[]).find(
      (i) => i.id === bookingId,
    );

  it('a patient without codice fiscale: the agenda says so, the desk payment without it is refused; with it, the next payment reuses it', async () => {
    const [patient] = await registerPatients(app, 1, 'senza-cf');
    const first = await hold(patient.id, '2030-03-05T09:00:00Z');
    expect(await agendaItem(first)).toMatchObject({ taxcodeOnFile: false });
    const before = await lastRequestPosition(app);
    const refused = await deskPay(first, {});
    expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 400, code: 'codice_fiscale_mancante' });
    expect(await lastRequestPosition(app)).toBe(before);
    await deskPay(first, { taxcode: TAXCODE }).expect(201);

    const second = await hold(patient.id, '2030-03-06T09:00:00Z');
    expect(await agendaItem(second)).toMatchObject({ taxcodeOnFile: true });
    await deskPay(second, {}).expect(201);
  });

  it('a patient sets their codice fiscale on /profilo: the desk payment needs it no more; a wrong one is 400, a doctor cannot set one', async () => {
    const [patient] = await registerPatients(app, 1, 'profilo-cf');
    const put = (c: Client, body: object) => c.agent.put('/api/me/profile').set('X-CSRF-Token', c.csrf).send(body);
    expect((await patient.agent.get('/api/me/profile').expect(200)).body.taxcode).toBeNull();
    const before = await lastRequestPosition(app);
    const wrong = await put(patient, { name: 'Paziente', surname: 'Prova 0', phone: '3331234567', taxcode: 'VRDLCU80A01H501X' });
    expect({ status: wrong.status, message: wrong.body.error?.message }).toEqual({
      status: 400,
      message: 'Codice fiscale non valido: controlla i 16 caratteri.',
    });
    expect(await lastRequestPosition(app)).toBe(before);
    const saved = await put(patient, { name: 'Paziente', surname: 'Prova 0', phone: '3331234567', taxcode: TAXCODE.toLowerCase() }).expect(200);
    expect(saved.body.taxcode).toBe(TAXCODE);

    const booking = await hold(patient.id, '2030-03-07T09:00:00Z');
    expect(await agendaItem(booking)).toMatchObject({ taxcodeOnFile: true });
    await deskPay(booking, {}).expect(201);

    const staff = await put(doctor, { name: 'Giulia', surname: 'Rossi', taxcode: TAXCODE });
    expect(staff.status).toBe(400);
    expect((await doctor.agent.get('/api/me/profile').expect(200)).body.taxcode).toBeUndefined();
  });
});
