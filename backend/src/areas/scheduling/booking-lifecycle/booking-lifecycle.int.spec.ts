import {
  AGENDA_CHANGED,
  AGENDA_WATCH,
  AVAILABILITY_CHANGED,
  availabilityStreamName,
  bookingStreamName,
  orderStreamName,
  slotId,
  type AgendaChanged,
  type AvailabilityChanged,
} from '@studio/contracts';
import { startPaypalStandIn, type PaypalStandIn } from '../../payments/paypal/paypal-stand-in';
import { paypalEnv, TEST_TAXCODE, productsForFirstBookings } from '../../../testing/payments';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { connect, sessionCookieOf, watch } from '../../../testing/sockets';
import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

// demo seed: today = Monday 2030-03-04; medico1 open 09:00–13:00 on weekdays of this week and the next.
// The clock stands at 07:00 in Rome (06:00Z); the cut-off is 24 h before the visit (at the practice).
const NOW = '2030-03-04T06:00:00.000Z';

describe('the practice week: cancel, reschedule, outcome, agenda', () => {
  const clock = new ManualClock(new Date(NOW));
  let pp: PaypalStandIn;
  let app: TestApp;
  let medico1: string;
  let productId: string;
  let doctor: Client;
  let admin: Client;
  let nextSlot = 0;

  beforeAll(async () => {
    pp = await startPaypalStandIn();
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', ...paypalEnv(pp) }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
    productId = (await productsForFirstBookings(app))[0].id;
    doctor = await client(app, 'medico1@example.it');
    admin = await client(app, 'admin@example.it');
  });
  afterEach(() => clock.set(NOW));
  afterAll(async () => {
    await app.close();
    await pp.close();
  });

  /** the newest position a request appended (receipts and the outbox follow their cause asynchronously) */
  const head = () => lastRequestPosition(app);
  const types = async (stream: string) => (await app.core.eventStore.readStream(stream)).map((e) => e.type);
  /** a fresh open slot of medico1, weekdays from Wednesday 6 March on (more than 24 h ahead) */
  const DAYS = [6, 7, 8, 11, 12, 13, 14, 15];
  function freshSlot(): string {
    const n = nextSlot++;
    const day = DAYS[Math.floor(n / 8)];
    const minutes = 9 * 60 + (n % 8) * 30;
    return `2030-03-${String(day).padStart(2, '0')}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}:00Z`;
  }
  /** the instant `hours` before a slot's start at the practice (Rome, winter: UTC+1) */
  const hoursBefore = (start: string, hours: number) => new Date(Date.parse(start) - 3_600_000 - hours * 3_600_000).toISOString();
  const hold = (p: Client, start: string) =>
    p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .send({ doctor_id: medico1, availability_id: slotId(medico1, start) });
  /** a patient who held and paid a fresh slot */
  async function paidBooking(patient?: TestPatient, start = freshSlot()): Promise<{ patient: TestPatient; bookingId: string; start: string; orderId: string }> {
    patient ??= (await registerPatients(app, 1))[0];
    const bookingId = (await hold(patient, start).expect(201)).body.id as string;
    const orderId = (
      await patient.agent.post('/api/paypal/orders').set('X-CSRF-Token', patient.csrf).send({ booking_id: bookingId, product: productId }).expect(201)
    ).body.id as string;
    pp.approve(orderId);
    await patient.agent
      .post('/prenotazioni/conferma')
      .set('X-CSRF-Token', patient.csrf)
      .send({ transaction: orderId, status: 'COMPLETED', product: productId, taxcode: TEST_TAXCODE, billing: 'Via Roma 1, Roma' })
      .expect(200);
    return { patient, bookingId, start, orderId };
  }
  const cancel = (c: Client, id: string, body: object = {}) => c.agent.post(`/api/bookings/${id}/cancel`).set('X-CSRF-Token', c.csrf).send(body);
  const freeHours = async (day: string) =>
    (await client(app)).agent
      .get('/disponibilita/query')
      .query({ for: medico1, date: day })
      .then((r) => (r.body as { hour: string }[]).map((s) => s.hour));
  const slotDoc = async (start: string) =>
    (await app.core.readModels.get<{ status: string; bookingId?: string }>('availability_slots', slotId(medico1, start)))?.doc;
  /** the call is refused with this status and an Italian message, and nothing is appended */
  async function refused(call: () => PromiseLike<{ status: number; body: { error?: { message: string; code: string } } }>, status: number, message?: RegExp) {
    const before = await head();
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.body.error?.message).toEqual(expect.any(String));
    if (message) expect(res.body.error!.message).toMatch(message);
    expect(await head()).toBe(before);
    return res.body.error!;
  }

  describe('cancel', () => {
    it('a patient before the cut-off: refunded in full through PayPal, the slot free again, the order shows the refund', async () => {
      const { patient, bookingId, start, orderId } = await paidBooking();
      expect((await patient.agent.get(`/prenotazioni/${bookingId}`).expect(200)).body.policy).toMatchObject({
        cutoffHours: 24,
        canCancel: true,
        canReschedule: true,
        refundIfCancelled: true,
      });
      expect(await freeHours(start.slice(0, 10))).not.toContain(start.slice(11, 16));
      const refundsBefore = pp.calls.refund;
      const res = await cancel(patient, bookingId).expect(200);
      expect(res.body).toMatchObject({ id: bookingId, status: 'cancelled', refunded: true });
      expect(pp.calls.refund).toBe(refundsBefore + 1);
      expect(pp.orders.get(orderId)?.refund?.status).toBe('COMPLETED');
      expect(await freeHours(start.slice(0, 10))).toContain(start.slice(11, 16));
      expect(await slotDoc(start)).toEqual(expect.objectContaining({ status: 'available' }));
      expect((await patient.agent.get('/api/me/orders').expect(200)).body[0]).toMatchObject({ id: orderId, status: 'refunded' });
      expect(await types(bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingConfirmed', 'BookingCancelled', 'BookingCancellationSettled']);
      expect(await types(orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'OrderPlaced', 'PaymentRefunded']);
      expect((await types(availabilityStreamName(medico1, start.slice(0, 10)))).slice(-1)).toEqual(['SlotFreed']);

      // twice: 409, nothing appended, no second refund
      const error = await refused(() => cancel(patient, bookingId), 409, /già stata annullata/);
      expect(error.code).toBe('prenotazione_gia_annullata');
      expect(pp.calls.refund).toBe(refundsBefore + 1);
      // the freed slot can be held by another patient
      const [other] = await registerPatients(app, 1);
      await hold(other, start).expect(201);
    });

    it('a patient after the cut-off may still cancel, without refund; the view said so beforehand', async () => {
      const { patient, bookingId, orderId, start } = await paidBooking();
      clock.set(hoursBefore(start, 20));
      expect((await patient.agent.get(`/prenotazioni/${bookingId}`).expect(200)).body.policy).toMatchObject({
        canCancel: true,
        canReschedule: false,
        refundIfCancelled: false,
      });
      const refundsBefore = pp.calls.refund;
      const res = await cancel(patient, bookingId, { reason: 'Imprevisto' }).expect(200);
      expect(res.body).toMatchObject({ status: 'cancelled', refunded: false });
      expect(pp.calls.refund).toBe(refundsBefore);
      expect(await types(orderStreamName(orderId))).not.toContain('PaymentRefunded');
      // the reason is sealed, never in clear in the log
      expect(JSON.stringify(await app.core.eventStore.readStream(bookingStreamName(bookingId)))).not.toContain('Imprevisto');
    });

    it('the doctor cancels with a reason and always refunds; without a reason, a 400', async () => {
      const { bookingId, start } = await paidBooking();
      clock.set(hoursBefore(start, 20));
      await refused(() => cancel(doctor, bookingId), 400, /motivo/);
      const res = await cancel(doctor, bookingId, { reason: 'Malattia del medico' }).expect(200);
      expect(res.body).toMatchObject({ status: 'cancelled', refunded: true });
    });

    it("refuses someone else's booking, the other doctor, the auditor, a visitor, a past visit, bad input: Italian errors, nothing appended", async () => {
      const { bookingId, start } = await paidBooking();
      const [stranger] = await registerPatients(app, 1);
      await refused(() => cancel(stranger, bookingId), 403, /Non puoi annullare/);
      await refused(async () => cancel(await client(app, 'medico2@example.it'), bookingId, { reason: 'x' }), 403);
      await refused(async () => cancel(await client(app, 'auditor@example.it'), bookingId), 403);
      await refused(async () => cancel(await client(app), bookingId), 401);
      await refused(() => cancel(admin, 'sconosciuta', { reason: 'x' }), 404, /non trovata/);
      await refused(() => cancel(admin, bookingId, { reason: 'x'.repeat(501) }), 400, /troppo lungo/);
      await refused(() => cancel(admin, bookingId, { reason: 42 }), 400, /non valido/);
      await refused(() => doctor.agent.post(`/api/bookings/${bookingId}/cancel`).send({ reason: 'x' }), 403, /CSRF/);
      clock.set(hoursBefore(start, 0)); // the visit's hour at the practice
      await refused(() => cancel(admin, bookingId, { reason: 'x' }), 409, /già passato/);
    });

    it('a held booking is let go at once (nothing paid, nothing to refund)', async () => {
      const [patient] = await registerPatients(app, 1);
      const start = freshSlot();
      const bookingId = (await hold(patient, start).expect(201)).body.id;
      const res = await cancel(patient, bookingId).expect(200);
      expect(res.body.status).toBe('released');
      expect(await slotDoc(start)).toEqual(expect.objectContaining({ status: 'available' }));
    });

    it('a watching page hears the hour come back; the doctor’s agenda hears the change', async () => {
      const { patient, bookingId, start } = await paidBooking();
      const page = await connect(app);
      const agenda = await connect(app, sessionCookieOf(doctor.agent as never));
      try {
        expect(await watch(page, medico1)).toMatchObject({ ok: true });
        expect(await agenda.timeout(5000).emitWithAck(AGENDA_WATCH, { doctorId: medico1 })).toEqual({ ok: true });
        const freed = new Promise<AvailabilityChanged>((resolve) =>
          page.on(AVAILABILITY_CHANGED, (m: AvailabilityChanged) => m.slot.start === start && m.slot.status === 'available' && resolve(m)),
        );
        const changed = new Promise<AgendaChanged>((resolve) => agenda.on(AGENDA_CHANGED, (m: AgendaChanged) => m.bookingId === bookingId && resolve(m)));
        await cancel(patient, bookingId).expect(200);
        expect((await freed).slot.status).toBe('available');
        expect((await changed).doctorId).toBe(medico1);
      } finally {
        page.close();
        agenda.close();
      }
    });

    it('refuses to let a patient, the other doctor or a visitor follow an agenda', async () => {
      const [patient] = await registerPatients(app, 1);
      for (const cookie of [sessionCookieOf(patient.agent as never), sessionCookieOf((await client(app, 'medico2@example.it')).agent as never), undefined]) {
        const socket = await connect(app, cookie);
        try {
          expect(await socket.timeout(5000).emitWithAck(AGENDA_WATCH, { doctorId: medico1 })).toMatchObject({ ok: false, error: expect.any(String) });
        } finally {
          socket.close();
        }
      }
    });
  });
});
