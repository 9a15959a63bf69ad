import { availabilityStreamName, bookingStreamName, orderStreamName, slotId } from '@studio/contracts';
import { approvedOrder, confirmOrder, firstProductId } from '../../../testing/payments';
import { registerPatients } from '../../../testing/patients';
import { restartSuite } from '../../../testing/restart';
import { ManualClock, type TestApp } from '../../../testing/test-app';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';

// The process dies between two appends of a reschedule and of a cancellation; the next start of the app on the
// same data resumes both from the log (no sweep timer: HOLD_SWEEP_SECONDS=0, only the start-up resume).
const NOW = '2030-03-04T06:00:00.000Z';

describe('workflows resumed at start after the process died between two appends', () => {
  const clock = new ManualClock(new Date(NOW));
  const suite = restartSuite(clock);

  it('a half-done move and a half-done cancellation are finished by the next start, nothing appended twice', async () => {
    const first = await suite.start();
    const pp = suite.pp;
    const medico1 = first.ids['medico1@example.it'];
    const product = await firstProductId((await registerPatients(first, 1))[0]);
    const pay = async (start: string) => {
      const order = await approvedOrder(first, pp, product, start);
      await confirmOrder(order.patient, order.orderId, product).expect(200);
      return order;
    };
    const moved = await pay('2030-03-07T09:00:00Z');
    const cancelled = await pay('2030-03-07T09:30:00Z');
    const [mover, canceller] = [moved.patient, cancelled.patient];

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
    // the process goes away (its data stays), and starts again on the same files
    const second = await suite.restart();
    const deadline = Date.now() + 20_000;
    // the move's last step gives the old slot back, after BookingRescheduled: wait for that one too
    const oldSlotFreed = async () =>
      (await second.core.eventStore.readStream(availabilityStreamName(medico1, '2030-03-07'))).some(
        (e) => e.type === 'SlotFreed' && (e.data as { start: string }).start === '2030-03-07T09:00:00Z',
      );
    const done = async () =>
      (await types(second, bookingStreamName(moved.bookingId))).includes('BookingRescheduled') &&
      (await oldSlotFreed()) &&
      (await types(second, bookingStreamName(cancelled.bookingId))).includes('BookingCancellationSettled');
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('i flussi non sono stati ripresi all’avvio');
      await new Promise((r) => setTimeout(r, 200));
    }
    await second.core.changes.waitFor(await second.core.eventStore.headPosition());
    const slot = async (start: string) =>
      (await second.core.readModels.get<{ status: string; bookingId?: string }>('availability_slots', slotId(medico1, start)))?.doc;
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
