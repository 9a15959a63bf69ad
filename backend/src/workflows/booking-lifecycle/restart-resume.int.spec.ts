import { availabilityStreamName, bookingStreamName, orderStreamName, slotId } from '@studio/contracts';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, type RunningApp } from '../../app';
import { loadConfig } from '../../config/config';
import { closeCore } from '../../infrastructure/core';
import { startPaypalStandIn, type PaypalStandIn } from '../../payments/paypal/paypal-stand-in';
import { paypalEnv, TEST_TAXCODE } from '../../testing/payments';
import { registerPatients } from '../../testing/patients';
import { ManualClock, startTestApp, type TestApp } from '../../testing/test-app';
import { WorkflowRunner } from '../../event-store/workflow-runner';

// The process dies between two appends of a reschedule and of a cancellation; the next start of the app on the
// same data resumes both from the log (no sweep timer: HOLD_SWEEP_SECONDS=0, only the start-up resume).
const NOW = '2030-03-04T06:00:00.000Z';

describe('workflows resumed at start after the process died between two appends', () => {
  const clock = new ManualClock(new Date(NOW));
  let pp: PaypalStandIn;
  let first: TestApp;
  let second: RunningApp | undefined;

  beforeAll(async () => {
    pp = await startPaypalStandIn();
  });
  afterAll(async () => {
    await second?.close();
    if (first) rmSync(first.dataDir, { recursive: true, force: true });
    await pp.close();
  });

  it('a half-done move and a half-done cancellation are finished by the next start, nothing appended twice', async () => {
    const env = { HOLD_SWEEP_SECONDS: '0', ...paypalEnv(pp) };
    first = await startTestApp(env, undefined, clock);
    const medico1 = first.ids['medico1@example.it'];
    const product = (await (await registerPatients(first, 1))[0].agent.get('/api/products')).body[0].id as string;
    const [mover, canceller] = await registerPatients(first, 2);
    const pay = async (p: typeof mover, start: string) => {
      const bookingId = (
        await p.agent
          .post('/prenotazioni')
          .set('X-CSRF-Token', p.csrf)
          .send({ doctor_id: medico1, availability_id: slotId(medico1, start) })
          .expect(201)
      ).body.id;
      const orderId = (await p.agent.post('/api/paypal/orders').set('X-CSRF-Token', p.csrf).send({ booking_id: bookingId, product }).expect(201)).body.id;
      pp.approve(orderId);
      await p.agent
        .post('/prenotazioni/conferma')
        .set('X-CSRF-Token', p.csrf)
        .send({ transaction: orderId, status: 'COMPLETED', product, taxcode: TEST_TAXCODE, billing: 'Via Roma 1' })
        .expect(200);
      return { bookingId, orderId };
    };
    const moved = await pay(mover, '2030-03-07T09:00:00Z');
    const cancelled = await pay(canceller, '2030-03-07T09:30:00Z');

    // both die right after their first step on another stream
    const runner = first.app.get(WorkflowRunner);
    const executeStep = runner.executeStep.bind(runner);
    jest.spyOn(runner, 'executeStep').mockImplementation(async (...args) => {
      await executeStep(...args);
      throw new Error('processo terminato');
    });
    expect(
      (
        await mover.agent
          .post(`/api/bookings/${moved.bookingId}/reschedule`)
          .set('X-CSRF-Token', mover.csrf)
          .send({ availability_id: slotId(medico1, '2030-03-08T10:00:00Z') })
      ).status,
    ).toBe(500);
    await canceller.agent.post(`/api/bookings/${cancelled.bookingId}/cancel`).set('X-CSRF-Token', canceller.csrf).send({}).expect(200);
    const types = async (app: { core: TestApp['core'] }, stream: string) => (await app.core.eventStore.readStream(stream)).map((e) => e.type);
    expect(await types(first, bookingStreamName(moved.bookingId))).toEqual(['BookingHeld', 'BookingConfirmed', 'BookingRescheduleRequested']);
    expect(await types(first, orderStreamName(cancelled.orderId))).not.toContain('PaymentRefunded');
    const refundsBefore = pp.calls.refund;
    // the process goes away (its data stays)
    await first.app.close();
    await closeCore(first.core);

    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: first.dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      FRONTEND_DIST: join(first.dataDir, 'no-frontend'),
      ...env,
    });
    config.frontendDist = null;
    second = await startApp(config, { clock, listen: false });
    const deadline = Date.now() + 20_000;
    // the move's last step gives the old slot back, after BookingRescheduled: wait for that one too
    const oldSlotFreed = async () =>
      (await second!.core.eventStore.readStream(availabilityStreamName(medico1, '2030-03-07'))).some(
        (e) => e.type === 'SlotFreed' && (e.data as { start: string }).start === '2030-03-07T09:00:00Z',
      );
    const done = async () =>
      (await types(second!, bookingStreamName(moved.bookingId))).includes('BookingRescheduled') &&
      (await oldSlotFreed()) &&
      (await types(second!, bookingStreamName(cancelled.bookingId))).includes('BookingCancellationSettled');
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('i flussi non sono stati ripresi all’avvio');
      await new Promise((r) => setTimeout(r, 200));
    }
    await second.core.changes.waitFor(await second.core.eventStore.headPosition());
    const slot = async (start: string) =>
      (await second!.core.readModels.get<{ status: string; bookingId?: string }>('availability_slots', slotId(medico1, start)))?.doc;
    expect(await slot('2030-03-07T09:00:00Z')).toEqual(expect.objectContaining({ status: 'available' }));
    expect(await slot('2030-03-08T10:00:00Z')).toEqual(expect.objectContaining({ status: 'booked', bookingId: moved.bookingId }));
    expect(await slot('2030-03-07T09:30:00Z')).toEqual(expect.objectContaining({ status: 'available' }));
    expect(await types(second, orderStreamName(cancelled.orderId))).toEqual([
      'OrderCreated',
      'PaymentCaptureRequested',
      'PaymentCaptured',
      'OrderPlaced',
      'PaymentRefunded',
    ]);
    expect(pp.calls.refund).toBe(refundsBefore + 1);
    expect((await types(second, bookingStreamName(moved.bookingId))).filter((t) => t === 'BookingRescheduled')).toHaveLength(1);
    expect(await second.core.readModels.find('bookings', { pending: { in: ['cancel', 'reschedule'] } })).toEqual([]);
  });
});
