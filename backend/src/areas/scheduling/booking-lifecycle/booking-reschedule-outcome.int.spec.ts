import { accessStreamName, availabilityStreamName, bookingStreamName, orderStreamName, slotId } from '@studio/contracts';
import { startPaypalStandIn, type PaypalStandIn } from '../../payments/paypal/paypal-stand-in';
import { paypalEnv, TEST_TAXCODE, productsForFirstBookings } from '../../../testing/payments';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';
import { BookingLifecycleService } from './booking-lifecycle.service';

// demo seed: today = Monday 2030-03-04; medico1 open 09:00–13:00 on weekdays of this week and the next.
// The clock stands at 07:00 in Rome (06:00Z); the cut-off is 24 h before the visit (at the practice).
const NOW = '2030-03-04T06:00:00.000Z';

describe('the practice week: cancel, reschedule, outcome, agenda', () => {
  const clock = new ManualClock(new Date(NOW));
  let pp: PaypalStandIn;
  let app: TestApp;
  let medico1: string;
  let medico2: string;
  let productId: string;
  let doctor: Client;
  let admin: Client;
  let nextSlot = 0;

  beforeAll(async () => {
    pp = await startPaypalStandIn();
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', ...paypalEnv(pp) }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
    medico2 = app.ids['medico2@example.it'];
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
  const reschedule = (c: Client, id: string, start: string, doctorId = medico1) =>
    c.agent
      .post(`/api/bookings/${id}/reschedule`)
      .set('X-CSRF-Token', c.csrf)
      .send({ availability_id: slotId(doctorId, start) });
  const outcome = (c: Client, id: string, value: string) => c.agent.post(`/api/bookings/${id}/outcome`).set('X-CSRF-Token', c.csrf).send({ outcome: value });
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

  describe('reschedule', () => {
    it('a patient moves a paid visit: new slot booked, old slot free, payment carried over', async () => {
      const { patient, bookingId, start, orderId } = await paidBooking();
      const target = freshSlot();
      const res = await reschedule(patient, bookingId, target).expect(200);
      expect(res.body).toMatchObject({ id: bookingId, status: 'confirmed', start: target, slotId: slotId(medico1, target), orderId });
      expect(await slotDoc(start)).toEqual(expect.objectContaining({ status: 'available' }));
      expect(await slotDoc(target)).toEqual(expect.objectContaining({ status: 'booked', bookingId }));
      expect(await types(bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingConfirmed', 'BookingRescheduleRequested', 'BookingRescheduled']);
      const [moved] = (await app.core.eventStore.readStream(bookingStreamName(bookingId))).filter((e) => e.type === 'BookingRescheduled');
      expect(moved.data).toMatchObject({ fromStart: start, start: target, sequence: 1, by: 'patient' });
      // then cancelled: the new slot is the one freed
      await cancel(patient, bookingId).expect(200);
      expect(await slotDoc(target)).toEqual(expect.objectContaining({ status: 'available' }));
    });

    it('refuses a taken slot, a closed one, another doctor’s, after the cut-off for the patient, bad input: nothing appended', async () => {
      const { patient, bookingId, start } = await paidBooking();
      const { start: taken } = await paidBooking();
      await refused(() => reschedule(patient, bookingId, taken), 409, /preso da un altro paziente/);
      await refused(() => reschedule(patient, bookingId, '2030-03-06T20:00:00Z'), 400, /fuori dall’orario/);
      await refused(() => reschedule(patient, bookingId, '2030-03-06T15:00:00Z'), 409, /non è disponibile/);
      await refused(() => reschedule(patient, bookingId, '2030-03-06T14:00:00Z', medico2), 400, /stesso medico/);
      await refused(() => patient.agent.post(`/api/bookings/${bookingId}/reschedule`).set('X-CSRF-Token', patient.csrf).send({}), 400, /availability_id/);
      await refused(
        () => patient.agent.post(`/api/bookings/${bookingId}/reschedule`).set('X-CSRF-Token', patient.csrf).send({ availability_id: 'boh' }),
        400,
        /non valido/,
      );
      const [stranger] = await registerPatients(app, 1);
      await refused(() => reschedule(stranger, bookingId, freshSlot()), 403, /Non puoi spostare/);
      clock.set(hoursBefore(start, 20));
      const target = freshSlot();
      await refused(() => reschedule(patient, bookingId, target), 409, /termine/);
      // the doctor still may
      await reschedule(doctor, bookingId, target).expect(200);
    });

    it('crash between the two appends: the sweep resumes it, nothing is appended twice', async () => {
      const { patient, bookingId, start } = await paidBooking();
      const target = freshSlot();
      const lifecycle = app.app.get(BookingLifecycleService);
      // the process dies right after the flow's first step (the runner's one step executor)
      const runner = app.app.get(WorkflowRunner);
      const execute = runner.executeStep.bind(runner);
      const spy = jest.spyOn(runner, 'executeStep').mockImplementationOnce(async (...args) => {
        await execute(...args);
        throw new Error('processo terminato');
      });
      try {
        const res = await reschedule(patient, bookingId, target);
        expect(res.status).toBe(500);
      } finally {
        spy.mockRestore();
      }
      // half-done: the new slot is booked by the booking, which has not moved yet; the old one still booked
      expect(await types(bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingConfirmed', 'BookingRescheduleRequested']);
      expect(await slotDoc(target)).toEqual(expect.objectContaining({ status: 'booked', bookingId }));
      expect(await slotDoc(start)).toEqual(expect.objectContaining({ status: 'booked', bookingId }));
      // nobody can take either meanwhile, nor start another move
      await refused(() => reschedule(patient, bookingId, freshSlot()), 409, /spostamento/);

      expect(await lifecycle.resumeUnfinished()).toBeGreaterThanOrEqual(1);
      expect(await types(bookingStreamName(bookingId))).toEqual(['BookingHeld', 'BookingConfirmed', 'BookingRescheduleRequested', 'BookingRescheduled']);
      expect(await slotDoc(start)).toEqual(expect.objectContaining({ status: 'available' }));
      const rebooked = (await app.core.eventStore.readStream(availabilityStreamName(medico1, target.slice(0, 10)))).filter(
        (e) => e.type === 'SlotRebooked' && (e.data as { bookingId: string }).bookingId === bookingId,
      );
      expect(rebooked).toHaveLength(1);
      expect((await patient.agent.get(`/prenotazioni/${bookingId}`).expect(200)).body.start).toBe(target);
      // and again: nothing left to do
      const before = await head();
      await lifecycle.resumeUnfinished();
      expect(await head()).toBe(before);
    });

    it('crash in a cancellation after the slot was freed: the sweep refunds once and settles', async () => {
      const { patient, bookingId, orderId } = await paidBooking();
      // the process dies right after the flow's first step (the runner's one step executor)
      const runner = app.app.get(WorkflowRunner);
      const execute = runner.executeStep.bind(runner);
      const spy = jest.spyOn(runner, 'executeStep').mockImplementationOnce(async (...args) => {
        await execute(...args);
        throw new Error('processo terminato');
      });
      const refundsBefore = pp.calls.refund;
      try {
        expect((await cancel(patient, bookingId).expect(200)).body).toMatchObject({ status: 'cancelled', refunded: false });
      } finally {
        spy.mockRestore();
      }
      expect(await types(orderStreamName(orderId))).not.toContain('PaymentRefunded');
      await app.app.get(BookingLifecycleService).resumeUnfinished();
      expect(pp.calls.refund).toBe(refundsBefore + 1);
      expect(await types(orderStreamName(orderId))).toContain('PaymentRefunded');
      expect((await patient.agent.get(`/prenotazioni/${bookingId}`).expect(200)).body).toMatchObject({ status: 'cancelled', refunded: true });
    });

    it('race: two patients move into the same free slot at once: one wins, the loser keeps their visit', async () => {
      const a = await paidBooking();
      const b = await paidBooking();
      const target = freshSlot();
      const answers = await Promise.all([reschedule(a.patient, a.bookingId, target), reschedule(b.patient, b.bookingId, target)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = answers[0].status === 409 ? a : b;
      const winner = loser === a ? b : a;
      expect(answers.find((r) => r.status === 409)!.body.error.message).toMatch(/orario/);
      expect((await loser.patient.agent.get(`/prenotazioni/${loser.bookingId}`).expect(200)).body).toMatchObject({ start: loser.start, status: 'confirmed' });
      expect(await slotDoc(loser.start)).toEqual(expect.objectContaining({ status: 'booked', bookingId: loser.bookingId }));
      expect(await slotDoc(target)).toEqual(expect.objectContaining({ status: 'booked', bookingId: winner.bookingId }));
      expect(await slotDoc(winner.start)).toEqual(expect.objectContaining({ status: 'available' }));
      expect(await app.core.readModels.find('bookings', { pending: { in: ['cancel', 'reschedule'] } })).toEqual([]);
      // the loser may move again
      await reschedule(loser.patient, loser.bookingId, freshSlot()).expect(200);
    });

    it('race: a patient cancels while another moves into that same slot: one consistent outcome, never two bookings on a slot', async () => {
      for (let round = 0; round < 4; round++) {
        const a = await paidBooking();
        const b = await paidBooking();
        const [cancelled, moved] = await Promise.all([cancel(a.patient, a.bookingId), reschedule(b.patient, b.bookingId, a.start)]);
        expect(cancelled.status).toBe(200);
        const bView = (await b.patient.agent.get(`/prenotazioni/${b.bookingId}`).expect(200)).body;
        if (moved.status === 200) {
          // the move came after the slot was freed: b has it, its old slot is free
          expect(bView.start).toBe(a.start);
          expect(await slotDoc(a.start)).toEqual(expect.objectContaining({ status: 'booked', bookingId: b.bookingId }));
          expect(await slotDoc(b.start)).toEqual(expect.objectContaining({ status: 'available' }));
        } else {
          // lost: b's booking unchanged, the slot free (a's cancellation went through)
          expect(moved.status).toBe(409);
          expect(moved.body.error.message).toEqual(expect.any(String));
          expect(bView.start).toBe(b.start);
          expect(await slotDoc(b.start)).toEqual(expect.objectContaining({ status: 'booked', bookingId: b.bookingId }));
          expect(await slotDoc(a.start)).toEqual(expect.objectContaining({ status: 'available' }));
        }
        expect((await a.patient.agent.get(`/prenotazioni/${a.bookingId}`).expect(200)).body.status).toBe('cancelled');
        const pending = await app.core.readModels.find('bookings', { pending: { in: ['cancel', 'reschedule'] } });
        expect(pending).toEqual([]);
      }
    });
  });

  describe('outcome and agenda', () => {
    it('agenda: exact items for the doctor, identity read logged; outcome after the visit; no-shows counted', async () => {
      const { patient, bookingId, start, orderId } = await paidBooking();
      const day = start.slice(0, 10);
      const res = await doctor.agent.get(`/api/doctors/${medico1}/agenda`).query({ from: day, to: day }).expect(200);
      const item = res.body.find((i: { id: string }) => i.id === bookingId);
      expect(item).toEqual({
        id: bookingId,
        start,
        end: expect.any(String),
        status: 'confirmed',
        patient: { id: patient.id, name: 'Paziente', surname: expect.stringMatching(/^Prova/), phone: '', email: patient.email },
        order: { id: orderId, amountCents: expect.any(Number), status: 'placed' },
        questionnaireAnswered: false,
        noShows: 0,
        // paid online with a codice fiscale: a desk payment would not need to ask it
        taxcodeOnFile: true,
      });
      expect(await types(accessStreamName(patient.id))).toContain('PersonalDataAccessed');

      // the booking detail shows identity and contact to the doctor
      expect((await doctor.agent.get(`/prenotazioni/${bookingId}`).expect(200)).body.patient).toMatchObject({ id: patient.id, email: patient.email });
      expect((await patient.agent.get(`/prenotazioni/${bookingId}`).expect(200)).body.patient).toBeUndefined();

      await refused(() => outcome(doctor, bookingId, 'no_show'), 409, /non è ancora avvenuta/);
      clock.set('2030-03-20T12:00:00.000Z');
      await refused(() => outcome(patient, bookingId, 'no_show'), 403);
      await refused(async () => outcome(await client(app, 'medico2@example.it'), bookingId, 'no_show'), 403);
      await refused(() => outcome(doctor, bookingId, 'forse'), 400, /Esito non valido/);
      expect((await outcome(doctor, bookingId, 'no_show').expect(200)).body.status).toBe('no_show');
      await refused(() => outcome(doctor, bookingId, 'completed'), 409, /già stato registrato/);
      const after = (await admin.agent.get(`/api/doctors/${medico1}/agenda`).query({ from: day, to: day }).expect(200)).body.find(
        (i: { id: string }) => i.id === bookingId,
      );
      expect(after).toMatchObject({ status: 'no_show', noShows: 1 });
      expect((await patient.agent.get('/api/me/bookings').expect(200)).body.find((b: { id: string }) => b.id === bookingId).status).toBe('no_show');
    });

    it('agenda: staff only, a doctor only their own, Italian errors for bad ranges', async () => {
      const [patient] = await registerPatients(app, 1);
      const q = { from: '2030-03-04', to: '2030-03-10' };
      expect((await patient.agent.get(`/api/doctors/${medico1}/agenda`).query(q)).status).toBe(403);
      expect((await (await client(app, 'auditor@example.it')).agent.get(`/api/doctors/${medico1}/agenda`).query(q)).status).toBe(403);
      const other = await (await client(app, 'medico2@example.it')).agent.get(`/api/doctors/${medico1}/agenda`).query(q);
      expect(other.status).toBe(403);
      expect(other.body.error.message).toBe('Puoi vedere solo la tua agenda.');
      expect((await (await client(app)).agent.get(`/api/doctors/${medico1}/agenda`).query(q)).status).toBe(401);
      const bad = await doctor.agent.get(`/api/doctors/${medico1}/agenda`).query({ from: '2030-03-10', to: '2030-03-04' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/data finale/);
      expect((await doctor.agent.get(`/api/doctors/${medico1}/agenda`).query({ from: 'ieri', to: '2030-03-04' })).status).toBe(400);
      expect((await admin.agent.get('/api/doctors/nessuno/agenda').query(q)).status).toBe(404);
    });
  });
});
