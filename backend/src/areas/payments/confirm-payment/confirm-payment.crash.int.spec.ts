import { availabilityStreamName, bookingStreamName, couponStreamName, orderStreamName } from '@studio/contracts';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';
import type { PaypalStandIn } from '../paypal/paypal-stand-in';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { holdSlot, startPayingTestApp, TEST_TAXCODE, productsForFirstBookings } from '../../../testing/payments';
import { afterStartupPass } from '../../../testing/restart';
import { ManualClock, type TestApp } from '../../../testing/test-app';

/**
 * The process dies between two appends of a payment's confirmation: PaymentCaptured is in the log, the slot is not
 * booked. The patient (or the browser) sends the confirmation again: it resumes from the log and books, and PayPal is
 * not asked to capture again. (Demo seed: medico1 open 09:00–13:00 on weekdays; the clock at 07:00 in Rome, Monday.)
 */
describe('payment confirmation resumed after the process died between two appends', () => {
  const clock = new ManualClock(new Date('2030-03-04T06:00:00.000Z'));
  let paying: Awaited<ReturnType<typeof startPayingTestApp>>;
  let pp: PaypalStandIn;
  let app: TestApp;
  let medico1: string;
  let productId: string;

  beforeAll(async () => {
    paying = await startPayingTestApp(clock);
    // the tests count PayPal's calls: they start after the app's start-up sweep, which would otherwise resume their flow too
    await afterStartupPass(paying.app);
    ({ app, pp } = paying);
    medico1 = app.ids['medico1@example.it'];
    productId = (await productsForFirstBookings(app))[0].id;
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => paying.close());

  const types = async (stream: string) => (await app.core.eventStore.readStream(stream)).map((e) => e.type);
  async function approvedOrder(start: string, coupon?: string): Promise<{ patient: TestPatient; bookingId: string; orderId: string }> {
    const [patient] = await registerPatients(app, 1);
    const bookingId = await holdSlot(patient, medico1, start);
    const orderId = (
      await patient.agent
        .post('/api/paypal/orders')
        .set('X-CSRF-Token', patient.csrf)
        .send({ booking_id: bookingId, product: productId, ...(coupon ? { coupon } : {}) })
        .expect(201)
    ).body.id as string;
    pp.approve(orderId);
    return { patient, bookingId, orderId };
  }
  const confirm = (p: TestPatient, orderId: string, coupon = '') =>
    p.agent.post('/prenotazioni/conferma').type('form').send({
      _token: p.csrf,
      transaction: orderId,
      status: 'COMPLETED',
      product: productId,
      taxcode: TEST_TAXCODE,
      billing: 'Via Roma 1, 00100 Roma',
      coupon,
    });
  /** the process "dies" when the confirmation runs the step of this command type (nothing of it is appended) */
  function dieAt(commandType: string): void {
    const runner = app.app.get(WorkflowRunner);
    const executeStep = runner.executeStep.bind(runner);
    jest.spyOn(runner, 'executeStep').mockImplementation((action, metadata) => {
      if ('command' in action && (action.command as { type: string }).type === commandType) throw new Error('processo terminato');
      return executeStep(action, metadata);
    });
  }

  /** an approved order whose confirmation died at BookSlot: the capture is recorded on the order, nothing else */
  async function capturedNotBooked(start: string) {
    const order = await approvedOrder(start);
    dieAt('BookSlot');
    expect((await confirm(order.patient, order.orderId)).status).toBe(500);
    jest.restoreAllMocks();
    expect(await types(orderStreamName(order.orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured']);
    return order;
  }

  it('capture recorded, slot not booked: the retried confirmation books it, with no second capture', async () => {
    const start = '2030-03-05T09:00:00Z';
    // half done: the money is recorded on the order, nothing else
    const { patient, bookingId, orderId } = await capturedNotBooked(start);
    expect(await types(bookingStreamName(bookingId))).toEqual(['BookingHeld']);
    expect(await types(availabilityStreamName(medico1, '2030-03-05'))).not.toContain('SlotBooked');
    const paypalCalls = { ...pp.calls };
    expect(paypalCalls.capture).toBeGreaterThanOrEqual(1);

    await confirm(patient, orderId).expect(200, { redirect: '/home' });
    // resumed from the log: PayPal was not asked to capture (nor to look the order up) again, nothing was refunded
    expect(pp.calls.capture).toBe(paypalCalls.capture);
    expect(pp.calls.get).toBe(paypalCalls.get);
    expect(pp.calls.refund).toBe(paypalCalls.refund);
    expect(await types(orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'OrderPlaced']);
    expect(await types(bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingConfirmed']);
    expect((await app.core.eventStore.readStream(availabilityStreamName(medico1, '2030-03-05'))).filter((e) => e.type === 'SlotBooked')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ bookingId, orderId }) }),
    ]);
    expect((await patient.agent.get(`/prenotazioni/${bookingId}`).expect(200)).body.status).toBe('confirmed');
    expect((await patient.agent.get('/api/me/orders').expect(200)).body).toEqual([expect.objectContaining({ id: orderId, status: 'placed' })]);

    // finished: a third confirmation appends nothing and asks PayPal nothing
    const head = await app.core.eventStore.headPosition();
    await confirm(patient, orderId).expect(200);
    expect(await app.core.eventStore.headPosition()).toBe(head);
    expect(pp.calls.capture).toBe(paypalCalls.capture);
  });

  it('capture recorded, then the hold ran out: the retried confirmation refunds the capture in full and books nothing', async () => {
    const start = '2030-03-05T10:00:00Z';
    const { patient, bookingId, orderId } = await capturedNotBooked(start);
    const paypalCalls = { ...pp.calls };

    clock.advance(24 * 60); // far past the hold's end
    try {
      const retried = await confirm(patient, orderId);
      expect(retried.status).toBe(409);
      expect(retried.body.error).toMatchObject({ code: 'pagamento_rimborsato', message: expect.stringMatching(/scaduta.*rimborsato per intero/) });
      expect(pp.calls.refund).toBe(paypalCalls.refund + 1);
      expect(pp.calls.capture).toBe(paypalCalls.capture);
      expect(await types(orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'PaymentRefunded']);
      const day = await app.core.eventStore.readStream(availabilityStreamName(medico1, '2030-03-05'));
      expect(day.filter((e) => e.type === 'SlotBooked' && (e.data as { bookingId: string }).bookingId === bookingId)).toEqual([]);
      expect(await types(bookingStreamName(bookingId))).not.toContain('BookingConfirmed');
      const [refund] = (await app.core.eventStore.readStream(orderStreamName(orderId))).filter((e) => e.type === 'PaymentRefunded');
      expect(refund.data).toMatchObject({ orderId, reason: expect.stringMatching(/scaduta/) });

      // asked again: the same answer, and PayPal is not asked to refund twice
      const again = await confirm(patient, orderId);
      expect([again.status, again.body.error?.code]).toEqual([409, 'pagamento_rimborsato']);
      expect(pp.calls.refund).toBe(paypalCalls.refund + 1);
    } finally {
      clock.set('2030-03-04T06:00:00.000Z');
    }
  });

  it('coupon redeemed and slot booked, booking not confirmed: the retry confirms it, redeeming the coupon once', async () => {
    const start = '2030-03-05T09:30:00Z';
    const { patient, bookingId, orderId } = await approvedOrder(start, 'BENVENUTO10');
    dieAt('ConfirmBooking');
    expect((await confirm(patient, orderId, 'BENVENUTO10')).status).toBe(500);
    jest.restoreAllMocks();
    const redemptions = async () =>
      (await app.core.eventStore.readStream(couponStreamName('BENVENUTO10'))).filter(
        (e) => e.type === 'CouponRedeemed' && (e.data as { orderId: string }).orderId === orderId,
      );
    expect(await redemptions()).toHaveLength(1);
    expect(await types(bookingStreamName(bookingId))).toEqual(['BookingHeld']);
    const captures = pp.calls.capture;

    await confirm(patient, orderId, 'BENVENUTO10').expect(200);
    expect(pp.calls.capture).toBe(captures);
    expect(await redemptions()).toHaveLength(1);
    expect(await types(bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingConfirmed']);
    expect(await types(orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'OrderPlaced']);
  });
});
