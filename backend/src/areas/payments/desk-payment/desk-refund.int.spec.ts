import { slotId } from '@studio/contracts';
import type { BookingDoc } from '../../scheduling/booking/bookings.projection';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { TEST_TAXCODE, approvedOrder, confirmOrder, firstProductId, startPayingTestApp } from '../../../testing/payments';
import { ManualClock, client, type TestApp } from '../../../testing/test-app';

// today = Monday 2030-03-04 06:00Z; the seed opens medico1 09:00–13:00 on weekdays and has no visit types
describe('a refund at the desk: the same 404 for any order not paid at the desk; the visit cancelled or kept, as asked', () => {
  const clock = new ManualClock(new Date('2030-03-04T06:00:00Z'));
  let paying: Awaited<ReturnType<typeof startPayingTestApp>>;
  let app: TestApp;
  let medico1: string;
  let doctor: Awaited<ReturnType<typeof client>>;
  let nextSlot = 0;
  beforeAll(async () => {
    paying = await startPayingTestApp(clock);
    app = paying.app;
    medico1 = app.ids['medico1@example.it'];
    doctor = await client(app, 'medico1@example.it');
  });
  afterAll(() => paying.close());

  const nextStart = () => {
    const n = nextSlot++;
    return `2030-03-06T${String(9 + Math.floor(n / 2)).padStart(2, '0')}:${n % 2 ? '30' : '00'}:00Z`;
  };
  /** a new patient's visit, paid at the desk by medico1 */
  async function paidAtDesk(): Promise<{ patient: TestPatient; bookingId: string; orderId: string; start: string }> {
    const [patient] = await registerPatients(app, 1, 'rimborso');
    const start = nextStart();
    const bookingId = (
      await patient.agent
        .post('/prenotazioni')
        .set('X-CSRF-Token', patient.csrf)
        .send({ doctor_id: medico1, availability_id: slotId(medico1, start) })
        .expect(201)
    ).body.id as string;
    const paid = await doctor.agent
      .post(`/api/bookings/${bookingId}/desk-payment`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ method: 'cash', amountCents: 8000, taxcode: TEST_TAXCODE })
      .expect(201);
    return { patient, bookingId, orderId: paid.body.orderId as string, start };
  }
  const refund = (orderId: string, body: object) =>
    doctor.agent
      .post(`/api/desk-payments/${encodeURIComponent(orderId)}/refund`)
      .set('X-CSRF-Token', doctor.csrf)
      .send(body);
  const bookingStatus = async (id: string) => (await app.core.readModels.get<BookingDoc>('bookings', id))!.doc.status;
  const readsRecord = async (patientId: string) => (await doctor.agent.get(`/api/patients/${patientId}/record`)).status;

  it('a PayPal order’s id is the same 404 as an unknown id, and nothing is appended', async () => {
    const { orderId, patient } = await approvedOrder(app, paying.pp, await firstProductId((await registerPatients(app, 1, 'pp'))[0]), nextStart());
    const product = await firstProductId(patient);
    await confirmOrder(patient, orderId, product).expect(200);
    const streamBefore = await app.core.eventStore.readStream(`order-${orderId}`);
    const paypal = await refund(orderId, { reason: 'Prova', cancelVisit: false });
    const unknown = await refund('desk-sconosciuto', { reason: 'Prova', cancelVisit: false });
    const random = await refund('5O190127TN364715T', { reason: 'Prova', cancelVisit: false });
    for (const res of [paypal, unknown, random]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual(unknown.body.error);
    }
    expect(unknown.body.error).toMatchObject({ code: 'pagamento_studio_non_trovato', message: 'Pagamento allo studio non trovato.' });
    expect(await app.core.eventStore.readStream(`order-${orderId}`)).toEqual(streamBefore);
  });

  it('the request must say whether the visit is cancelled too', async () => {
    const { orderId, bookingId } = await paidAtDesk();
    const missing = await refund(orderId, { reason: 'Visita non eseguita' }).expect(400);
    expect(missing.body.error.message).toMatch(/Campo obbligatorio mancante: cancelVisit/);
    const notYesOrNo = await refund(orderId, { reason: 'Visita non eseguita', cancelVisit: 'forse' }).expect(400);
    expect(notYesOrNo.body.error.message).toMatch(/Valore non valido per il campo cancelVisit/);
    expect((await app.core.eventStore.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual(['DeskPaymentRecorded', 'OrderPlaced']);
    expect(await bookingStatus(bookingId)).toBe('confirmed');
  });

  it('refunded and cancelled: the booking is cancelled by its one cancel path, the slot freed, the record closed to the doctor', async () => {
    const { orderId, bookingId, patient, start } = await paidAtDesk();
    expect(await readsRecord(patient.id)).toBe(200);
    const res = await refund(orderId, { reason: 'Il paziente non può venire', cancelVisit: true }).expect(201);
    expect(res.body).toEqual({ refundId: `rimborso-${orderId}`, visitCancelled: true });
    expect(await bookingStatus(bookingId)).toBe('cancelled');
    const booking = (await app.core.eventStore.readStream(`booking-${bookingId}`)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));
    expect(booking.map((e) => e.type)).toEqual(['BookingHeld', 'BookingConfirmed', 'BookingCancelled', 'BookingCancellationSettled']);
    // the cancellation settled with this refund, recorded once on the desk order
    expect(booking[3].data.refundId).toBe(`rimborso-${orderId}`);
    expect((await app.core.eventStore.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual(['DeskPaymentRecorded', 'OrderPlaced', 'PaymentRefunded']);
    expect(await readsRecord(patient.id)).toBe(403);
    // the slot is free for others
    const free = (await (await client(app)).agent.get('/disponibilita/query').query({ for: medico1, date: start.slice(0, 10) })).body as { id: string }[];
    expect(free.map((s) => s.id)).toContain(slotId(medico1, start));
    // sent again: the same answer, nothing more appended
    const again = await refund(orderId, { reason: 'Il paziente non può venire', cancelVisit: true }).expect(201);
    expect(again.body).toEqual({ refundId: `rimborso-${orderId}`, visitCancelled: true });
    expect(await app.core.eventStore.readStream(`order-${orderId}`)).toHaveLength(3);
  });

  it('refunded and kept: the visit stays confirmed (given for free) and the doctor keeps the record through it', async () => {
    const { orderId, bookingId, patient } = await paidAtDesk();
    const res = await refund(orderId, { reason: 'Visita offerta', cancelVisit: false }).expect(201);
    expect(res.body).toEqual({ refundId: `rimborso-${orderId}`, visitCancelled: false });
    expect(await bookingStatus(bookingId)).toBe('confirmed');
    expect((await app.core.eventStore.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual(['DeskPaymentRecorded', 'OrderPlaced', 'PaymentRefunded']);
    expect(await readsRecord(patient.id)).toBe(200);
  });
});
