import { roomStreamName, slotId } from '@studio/contracts';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { HoldExpiryService } from './hold-expiry.service';

const MONDAY = '2030-03-11';
const AT_NINE = `${MONDAY}T09:00:00Z`;

/** two doctors receiving at one location with one room: the room is booked with the visit, never twice at once */
describe('a room is taken with the hold where the location has rooms', () => {
  const clock = new ManualClock(new Date('2030-03-04T06:00:00Z'));
  let app: TestApp;
  let admin: Client;
  let sede: string;
  let doctors: string[];

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    admin = await client(app, 'admin@example.it');
    sede = (
      await admin.agent
        .post('/api/locations')
        .set('X-CSRF-Token', admin.csrf)
        .send({ name: 'Sede piccola', address: 'Via Verdi 3, Milano', rooms: [{ name: 'Studio 1' }] })
        .expect(201)
    ).body.id as string;
    doctors = [app.ids['medico1@example.it'], app.ids['medico2@example.it']];
    for (const [i, doctorId] of doctors.entries()) {
      const doctor = await client(app, `medico${i + 1}@example.it`);
      const day = [{ from: '09:00', to: '11:00', locationId: sede }];
      await doctor.agent
        .put(`/api/doctors/${doctorId}/weekly-schedule`)
        .set('X-CSRF-Token', doctor.csrf)
        .send({ days: [day, [], [], [], [], [], []] })
        .expect(200);
      await doctor.agent.post(`/api/doctors/${doctorId}/weekly-schedule/apply`).set('X-CSRF-Token', doctor.csrf).send({ from: MONDAY, to: MONDAY }).expect(200);
    }
  });
  afterAll(() => app?.close());

  const hold = (patient: TestPatient, doctorId: string, start = AT_NINE) =>
    patient.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', patient.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start) });
  const roomLog = async () =>
    (await app.core.eventStore.readStream(roomStreamName(sede, MONDAY))).map((e) => [e.type, (e.data as { bookingId: string }).bookingId]);
  const freeHours = async (doctorId: string) =>
    ((await admin.agent.get(`/disponibilita/query?for=${doctorId}&date=${MONDAY}`).expect(200)).body as { hour: string }[]).map((h) => h.hour);

  it('two patients with two doctors race for the one room at 09:00: one wins, the other hears why and keeps no slot', async () => {
    const patients = await registerPatients(app, 2, 'stanza');
    const [a, b] = await Promise.all([hold(patients[0], doctors[0]), hold(patients[1], doctors[1])]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const [won, lost] = a.status === 201 ? [a, b] : [b, a];
    const loser = a.status === 201 ? doctors[1] : doctors[0];
    expect(lost.body.error).toEqual({ code: 'stanza_non_libera', message: 'Nessuna stanza libera in questa sede a quest’ora: scegli un altro orario.' });
    expect(await roomLog()).toEqual([['RoomTaken', won.body.id]]);
    // the loser's slot was given back (the compensation): its doctor is free again at 09:00 once a room is
    expect((await app.core.eventStore.readStream(`availability-${loser}-${MONDAY}`)).map((e) => e.type).slice(-2)).toEqual(['SlotHeld', 'SlotHoldReleased']);
    // with no room left at 09:00 the other doctor's free 09:00 is not offered, on /prenota nor in the free days
    expect(await freeHours(loser)).toEqual(['09:30', '10:00', '10:30']);
    const days = async () => (await admin.agent.get(`/api/doctors/${loser}/days?from=${MONDAY}&to=${MONDAY}`).expect(200)).body;
    expect(await days()).toEqual([{ date: MONDAY, free: 3 }]);
    // the other doctor at 09:30 has the room
    const other = await hold(patients[1], loser, `${MONDAY}T09:30:00Z`).expect(201);
    expect(await roomLog()).toEqual([
      ['RoomTaken', won.body.id],
      ['RoomTaken', other.body.id],
    ]);
    // the winner lets go: the room is given back with the slot, and the 09:00 hold now succeeds for the other doctor
    await (a.status === 201 ? patients[0] : patients[1]).agent
      .delete(`/prenotazioni/${won.body.id}`)
      .set('X-CSRF-Token', (a.status === 201 ? patients[0] : patients[1]).csrf)
      .expect(200);
    expect((await roomLog()).at(-1)).toEqual(['RoomReleased', won.body.id]);
    expect(await freeHours(loser)).toContain('09:00');
    const [third] = await registerPatients(app, 1, 'stanza');
    await hold(third, loser).expect(201);
    expect(await freeHours(loser)).not.toContain('09:00');
  });

  it('a hold that runs out gives its room back', async () => {
    const [p] = await registerPatients(app, 1, 'scade');
    const held = await hold(p, doctors[0], `${MONDAY}T10:00:00Z`).expect(201);
    clock.advance(60);
    await app.app.get(HoldExpiryService).expireDue();
    // every hold ran out, the earlier test's too: each gives its room back once
    const log = await roomLog();
    expect(log.filter(([type, id]) => type === 'RoomReleased' && id === held.body.id)).toHaveLength(1);
    expect(log.filter(([type]) => type === 'RoomTaken').length).toBe(log.filter(([type]) => type === 'RoomReleased').length);
    const [q] = await registerPatients(app, 1, 'scade');
    await hold(q, doctors[1], `${MONDAY}T10:00:00Z`).expect(201);
  });
});
