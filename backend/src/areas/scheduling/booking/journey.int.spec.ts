import { slotId } from '@studio/contracts';
import { startPaypalStandIn, type PaypalStandIn } from '../../payments/paypal/paypal-stand-in';
import { paypalEnv, TEST_TAXCODE, productsForFirstBookings } from '../../../testing/payments';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { until } from '../../../testing/until';

// the patient's side of a visit type's booking: "Aggiungi al calendario", the feed's SEQUENCE after a move, a practice's cancellation
// told to the patient. Demo seed: today = Monday 2030-03-04 06:00Z; medico1 open 09:00–13:00 on weekdays.
describe('the patient journey after paying', () => {
  const clock = new ManualClock(new Date('2030-03-04T06:00:00.000Z'));
  let pp: PaypalStandIn;
  let app: TestApp;
  let medico1: string;
  let productId: string;
  let doctor: Client;
  let patients: TestPatient[];

  beforeAll(async () => {
    pp = await startPaypalStandIn();
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', ...paypalEnv(pp) }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
    productId = (await productsForFirstBookings(app))[0].id;
    doctor = await client(app, 'medico1@example.it');
    patients = await registerPatients(app, 3, 'viaggio');
    const admin = await client(app, 'admin@example.it');
    await admin.agent.put('/api/settings/practice').set('X-CSRF-Token', admin.csrf).send({
      name: 'Studio Nutrizione Rossi',
      address: 'Via Roma 1, 20100 Milano',
      phone: '02 1234567',
      email: 'studio@example.it',
      dataController: 'Studio Nutrizione Rossi',
    });
  });
  afterAll(async () => {
    await app.close();
    await pp.close();
  });

  async function paid(patient: TestPatient, start: string): Promise<string> {
    const bookingId = (
      await patient.agent
        .post('/prenotazioni')
        .set('X-CSRF-Token', patient.csrf)
        .send({ doctor_id: medico1, availability_id: slotId(medico1, start) })
        .expect(201)
    ).body.id as string;
    const orderId = (
      await patient.agent.post('/api/paypal/orders').set('X-CSRF-Token', patient.csrf).send({ booking_id: bookingId, product: productId }).expect(201)
    ).body.id as string;
    pp.approve(orderId);
    await patient.agent
      .post('/prenotazioni/conferma')
      .set('X-CSRF-Token', patient.csrf)
      .send({ transaction: orderId, status: 'COMPLETED', product: productId, taxcode: TEST_TAXCODE, billing: 'Via Roma 1, Roma' })
      .expect(200);
    return bookingId;
  }
  const ics = (p: Client, id: string) => p.agent.get(`/api/me/bookings/${id}/calendar.ics`);

  it('"Aggiungi al calendario": the patient\'s own confirmed visit as a .ics with the practice address; others refused in Italian', async () => {
    const id = await paid(patients[0], '2030-03-06T09:00:00Z');
    const res = await ics(patients[0], id).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="visita-2030-03-06.ics"');
    const text = res.text.replace(/\r\n /g, '');
    expect(text).toContain(`UID:prenotazione-${id}@studio-medico`);
    // 09:00 in Rome (winter) is 08:00Z
    expect(text).toContain('DTSTART:20300306T080000Z');
    expect(text).toContain('SEQUENCE:0');
    expect(text).toMatch(/LOCATION:Studio Nutrizione Rossi\\, Via Roma 1\\, 20100 Milano/);
    // another patient: 403; the doctor is not a patient: 403; a hold: 409; unknown: 404
    expect((await ics(patients[1], id)).status).toBe(403);
    expect((await ics(doctor, id)).status).toBe(403);
    const held = (
      await patients[1].agent
        .post('/prenotazioni')
        .set('X-CSRF-Token', patients[1].csrf)
        .send({ doctor_id: medico1, availability_id: slotId(medico1, '2030-03-06T11:00:00Z') })
        .expect(201)
    ).body.id as string;
    const refused = await ics(patients[1], held);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/non è confermata/);
    expect((await ics(patients[1], 'nessuna')).status).toBe(404);
  });

  it("after a move the doctor's feed serves the same SEQUENCE as the move's email (it stayed 0)", async () => {
    const id = await paid(patients[2], '2030-03-07T09:00:00Z');
    await patients[2].agent
      .post(`/api/bookings/${id}/reschedule`)
      .set('X-CSRF-Token', patients[2].csrf)
      .send({ availability_id: slotId(medico1, '2030-03-07T10:00:00Z') })
      .expect(200);
    const { url } = (await doctor.agent.get('/api/me/calendar-feed').expect(200)).body as { url: string };
    const feed = (await (await client(app)).agent.get(new URL(url).pathname).expect(200)).text.replace(/\r\n /g, '');
    const event = feed.split('BEGIN:VEVENT').find((e) => e.includes(`UID:prenotazione-${id}@`))!;
    expect(event).toContain('SEQUENCE:1');
    expect(event).toContain('DTSTART:20300307T090000Z');
    // the patient's own file agrees
    expect((await ics(patients[2], id).expect(200)).text).toContain('SEQUENCE:1');
  });

  it("a doctor's cancellation reaches the patient's list: who cancelled, the reason given, the amount refunded", async () => {
    const id = await paid(patients[0], '2030-03-08T09:00:00Z');
    await doctor.agent.post(`/api/bookings/${id}/cancel`).set('X-CSRF-Token', doctor.csrf).send({ reason: 'Il medico è malato' }).expect(200);
    const mine = await until(
      async () =>
        ((await patients[0].agent.get('/api/me/bookings').expect(200)).body as { id: string; cancellation?: { refundCents: number | null } }[]).find(
          (b) => b.id === id,
        ),
      (b) => b?.cancellation?.refundCents != null,
    );
    expect(mine).toMatchObject({
      status: 'cancelled',
      refunded: true,
      cancellation: { by: 'doctor', reason: 'Il medico è malato', refund: 'full', refundCents: expect.any(Number) },
    });
    expect(mine!.cancellation!.refundCents).toBeGreaterThan(0);
    // answered from the read models: the list reads no booking or order stream (a stream read per request grows with the history)
    const reads = jest.spyOn(app.core.eventStore, 'readStream');
    try {
      const again = ((await patients[0].agent.get('/api/me/bookings').expect(200)).body as { id: string }[]).find((b) => b.id === id);
      expect(again).toEqual(mine);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });
});
