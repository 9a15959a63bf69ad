import { roomStreamName, slotId } from '@studio/contracts';
import { TEST_TAXCODE } from '../../../testing/payments';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { confirmedAtDesk, createVisitType } from '../../../testing/visits';

const TUESDAYS = ['2030-03-05', '2030-03-12', '2030-03-19', '2030-03-26'];
const NINE = (day: string) => `${day}T09:00:00Z`;
const NO_ROOM_MESSAGE = 'Nessuna stanza libera in questa sede a quest’ora: scegli un altro orario.';

/**
 * A series of follow-ups at a location with one room shared by two doctors: each visit of the series is a hold like a
 * patient's, so it takes the room; a week whose hour has no free room is skipped saying why, its slot given back.
 */
describe('a follow-up series takes a room for each visit where the location has rooms', () => {
  const clock = new ManualClock(new Date('2030-03-04T06:00:00Z'));
  let app: TestApp;
  let admin: Client;
  let sede: string;
  let doctors: string[];
  const staff: Client[] = [];

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
      staff.push(doctor);
      const tue = [{ from: '09:00', to: '10:00', locationId: sede }];
      await doctor.agent
        .put(`/api/doctors/${doctorId}/weekly-schedule`)
        .set('X-CSRF-Token', doctor.csrf)
        .send({ days: [[], tue, [], [], [], [], []] })
        .expect(200);
      await doctor.agent
        .post(`/api/doctors/${doctorId}/weekly-schedule/apply`)
        .set('X-CSRF-Token', doctor.csrf)
        .send({ from: TUESDAYS[0], to: TUESDAYS.at(-1) })
        .expect(200);
    }
  });
  afterAll(() => app?.close());

  const roomTakers = async (day: string) =>
    (await app.core.eventStore.readStream(roomStreamName(sede, day)))
      .filter((e) => e.type === 'RoomTaken')
      .map((e) => (e.data as { bookingId: string }).bookingId);
  const freeHours = async (doctorId: string, day: string) =>
    ((await admin.agent.get(`/disponibilita/query?for=${doctorId}&date=${day}`).expect(200)).body as { hour: string }[]).map((h) => h.hour);

  it('the visits booked take the room; the week the other doctor has it is skipped with the reason, its slot free again', async () => {
    const control = await createVisitType(staff[0], doctors[0], { name: 'Controllo', minutes: 30, priceCents: 5000 });
    const source = await confirmedAtDesk(app, staff[0], doctors[0], { start: NINE(TUESDAYS[0]), amountCents: 5000, visitType: control, prefix: 'serie' });
    // the other doctor's visit holds the room on the second week of the series
    const blocker = await confirmedAtDesk(app, staff[1], doctors[1], { start: NINE(TUESDAYS[2]), amountCents: 8000, prefix: 'altro' });
    const res = await staff[0].agent
      .post(`/api/bookings/${source.bookingId}/series`)
      .set('X-CSRF-Token', staff[0].csrf)
      .send({ count: 3, everyWeeks: 1, method: 'cash', taxcode: TEST_TAXCODE })
      .expect(201);
    const visits = res.body.visits as { start: string; bookingId?: string; skipped?: string }[];
    expect(visits.map((v) => v.start)).toEqual(TUESDAYS.slice(1).map(NINE));
    expect(visits[1]).toEqual({ index: 1, start: NINE(TUESDAYS[2]), skipped: NO_ROOM_MESSAGE });
    expect([visits[0].bookingId, visits[2].bookingId]).toEqual([expect.any(String), expect.any(String)]);
    // each booked visit holds the room of its day, the skipped week's room stays the other doctor's
    expect(await roomTakers(TUESDAYS[1])).toEqual([visits[0].bookingId]);
    expect(await roomTakers(TUESDAYS[2])).toEqual([blocker.bookingId]);
    expect(await roomTakers(TUESDAYS[3])).toEqual([visits[2].bookingId]);
    for (const v of [visits[0], visits[2]]) expect((await admin.agent.get(`/prenotazioni/${v.bookingId}`).expect(200)).body.status).toBe('confirmed');
    // the skipped hour's slot was given back; the booked weeks' 09:00 is not offered to the other doctor
    const slot = await app.core.readModels.get<{ status: string }>('availability_slots', slotId(doctors[0], NINE(TUESDAYS[2])));
    expect(slot?.doc.status).toBe('available');
    expect(await freeHours(doctors[1], TUESDAYS[1])).toEqual(['09:30']);
    expect(await freeHours(doctors[1], TUESDAYS[3])).toEqual(['09:30']);
  });
});
