import { roomStreamName, slotId, waitingListStreamName, type BookingView } from '@studio/contracts';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { until } from '../../../testing/until';
import { TEST_TAXCODE } from '../../../testing/payments';
import { confirmedAtDesk } from '../../../testing/visits';
import { WaitingListOffersService } from '../waiting-list-offer/waiting-list-offers.service';

const MON = '2030-03-11';
const TUE = '2030-03-12';
const at = (day: string, hour: string) => `${day}T${hour}:00Z`;
const NO_ROOM = { code: 'stanza_non_libera', message: 'Nessuna stanza libera in questa sede a quest’ora: scegli un altro orario.' };

/**
 * The waiting list's offer at a location with one room shared by two doctors: the offered hold takes the room as a
 * patient's hold does, the paid offer keeps it, and a freed slot whose time has no free room is not offered.
 */
describe('a waiting-list offer takes a room where the location has rooms', () => {
  const clock = new ManualClock(new Date('2030-03-04T06:00:00Z'));
  let app: TestApp;
  let admin: Client;
  let sede: string;
  let doctors: string[];
  const staff: Client[] = [];

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', NOTIFY_POLL_MS: '200' }, undefined, clock);
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
      staff.push(doctor);
      // the first doctor has one slot on Monday: the only one the waiting patient can be offered that day
      const mon = [{ from: '09:00', to: i === 0 ? '09:30' : '11:00', locationId: sede }];
      const tue = [{ from: '09:00', to: '10:00', locationId: sede }];
      await doctor.agent
        .put(`/api/doctors/${doctorId}/weekly-schedule`)
        .set('X-CSRF-Token', doctor.csrf)
        .send({ days: [mon, tue, [], [], [], [], []] })
        .expect(200);
      await doctor.agent.post(`/api/doctors/${doctorId}/weekly-schedule/apply`).set('X-CSRF-Token', doctor.csrf).send({ from: MON, to: TUE }).expect(200);
    }
  });
  afterAll(() => app?.close());

  const hold = (p: TestPatient, doctorId: string, start: string) =>
    p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start) });
  const join = (p: TestPatient, doctorId: string, day: string) =>
    p.agent.post('/api/waiting-list').set('X-CSRF-Token', p.csrf).send({ doctor_id: doctorId, from: day, to: day }).expect(201);
  const held = async (p: TestPatient) => ((await p.agent.get('/api/me/bookings').expect(200)).body as BookingView[]).filter((b) => b.status === 'held');
  const roomLog = async (day: string) =>
    (await app.core.eventStore.readStream(roomStreamName(sede, day))).map((e) => [e.type, (e.data as { bookingId: string }).bookingId]);
  const listTypes = async (doctorId: string) => (await app.core.eventStore.readStream(waitingListStreamName(doctorId))).map((e) => e.type);

  it('the offered hold takes the room given back by the hold it replaces; paid, it keeps it; the other doctor cannot have that hour', async () => {
    const [holder, waiter, other] = await registerPatients(app, 3, 'offerta-stanza');
    const start = at(MON, '09:00');
    const first = (await hold(holder, doctors[0], start).expect(201)).body.id as string;
    await join(waiter, doctors[0], MON);
    // the holder lets go: the slot is given back before the room, and the offer follows the room
    await holder.agent.delete(`/prenotazioni/${first}`).set('X-CSRF-Token', holder.csrf).expect(200);
    const [offered] = await until(
      () => held(waiter),
      (v) => v.length > 0,
    );
    expect(offered).toMatchObject({ doctorId: doctors[0], start });
    expect(await roomLog(MON)).toEqual([
      ['RoomTaken', first],
      ['RoomReleased', first],
      ['RoomTaken', offered.id],
    ]);
    // the room is the offer's: the other doctor's 09:00 is refused, saying why
    const refused = await hold(other, doctors[1], start);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual(NO_ROOM);
    // the offer accepted (paid at the desk): confirmed, the room kept
    await staff[0].agent
      .post(`/api/bookings/${offered.id}/desk-payment`)
      .set('X-CSRF-Token', staff[0].csrf)
      .send({ method: 'cash', amountCents: 8000, taxcode: TEST_TAXCODE })
      .expect(201);
    expect((await admin.agent.get(`/prenotazioni/${offered.id}`).expect(200)).body).toMatchObject({ status: 'confirmed', start });
    expect((await roomLog(MON)).at(-1)).toEqual(['RoomTaken', offered.id]);
  });

  it('a freed slot whose time has no free room is not offered; once the room is free it is', async () => {
    // the other doctor's visits take the one room all Tuesday morning
    const visits = [];
    for (const hour of ['09:00', '09:30'])
      visits.push((await confirmedAtDesk(app, staff[1], doctors[1], { start: at(TUE, hour), amountCents: 8000 })).bookingId);
    const [waiter] = await registerPatients(app, 1, 'attesa-stanza');
    await join(waiter, doctors[0], TUE);
    const listBefore = (await listTypes(doctors[0])).length;
    const offers = app.app.get(WaitingListOffersService);
    const slot = { doctorId: doctors[0], slotId: slotId(doctors[0], at(TUE, '09:00')), start: at(TUE, '09:00'), end: at(TUE, '09:30') };
    // the doctor's 09:00 is free, but there is no room for it: nothing reserved, nothing held
    const run = await offers.offerSlot(slot, 'prova-senza-stanza');
    expect(run?.position ?? null).toBeNull();
    await offers.offerFreeSlots(doctors[0], 'prova-senza-stanza-tutti');
    expect((await listTypes(doctors[0])).slice(listBefore)).toEqual([]);
    expect(await held(waiter)).toEqual([]);
    // the other doctor's 09:00 visit is cancelled: its room comes back, and the waiting patient is offered 09:00
    await admin.agent.post(`/api/bookings/${visits[0]}/cancel`).set('X-CSRF-Token', admin.csrf).send({ reason: 'Il medico è assente' }).expect(200);
    await offers.offerSlot(slot, 'prova-con-stanza');
    const [offered] = await until(
      () => held(waiter),
      (v) => v.length > 0,
    );
    expect(offered).toMatchObject({ doctorId: doctors[0], start: at(TUE, '09:00') });
    expect((await roomLog(TUE)).filter(([type]) => type === 'RoomTaken').map(([, id]) => id)).toEqual([...visits, offered.id]);
  });
});
