import { CommandBus } from '@nestjs/cqrs';
import { bookingStreamName, orderStreamName } from '@studio/contracts';
import type { RunningApp } from '../../../app/app';
import { HoldExpiryService } from '../../scheduling/workflows';
import { RecordCapture } from '../orders';
import type { PaypalStandIn } from '../paypal/paypal-stand-in';
import { registerPatients } from '../../../testing/patients';
import { approvedOrder, confirmOrder as confirm, firstProductId, holdSlot, startPayingTestApp } from '../../../testing/payments';
import { restartSuite } from '../../../testing/restart';
import { ManualClock, client, type TestApp } from '../../../testing/test-app';
import { PaymentReconcilerService } from './payment-reconciler.service';

/**
 * No money without a booking or a refund. The process dies after PayPal captured and before PaymentCaptured is
 * appended (the browser is gone: nobody confirms again); the next start of the app asks PayPal about the capture it
 * had asked for (GET the order) and books the slot if the hold is still the patient's, or refunds in full, once.
 * (Demo seed: medico1 open 09:00–13:00 on weekdays; the clock at 07:00 in Rome, Monday.)
 */
const NOW = '2030-03-04T06:00:00.000Z';

type AppLike = Pick<RunningApp, 'app' | 'core'>;
const types = async (app: AppLike, stream: string) => (await app.core.eventStore.readStream(stream)).map((e) => e.type);

describe('payment reconciler: a capture whose answer never reached the log ends booked or refunded', () => {
  const clock = new ManualClock(new Date(NOW));
  const suite = restartSuite(clock);

  it('killed between the capture and its append, browser gone: after a restart one order is booked, the other (hold given back) refunded, once', async () => {
    const first = await suite.start();
    const pp = suite.pp;
    await first.app.get(PaymentReconcilerService).startupPass;
    const productId = await firstProductId((await registerPatients(first, 1))[0]);
    // the process "dies" when it would record PayPal's capture: PayPal has the money, the log has only the intent
    const bus = first.app.get(CommandBus);
    const execute = bus.execute.bind(bus);
    jest.spyOn(bus, 'execute').mockImplementation(((command: unknown) => {
      if (command instanceof RecordCapture) throw new Error('processo terminato');
      return execute(command as never);
    }) as never);

    // B: dies, then its hold runs out and is given back before the restart
    const lost = await approvedOrder(first, pp, productId, '2030-03-05T10:00:00Z');
    expect((await confirm(lost.patient, lost.orderId, productId)).status).toBe(500);
    clock.advance(16);
    await first.app.get(HoldExpiryService).expireDue();
    // A: dies with its hold still the patient's
    const kept = await approvedOrder(first, pp, productId, '2030-03-05T09:00:00Z');
    expect((await confirm(kept.patient, kept.orderId, productId)).status).toBe(500);
    for (const o of [kept, lost]) expect(await types(first, orderStreamName(o.orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested']);
    expect(pp.orders.get(kept.orderId)?.capture?.status).toBe('COMPLETED');
    expect(pp.orders.get(lost.orderId)?.capture?.status).toBe('COMPLETED');
    const calls = { ...pp.calls };

    clock.advance(2); // past the grace given to a confirmation still under way
    const second = await suite.restart();
    // the start-up pass has ended: wait for that state, not for a time
    await second.app.get(PaymentReconcilerService).startupPass;

    expect(await types(second, orderStreamName(kept.orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'OrderPlaced']);
    expect(await types(second, bookingStreamName(kept.bookingId))).toEqual(['BookingHeld', 'BookingConfirmed']);
    expect(await types(second, orderStreamName(lost.orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'PaymentRefunded']);
    const lostEvents = await second.core.eventStore.readStream(orderStreamName(lost.orderId));
    const captured = lostEvents.find((e) => e.type === 'PaymentCaptured')!.data as { amountCents: number };
    // all of it back, with the reason
    expect(lostEvents.find((e) => e.type === 'PaymentRefunded')!.data).toMatchObject({
      reason: expect.stringMatching(/scaduta/),
      amountCents: captured.amountCents,
    });
    expect(pp.orders.get(lost.orderId)?.refund?.status).toBe('COMPLETED');
    // asked PayPal (GET) about each, captured nothing again, refunded once
    expect(pp.calls.get - calls.get).toBeGreaterThanOrEqual(2);
    expect(pp.calls.capture).toBe(calls.capture);
    expect(pp.calls.refund).toBe(calls.refund + 1);

    // once: another pass finds nothing left to do
    const head = await second.core.eventStore.headPosition();
    expect(await second.app.get(PaymentReconcilerService).run(0)).toEqual({ settled: 0, looked: 0 });
    expect(await second.core.eventStore.headPosition()).toBe(head);
    expect(pp.calls.refund).toBe(calls.refund + 1);
  });
});

describe('PayPal answers PENDING, slow, lost; its webhook', () => {
  const clock = new ManualClock(new Date(NOW));
  let paying: Awaited<ReturnType<typeof startPayingTestApp>>;
  let app: TestApp;
  let pp: PaypalStandIn;
  let productId: string;

  beforeAll(async () => {
    paying = await startPayingTestApp(clock, { PAYPAL_TIMEOUT_MS: '300' });
    ({ app, pp } = paying);
    // the start-up pass asks PayPal about unsettled captures: it must not race the tests below (seen: it booked a
    // capture the test had just settled, before the test's forged webhook)
    await app.app.get(PaymentReconcilerService).startupPass;
    productId = await firstProductId((await registerPatients(app, 1))[0]);
  });
  afterAll(() => paying.close());
  afterEach(() => clock.set(NOW));

  const bookingDoc = async (id: string) => (await app.core.readModels.get<{ status: string; paymentInReview?: string }>('bookings', id))?.doc;
  const webhook = (message: { body: Record<string, unknown>; headers: Record<string, string> }) =>
    client(app).then(({ agent }) => agent.post('/api/paypal/webhook').set(message.headers).send(message.body));

  it('PENDING: "pagamento in verifica", the hold outlives its time, then the signed webhook of the settled capture books it', async () => {
    const { patient, bookingId, orderId } = await approvedOrder(app, pp, productId, '2030-03-05T11:00:00Z');
    pp.setNextCaptureStatus('PENDING', 'ECHECK');
    const res = await confirm(patient, orderId, productId);
    expect([res.status, res.body]).toEqual([202, { redirect: '/home', paymentInReview: true }]);
    expect(await types(app, orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCapturePending']);
    expect(await bookingDoc(bookingId)).toMatchObject({ status: 'held', paymentInReview: orderId });

    // past the hold's time: the sweep leaves it alone, and the reconciler finds PayPal still reviewing
    clock.advance(30);
    await app.app.get(HoldExpiryService).expireDue();
    expect(await app.app.get(PaymentReconcilerService).run()).toMatchObject({ settled: 0 });
    expect(await bookingDoc(bookingId)).toMatchObject({ status: 'held' });

    // a message not signed by PayPal does nothing
    const settled = pp.settleCapture(orderId, 'COMPLETED');
    // (the order's own stream, not the global head: the outbox of the patients registered above appends meanwhile)
    const orderEvents = await types(app, orderStreamName(orderId));
    const forged = await webhook({ body: { ...settled.body, summary: 'altro' }, headers: settled.headers });
    expect([forged.status, forged.body.error?.code]).toEqual([400, 'firma_non_valida']);
    expect(await types(app, orderStreamName(orderId))).toEqual(orderEvents);
    expect(await bookingDoc(bookingId)).toMatchObject({ status: 'held' });

    const accepted = await webhook(settled);
    expect([accepted.status, accepted.body]).toEqual([200, { received: true, order: orderId }]);
    expect(await types(app, orderStreamName(orderId))).toEqual([
      'OrderCreated',
      'PaymentCaptureRequested',
      'PaymentCapturePending',
      'PaymentCaptured',
      'OrderPlaced',
    ]);
    await app.core.changes.waitFor(await app.core.eventStore.headPosition());
    expect(await bookingDoc(bookingId)).toMatchObject({ status: 'confirmed' });
  });

  it('PENDING then DENIED (webhook): the hold is given back, the order ends failed with the reason, nothing captured, nothing refunded', async () => {
    const start = '2030-03-06T11:00:00Z';
    const { patient, bookingId, orderId } = await approvedOrder(app, pp, productId, start);
    pp.setNextCaptureStatus('PENDING', 'ECHECK');
    expect((await confirm(patient, orderId, productId)).status).toBe(202);
    expect(await bookingDoc(bookingId)).toMatchObject({ status: 'held', paymentInReview: orderId });
    const calls = { ...pp.calls };

    const denied = pp.settleCapture(orderId, 'DECLINED');
    expect(denied.body.event_type).toBe('PAYMENT.CAPTURE.DENIED');
    const accepted = await webhook(denied);
    expect([accepted.status, accepted.body]).toEqual([200, { received: true, order: orderId }]);
    expect(await types(app, orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCapturePending', 'PaymentDeclined']);
    const declined = (await app.core.eventStore.readStream(orderStreamName(orderId))).at(-1)!.data;
    expect(declined).toMatchObject({ orderId, bookingId, reason: expect.stringMatching(/DECLINED/) });
    // the hold ends and its slot is free again
    expect(await types(app, bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingPaymentInReview', 'BookingHoldEnded']);
    await app.core.changes.waitFor(await app.core.eventStore.headPosition());
    expect(await bookingDoc(bookingId)).toMatchObject({ status: 'released' });
    const [other] = await registerPatients(app, 1);
    await holdSlot(other, app.ids['medico1@example.it'], start);
    // the patient's list says the payment failed, with its reason; nothing was taken, so nothing is given back
    const mine = (await patient.agent.get('/api/me/orders').expect(200)).body as { id: string; status: string; failureReason?: string }[];
    expect(mine.find((o) => o.id === orderId)).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/DECLINED/) });
    expect(pp.calls.refund).toBe(calls.refund);
    expect(pp.calls.capture).toBe(calls.capture);
    // settled: the reconciler has nothing left to do, a late confirmation says it failed
    const head = await app.core.eventStore.headPosition();
    expect(await app.app.get(PaymentReconcilerService).run(0)).toEqual({ settled: 0, looked: 0 });
    expect(await app.core.eventStore.headPosition()).toBe(head);
    const late = await confirm(patient, orderId, productId);
    expect([late.status, late.body.error?.code]).toEqual([409, 'pagamento_rifiutato']);
    expect(await app.core.eventStore.headPosition()).toBe(head);
  });

  it('PENDING then DECLINED found by the reconciler (no webhook): the same end, once', async () => {
    const { patient, bookingId, orderId } = await approvedOrder(app, pp, productId, '2030-03-06T11:30:00Z');
    pp.setNextCaptureStatus('PENDING', 'ECHECK');
    expect((await confirm(patient, orderId, productId)).status).toBe(202);
    pp.settleCapture(orderId, 'DECLINED');
    const calls = { ...pp.calls };
    expect(await app.app.get(PaymentReconcilerService).run(0)).toEqual({ settled: 1, looked: 1 });
    expect(await types(app, orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCapturePending', 'PaymentDeclined']);
    expect(await types(app, bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingPaymentInReview', 'BookingHoldEnded']);
    expect(await bookingDoc(bookingId)).toMatchObject({ status: 'released' });
    expect(pp.calls.refund).toBe(calls.refund);
    const head = await app.core.eventStore.headPosition();
    expect(await app.app.get(PaymentReconcilerService).run(0)).toEqual({ settled: 0, looked: 0 });
    expect(await app.core.eventStore.headPosition()).toBe(head);
  });

  it('every answer of the capture lost (timeouts): 502, the intent stays; the reconciler finds the capture and books it, once', async () => {
    const { patient, bookingId, orderId } = await approvedOrder(app, pp, productId, '2030-03-05T11:30:00Z');
    for (let i = 0; i < 3; i++) pp.fault('capture', { kind: 'lost' });
    const ids = pp.captureRequestIds.length;
    const res = await confirm(patient, orderId, productId);
    expect(res.status).toBe(502);
    // three attempts, one request id: PayPal made one capture
    expect(pp.captureRequestIds.slice(ids)).toEqual([`capture-${orderId}`, `capture-${orderId}`, `capture-${orderId}`]);
    expect(await types(app, orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested']);

    // a confirmation under way is left alone for a while; after that, PayPal is asked
    expect(await app.app.get(PaymentReconcilerService).run()).toEqual({ settled: 0, looked: 0 });
    clock.advance(2);
    expect(await app.app.get(PaymentReconcilerService).run()).toEqual({ settled: 1, looked: 1 });
    expect(await types(app, orderStreamName(orderId))).toEqual(['OrderCreated', 'PaymentCaptureRequested', 'PaymentCaptured', 'OrderPlaced']);
    expect(await bookingDoc(bookingId)).toMatchObject({ status: 'confirmed' });
    // the browser comes back late: the same answer, nothing more
    await confirm(patient, orderId, productId).expect(200, { redirect: '/home' });
  });

  it('a slow PayPal: the confirmation answers within the timeout × attempts, never hangs past the hold', async () => {
    const { patient, orderId } = await approvedOrder(app, pp, productId, '2030-03-05T12:00:00Z');
    for (let i = 0; i < 3; i++) pp.fault('capture', { kind: 'slow', ms: 5_000 });
    const res = await confirm(patient, orderId, productId);
    expect([res.status, res.body.error?.code]).toEqual([502, 'paypal_non_disponibile']);
    clock.advance(2);
    expect(await app.app.get(PaymentReconcilerService).run()).toEqual({ settled: 1, looked: 1 });
    expect(await types(app, orderStreamName(orderId))).toContain('OrderPlaced');
  });
});
