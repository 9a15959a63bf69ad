import { SLOT_COLORS, availabilityStreamName, bookingStreamName, slotId } from '@studio/contracts';
import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { connect, nextChange, sessionCookieOf, watch } from '../../../testing/sockets';
import { ManualClock, client, startTestApp, type TestApp } from '../../../testing/test-app';
import { HoldExpiryService } from './hold-expiry.service';

const NOW = '2030-03-04T06:00:00.000Z';

describe('holds expire and the slot comes back live', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let patient: TestPatient;
  let watcher: Socket;
  let visitor: Socket;
  let medico1: string;
  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
    id = slotId(medico1, start);
    [patient] = await registerPatients(app, 1);
    // the doctor's calendar: staff hear held and booked, with the booking's link
    const doctor = await client(app, 'medico1@example.it');
    watcher = await connect(app, sessionCookieOf(doctor.agent as never));
    await watch(watcher, medico1);
    visitor = await connect(app);
    await watch(visitor, medico1);
  });
  afterAll(async () => {
    watcher.disconnect();
    visitor.disconnect();
    await app.close();
  });

  const start = '2030-03-05T11:30:00Z';
  let id: string;
  const freeIds = async () =>
    ((await request(app.app.getHttpServer()).get('/disponibilita/query').query({ for: medico1, date: '2030-03-05' }).expect(200)).body as { id: string }[]).map(
      (s) => s.id,
    );
  let bookingId: string;

  it('a hold turns the slot red for a watcher, with the link to the booking', async () => {
    const pushed = nextChange(watcher, (m) => m.slot.id === id);
    const toVisitor = nextChange(visitor, (m) => m.slot.id === id);
    const res = await patient.agent.post('/prenotazioni').set('X-CSRF-Token', patient.csrf).send({ doctor_id: medico1, availability_id: id }).expect(201);
    bookingId = res.body.id;
    expect((await pushed).slot).toEqual({ id, start, end: '2030-03-05T12:00:00Z', status: 'held', url: `/prenotazioni/${bookingId}`, ...SLOT_COLORS.held });
    // a visitor learns only that it is no longer free: no held status, no link
    expect((await toVisitor).slot).toEqual({ id, start, end: '2030-03-05T12:00:00Z', status: 'unavailable', ...SLOT_COLORS.unavailable });
  });

  it('nothing expires before its time', async () => {
    clock.advance(14);
    expect(await app.app.get(HoldExpiryService).expireDue()).toBe(0);
    expect(await freeIds()).not.toContain(id);
  });

  it('past its time the hold expires: the slot is free again, pushed live, and the booking says expired', async () => {
    clock.advance(2);
    const pushed = nextChange(watcher, (m) => m.slot.id === id);
    expect(await app.app.get(HoldExpiryService).expireDue()).toBe(1);
    expect((await pushed).slot).toEqual({ id, start, end: '2030-03-05T12:00:00Z', status: 'available', ...SLOT_COLORS.available });
    expect(await freeIds()).toContain(id);
    expect((await patient.agent.get(`/prenotazioni/${bookingId}`).expect(200)).body.status).toBe('expired');
    const day = await app.core.eventStore.readStream(availabilityStreamName(medico1, '2030-03-05'));
    expect(day.at(-1)).toMatchObject({ type: 'SlotHoldReleased', data: { bookingId, reason: 'expired' }, metadata: { userId: 'system' } });
    expect((await app.core.eventStore.readStream(bookingStreamName(bookingId))).at(-1)).toMatchObject({
      type: 'BookingHoldEnded',
      data: { reason: 'expired' },
    });
  });

  it('a second sweep finds nothing to do, and another patient can hold the slot', async () => {
    const before = await app.core.eventStore.headPosition();
    expect(await app.app.get(HoldExpiryService).expireDue()).toBe(0);
    expect(await app.core.eventStore.headPosition()).toBe(before);
    const [other] = await registerPatients(app, 1);
    await other.agent.post('/prenotazioni').set('X-CSRF-Token', other.csrf).send({ doctor_id: medico1, availability_id: id }).expect(201);
  });
});

describe('the one workflow sweep expires holds on its interval, with no timer of their own', () => {
  it('releases a due hold without anyone calling expireDue', async () => {
    const clock = new ManualClock(new Date(NOW));
    const app = await startTestApp({ HOLD_SWEEP_SECONDS: '1', HOLD_MINUTES: '5' }, undefined, clock);
    const watcher = await connect(app);
    try {
      const medico2 = app.ids['medico2@example.it'];
      await watch(watcher, medico2);
      const [patient] = await registerPatients(app, 1);
      const id = slotId(medico2, '2030-03-06T14:00:00Z');
      const res = await patient.agent.post('/prenotazioni').set('X-CSRF-Token', patient.csrf).send({ doctor_id: medico2, availability_id: id }).expect(201);
      expect(res.body.expiresAt).toBe('2030-03-04T06:05:00.000Z');
      const freed = nextChange(watcher, (m) => m.slot.id === id && m.slot.status === 'available', 5000);
      clock.advance(6);
      await freed;
    } finally {
      watcher.disconnect();
      await app.close();
    }
  });
});
