import { slotId, type BookingView, type LocalMailView } from '@studio/contracts';
import { HoldExpiryService } from '../hold/hold-expiry.service';
import { NotificationsService } from '../../notifications/mail/notifications.service';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { client, ManualClock, startTestApp, type TestApp } from '../../../testing/test-app';
import { until } from '../../../testing/until';

const clock = new ManualClock(new Date('2030-03-04T06:00:00.000Z'));
let app: TestApp;
let medico1: string;
let holders: TestPatient[];
let waiters: TestPatient[];

const S1 = '2030-03-05T09:00:00Z';
const S2 = '2030-03-05T09:30:00Z';

const post = (p: TestPatient, body: object) => p.agent.post('/api/waiting-list').set('X-CSRF-Token', p.csrf).send(body);
const heldBookings = async (p: TestPatient) => ((await p.agent.get('/api/me/bookings').expect(200)).body as BookingView[]).filter((b) => b.status === 'held');
const posta = async () => {
  const admin = await client(app, 'admin@example.it');
  return (await admin.agent.get('/api/posta').expect(200)).body as LocalMailView[];
};

beforeAll(async () => {
  app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', NOTIFY_POLL_MS: '200' }, undefined, clock);
  medico1 = app.ids['medico1@example.it'];
  holders = await registerPatients(app, 2, 'occupa');
  waiters = await registerPatients(app, 3, 'attende');
});
afterAll(() => app?.close());

describe('waiting list', () => {
  it('validates: Italian 400s, a doctor that exists, patients only, once per doctor', async () => {
    const [a] = waiters;
    expect((await post(a, { doctor_id: medico1, from: '2030-03-06', to: '2030-03-05' }).expect(400)).body.error.message).toBe(
      'Il primo giorno deve precedere l’ultimo.',
    );
    expect((await post(a, { doctor_id: medico1, from: '2030-02-30', to: '2030-03-05' }).expect(400)).body.error.message).toBe('Data inesistente.');
    await post(a, { doctor_id: medico1, from: '2030-03-05', to: '2030-06-05' }).expect(400);
    await post(a, { doctor_id: medico1, from: '2030-03-01', to: '2030-03-05' }).expect(400);
    await post(a, { doctor_id: 'nessuno', from: '2030-03-05', to: '2030-03-06' }).expect(404);
    const doctor = await client(app, 'medico1@example.it');
    await doctor.agent
      .post('/api/waiting-list')
      .set('X-CSRF-Token', doctor.csrf)
      .send({ doctor_id: medico1, from: '2030-03-05', to: '2030-03-06' })
      .expect(403);
    await a.agent.post('/api/waiting-list').send({ doctor_id: medico1, from: '2030-03-05', to: '2030-03-06' }).expect(403);
    const entries = await app.core.eventStore.readStream(`waitinglist-${medico1}`);
    expect(entries).toHaveLength(0);
  });

  it('two slots freed at once go to two different patients, each held 15 minutes, each told by email', async () => {
    const [a, b, c] = waiters;
    await post(a, { doctor_id: medico1, from: '2030-03-05', to: '2030-03-06' }).expect(201);
    await post(b, { doctor_id: medico1, from: '2030-03-05', to: '2030-03-05' }).expect(201);
    await post(c, { doctor_id: medico1, from: '2030-03-09', to: '2030-03-10' }).expect(201);
    expect((await post(a, { doctor_id: medico1, from: '2030-03-05', to: '2030-03-06' }).expect(409)).body.error.code).toBe('gia_in_lista');
    expect((await a.agent.get('/api/me/waiting-list').expect(200)).body).toEqual([
      expect.objectContaining({ doctorId: medico1, from: '2030-03-05', to: '2030-03-06', status: 'waiting' }),
    ]);

    const ids: string[] = [];
    for (const [i, start] of [S1, S2].entries()) {
      const h = holders[i];
      ids.push(
        (
          await h.agent
            .post('/prenotazioni')
            .set('X-CSRF-Token', h.csrf)
            .send({ doctor_id: medico1, availability_id: slotId(medico1, start) })
            .expect(201)
        ).body.id,
      );
    }
    // both let go at the same moment
    await Promise.all(holders.map((h, i) => h.agent.delete(`/prenotazioni/${ids[i]}`).set('X-CSRF-Token', h.csrf).expect(200)));

    const heldA = await until(
      () => heldBookings(a),
      (v) => v.length > 0,
    );
    const heldB = await until(
      () => heldBookings(b),
      (v) => v.length > 0,
    );
    expect(heldA).toHaveLength(1);
    expect(heldB).toHaveLength(1);
    expect(new Set([heldA[0].start, heldB[0].start])).toEqual(new Set([S1, S2]));
    expect(heldA[0].expiresAt).toBe('2030-03-04T06:15:00.000Z');
    expect(await heldBookings(c)).toEqual([]);

    const mails = await until(posta, (m) => m.filter((x) => x.subject.startsWith('Si è liberato')).length >= 2);
    const offers = mails.filter((x) => x.subject.startsWith('Si è liberato'));
    expect(offers.map((m) => m.to).sort()).toEqual([a.email, b.email].sort());
    expect(offers[0].text).toContain('fino alle 07:15');
  });

  it('an offer not taken in 15 minutes passes to the next in line; nobody gets two at once', async () => {
    const [a, b] = waiters;
    const [before] = await heldBookings(a);
    clock.advance(16);
    await app.app.get(HoldExpiryService).expireDue();
    // each gets the slot the other let go
    const nextA = await until(
      () => heldBookings(a),
      (v) => v.length > 0 && v[0].start !== before.start,
    );
    const nextB = await until(
      () => heldBookings(b),
      (v) => v.length > 0 && v[0].start === before.start,
    );
    expect(nextA).toHaveLength(1);
    expect(nextB).toHaveLength(1);
    expect(nextB[0].start).toBe(before.start);
    await app.app.get(NotificationsService).runDue();
    const offers = (await until(posta, (m) => m.filter((x) => x.subject.startsWith('Si è liberato')).length >= 4)).filter((x) =>
      x.subject.startsWith('Si è liberato'),
    );
    expect(offers).toHaveLength(4);
  });

  it("a cancellation (BookingCancelled in the log, as the agenda appends it) offers the freed slot to the doctor's line", async () => {
    const [, , c] = waiters;
    const medico2 = app.ids['medico2@example.it'];
    await post(c, { doctor_id: medico2, from: '2030-03-06', to: '2030-03-06' }).expect(201);
    const start = '2030-03-06T14:00:00Z';
    await app.core.eventStore.append(
      'booking-cancelled-elsewhere',
      [
        {
          type: 'BookingCancelled',
          data: {
            bookingId: 'cancelled-elsewhere',
            patientId: 'someone',
            doctorId: medico2,
            slotId: slotId(medico2, start),
            start,
            end: '2030-03-06T14:30:00Z',
            by: 'patient',
            reason: null,
            refund: 'full',
            at: clock.now().toISOString(),
          },
          metadata: { userId: 'system', role: 'system', at: clock.now().toISOString(), correlationId: 'c', causationId: 'c' },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const held = await until(
      () => heldBookings(c),
      (v) => v.length > 0,
    );
    expect(held.map((b) => [b.doctorId, b.start])).toEqual([[medico2, start]]);
  });

  it('a patient leaves a line of their own only; leaving twice or an unknown entry is refused, nothing appended', async () => {
    const [stays, leaves] = await registerPatients(app, 2, 'esce');
    const medico2 = app.ids['medico2@example.it'];
    const entry = (await post(leaves, { doctor_id: medico2, from: '2030-03-12', to: '2030-03-13' }).expect(201)).body.id as string;
    await post(stays, { doctor_id: medico2, from: '2030-03-12', to: '2030-03-13' }).expect(201);
    const stream = `waitinglist-${medico2}`;
    const length = async () => (await app.core.eventStore.readStream(stream)).length;
    const before = await length();
    const leave = (p: TestPatient, id: string) => p.agent.delete(`/api/waiting-list/${id}`).set('X-CSRF-Token', p.csrf);
    expect((await leave(stays, entry).expect(403)).body.error.message).toBe('Puoi togliere solo le tue iscrizioni alla lista d’attesa.');
    expect((await leave(leaves, 'non-esiste').expect(404)).body.error.message).toBe('Iscrizione alla lista d’attesa non trovata.');
    await leaves.agent.delete(`/api/waiting-list/${entry}`).expect(403);
    expect(await length()).toBe(before);

    expect((await leave(leaves, entry).expect(200)).body).toEqual([]);
    expect((await app.core.eventStore.readStream(stream)).at(-1)).toMatchObject({ type: 'WaitingListLeft', data: { entryId: entry, reason: 'left' } });
    expect((await leave(leaves, entry).expect(409)).body.error.code).toBe('non_in_lista');
    expect((await stays.agent.get('/api/me/waiting-list').expect(200)).body).toHaveLength(1);
    // and may join again
    await post(leaves, { doctor_id: medico2, from: '2030-03-12', to: '2030-03-12' }).expect(201);
  });

  it('the local outbox is admin only', async () => {
    await waiters[0].agent.get('/api/posta').expect(403);
    const doctor = await client(app, 'medico1@example.it');
    await doctor.agent.get('/api/posta').expect(403);
  });
});
