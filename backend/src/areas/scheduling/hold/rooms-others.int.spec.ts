import { AVAILABILITY_CHANGED, slotId, type AvailabilityChanged, type BookingView } from '@studio/contracts';
import type { Socket } from 'socket.io-client';
import { registerPatients } from '../../../testing/patients';
import { connect, nextChange, sessionCookieOf, watch } from '../../../testing/sockets';
import { ManualClock, client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { until } from '../../../testing/until';
import { confirmedAtDesk } from '../../../testing/visits';

const MON = '2030-03-11';
const TUE = '2030-03-12';
const WED = '2030-03-13';
const at = (day: string, hour: string) => `${day}T${hour}:00Z`;

/**
 * Two doctors at a location with one room: a visit of one doctor that takes the room hides the other doctor's
 * overlapping hour, and the room given back offers it again, to every doctor of the location: on /prenota's
 * answers, in the live push to whoever watches that doctor, and to that doctor's waiting list.
 */
describe('a room taken or given back changes what every doctor of the location offers', () => {
  const clock = new ManualClock(new Date('2030-03-04T06:00:00Z'));
  let app: TestApp;
  let admin: Client;
  const doctors: string[] = [];
  const staff: Client[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', NOTIFY_POLL_MS: '200' }, undefined, clock);
    admin = await client(app, 'admin@example.it');
    const sede = (
      await admin.agent
        .post('/api/locations')
        .set('X-CSRF-Token', admin.csrf)
        .send({ name: 'Sede piccola', address: 'Via Verdi 3, Milano', rooms: [{ name: 'Studio 1' }] })
        .expect(201)
    ).body.id as string;
    for (const email of ['medico1@example.it', 'medico2@example.it']) {
      const doctorId = app.ids[email];
      const doctor = await client(app, email);
      doctors.push(doctorId);
      staff.push(doctor);
      const day = [{ from: '09:00', to: '11:00', locationId: sede }];
      await doctor.agent
        .put(`/api/doctors/${doctorId}/weekly-schedule`)
        .set('X-CSRF-Token', doctor.csrf)
        .send({ days: [day, day, day, [], [], [], []] })
        .expect(200);
      await doctor.agent.post(`/api/doctors/${doctorId}/weekly-schedule/apply`).set('X-CSRF-Token', doctor.csrf).send({ from: MON, to: WED }).expect(200);
    }
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await app?.close();
  });

  const freeHours = async (doctorId: string, day: string) =>
    ((await admin.agent.get(`/disponibilita/query?for=${doctorId}&date=${day}`).expect(200)).body as { hour: string }[]).map((h) => h.hour);
  const cancel = (bookingId: string) =>
    admin.agent.post(`/api/bookings/${bookingId}/cancel`).set('X-CSRF-Token', admin.csrf).send({ reason: 'Il medico è assente' }).expect(200);
  const toggle = (doctorId: string, start: string) =>
    staff[1].agent
      .post('/disponibilita/toggle')
      .set('X-CSRF-Token', staff[1].csrf)
      .send({ for: doctorId, start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString().replace('.000', '') })
      .expect(200);
  const about = (doctorId: string, start: string, status?: string) => (m: AvailabilityChanged) =>
    m.doctorId === doctorId && m.slot.start === start && (status === undefined || m.slot.status === status);

  it('the other doctor’s 10:00 stops being offered when the room is taken and comes back, pushed live, when it is given back', async () => {
    const [a, b] = doctors;
    const ten = at(MON, '10:00');
    // a visitor on /prenota watching the second doctor, and the second doctor's own calendar
    const visitor = await connect(app);
    const calendar = await connect(app, sessionCookieOf(staff[1].agent));
    sockets.push(visitor, calendar);
    expect(await watch(visitor, b)).toMatchObject({ ok: true });
    expect(await watch(calendar, b)).toMatchObject({ ok: true });
    expect(await watch(visitor, a)).toMatchObject({ ok: true });
    expect(await freeHours(b, MON)).toContain('10:00');

    const hidden = nextChange(visitor, about(b, ten, 'unavailable'));
    const { bookingId } = await confirmedAtDesk(app, staff[0], a, { start: ten, amountCents: 8000, prefix: 'altra-stanza' });
    const gone = await hidden;
    expect(gone.slot).toMatchObject({ id: expect.any(String), status: 'unavailable' });
    expect(await freeHours(b, MON)).toEqual(['09:00', '09:30', '10:30']);

    // the second doctor closes and opens again the hidden 10:00: closed, it is not free (heard at once); opened again,
    // it has no room, so visitors do not hear it free. The 09:30 opened next is heard after anything of 10:00 would be
    // (one queue for what becomes free, in the feed's order)
    const heardOfTen: AvailabilityChanged[] = [];
    const record = (m: AvailabilityChanged) => void (about(b, ten)(m) && heardOfTen.push(m));
    visitor.on(AVAILABILITY_CHANGED, record);
    await toggle(b, ten);
    await toggle(b, ten);
    await toggle(b, at(MON, '09:30'));
    const opened = nextChange(visitor, about(b, at(MON, '09:30'), 'available'));
    await toggle(b, at(MON, '09:30'));
    const lastToggle = (await opened).position;
    visitor.off(AVAILABILITY_CHANGED, record);
    expect(heardOfTen.map((m) => m.slot.status)).toEqual(['unavailable']);
    // a visitor who comes back hears what it missed the same way: 10:00 open, not offered
    const late = await connect(app);
    sockets.push(late);
    const replayed: AvailabilityChanged[] = [];
    late.on(AVAILABILITY_CHANGED, (m: AvailabilityChanged) => replayed.push(m));
    expect(await watch(late, b, gone.position)).toMatchObject({ ok: true });
    expect(replayed.filter(about(b, ten)).map((m) => m.slot.status)).toEqual(['unavailable']);
    expect(replayed.filter(about(b, at(MON, '09:30'))).map((m) => m.slot.status)).toEqual(['available']);

    const offered = nextChange(visitor, about(b, ten, 'available'));
    // the visit's own doctor too: its slot is freed before the room, so it is offered once the room is back
    const own = nextChange(visitor, about(a, ten, 'available'));
    // the doctor's calendar hears the slot too (still open there: a room is not the doctor's availability)
    const heard = nextChange(calendar, (m) => about(b, ten)(m) && m.position > lastToggle);
    await cancel(bookingId);
    const back = await offered;
    expect(back.slot).toEqual({ ...gone.slot, status: 'available', color: expect.any(String), textColor: expect.any(String) });
    expect(back.position).toBeGreaterThan(gone.position);
    expect((await heard).slot).toMatchObject({ status: 'available' });
    await own;
    expect(await freeHours(a, MON)).toContain('10:00');
    // pushed once the read models answer the same
    expect(await freeHours(b, MON)).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });

  it('a visit moved on the same day (its room given back and another taken in one append): the other doctor hears both hours', async () => {
    const [a, b] = doctors;
    const [ten, half] = [at(WED, '10:00'), at(WED, '10:30')];
    const { bookingId } = await confirmedAtDesk(app, staff[0], a, { start: ten, amountCents: 8000, prefix: 'sposta-stanza' });
    const visitor = await connect(app);
    sockets.push(visitor);
    expect(await watch(visitor, b)).toMatchObject({ ok: true });
    expect(await freeHours(b, WED)).toEqual(['09:00', '09:30', '10:30']);
    const freed = nextChange(visitor, about(b, ten, 'available'));
    const taken = nextChange(visitor, about(b, half, 'unavailable'));
    await admin.agent
      .post(`/api/bookings/${bookingId}/reschedule`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ availability_id: slotId(a, half) })
      .expect(200);
    await Promise.all([freed, taken]);
    expect(await freeHours(b, WED)).toEqual(['09:00', '09:30', '10:00']);
  });

  it('the room given back is offered to the other doctor’s waiting list at that hour', async () => {
    const [a, b] = doctors;
    const ten = at(TUE, '10:00');
    const { bookingId } = await confirmedAtDesk(app, staff[0], a, { start: ten, amountCents: 8000, prefix: 'altra-attesa' });
    const [waiter] = await registerPatients(app, 1, 'attesa-altro-medico');
    await waiter.agent.post('/api/waiting-list').set('X-CSRF-Token', waiter.csrf).send({ doctor_id: b, from: TUE, to: TUE }).expect(201);
    await cancel(bookingId);
    const held = await until(
      async () => ((await waiter.agent.get('/api/me/bookings').expect(200)).body as BookingView[]).filter((v) => v.status === 'held'),
      (v) => v.length > 0,
    );
    expect(held.map((v) => [v.doctorId, v.start])).toEqual([[b, ten]]);
  });
});
