import { patientHoldStreamName, slotId, type BookingView } from '@studio/contracts';
import { startPaypalStandIn, type PaypalStandIn } from '../../payments/paypal/paypal-stand-in';
import { paypalEnv, TEST_TAXCODE, productsForFirstBookings } from '../../../testing/payments';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, startTestApp, type TestApp } from '../../../testing/test-app';
import { until } from '../../../testing/until';

// demo seed: today = Monday 2030-03-04; medico1 open 09:00–13:00 UTC, medico2 14:00–18:00 UTC on weekdays
const clock = new ManualClock(new Date('2030-03-04T06:00:00.000Z'));
let pp: PaypalStandIn;
let app: TestApp;
let medico1: string;
let medico2: string;
let productId: string;

const join = (p: TestPatient, doctorId: string, day: string) =>
  p.agent.post('/api/waiting-list').set('X-CSRF-Token', p.csrf).send({ doctor_id: doctorId, from: day, to: day }).expect(201);
const hold = async (p: TestPatient, doctorId: string, start: string) =>
  (
    await p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start) })
      .expect(201)
  ).body.id as string;
const letGo = (p: TestPatient, bookingId: string) => p.agent.delete(`/prenotazioni/${bookingId}`).set('X-CSRF-Token', p.csrf).expect(200);
const held = async (p: TestPatient) => ((await p.agent.get('/api/me/bookings').expect(200)).body as BookingView[]).filter((b) => b.status === 'held');

beforeAll(async () => {
  pp = await startPaypalStandIn();
  app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', NOTIFY_POLL_MS: '200', ...paypalEnv(pp) }, undefined, clock);
  medico1 = app.ids['medico1@example.it'];
  medico2 = app.ids['medico2@example.it'];
  productId = (await productsForFirstBookings(app))[0].id;
});
afterAll(async () => {
  await app?.close();
  await pp?.close();
});

describe('waiting-list offers and the patient’s one hold', () => {
  it('an offered hold is the patient’s to pay, even when they had held (and let go) a slot of their own before', async () => {
    const [waiter, holder] = await registerPatients(app, 2, 'paga-offerta');
    // the waiter's own hold, let go: their patient stream names it as their current hold
    await letGo(waiter, await hold(waiter, medico1, '2030-03-11T09:00:00Z'));
    await join(waiter, medico1, '2030-03-12');
    const start = '2030-03-12T10:00:00Z';
    await letGo(holder, await hold(holder, medico1, start));

    const [offered] = await until(
      () => held(waiter),
      (v) => v.length > 0,
    );
    expect(offered).toMatchObject({ doctorId: medico1, start });
    expect((await app.core.eventStore.readStream(patientHoldStreamName(waiter.id))).at(-1)?.data).toMatchObject({ bookingId: offered.id });

    const order = await waiter.agent.post('/api/paypal/orders').set('X-CSRF-Token', waiter.csrf).send({ booking_id: offered.id, product: productId });
    expect(order.status).toBe(201);
    pp.approve(order.body.id);
    await waiter.agent
      .post('/prenotazioni/conferma')
      .set('X-CSRF-Token', waiter.csrf)
      .send({ transaction: order.body.id, status: 'COMPLETED', product: productId, taxcode: TEST_TAXCODE, billing: 'Via Roma 1, Roma' })
      .expect(200);
    const mine = (await waiter.agent.get('/api/me/bookings').expect(200)).body as BookingView[];
    expect(mine.find((b) => b.id === offered.id)?.status).toBe('confirmed');
    expect((await waiter.agent.get('/api/me/waiting-list').expect(200)).body).toEqual([]);
  });

  it('two doctors free a slot at once: a patient waiting for both gets one offer, never two; the other goes to the next in line', async () => {
    const [both, next, h1, h2] = await registerPatients(app, 4, 'due-medici');
    const day = '2030-03-13';
    await join(both, medico1, day);
    await join(both, medico2, day);
    await join(next, medico2, day);
    const s1 = `${day}T09:30:00Z`;
    const s2 = `${day}T14:30:00Z`;
    const [b1, b2] = [await hold(h1, medico1, s1), await hold(h2, medico2, s2)];
    await Promise.all([letGo(h1, b1), letGo(h2, b2)]);

    // both offers have run to their end once `next` or the free medico1 slot shows the outcome
    const mineBoth = await until(
      () => held(both),
      (v) => v.length > 0,
    );
    const mineNext = await until(
      () => held(next),
      (v) => v.length > 0,
      mineBoth[0]?.doctorId === medico1 ? 10_000 : 1_000,
    );
    expect(mineBoth).toHaveLength(1);
    if (mineBoth[0].doctorId === medico1) {
      // medico2's slot passed to the next in its line
      expect(mineNext.map((b) => [b.doctorId, b.start])).toEqual([[medico2, s2]]);
    } else {
      // medico2's offer came first; medico1's slot has nobody else waiting and stays free
      expect(mineNext).toEqual([]);
      expect((await app.core.readModels.get<{ status: string }>('availability_slots', slotId(medico1, s1)))?.doc.status).toBe('available');
    }
    // whichever came second was never the patient's: one claim only
    const claims = (await app.core.eventStore.readStream(patientHoldStreamName(both.id))).map((e) => e.data);
    expect(claims).toEqual([expect.objectContaining({ bookingId: mineBoth[0].id })]);
  });

  it('a patient holding a slot of their own is passed over; their place in line stays', async () => {
    const [busy, next, holder] = await registerPatients(app, 3, 'occupato');
    const day = '2030-03-14';
    await join(busy, medico1, day);
    await join(next, medico1, day);
    const own = await hold(busy, medico1, '2030-03-15T09:00:00Z');
    const start = `${day}T11:00:00Z`;
    await letGo(holder, await hold(holder, medico1, start));

    const offered = await until(
      () => held(next),
      (v) => v.length > 0,
    );
    expect(offered.map((b) => b.start)).toEqual([start]);
    expect((await held(busy)).map((b) => b.id)).toEqual([own]);
    expect((await busy.agent.get('/api/me/waiting-list').expect(200)).body).toEqual([expect.objectContaining({ doctorId: medico1, status: 'waiting' })]);
  });
});
