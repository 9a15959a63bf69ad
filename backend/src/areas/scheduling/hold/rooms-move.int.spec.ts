import { availabilityStreamName, bookingStreamName, roomStreamName, slotId } from '@studio/contracts';
import type { DecideStep } from '../../../platform/event-store/workflow';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';
import { registerPatients } from '../../../testing/patients';
import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { confirmedAtDesk } from '../../../testing/visits';

const MON = '2030-03-11';
const TUE = '2030-03-12';
const at = (day: string, hour: string) => `${day}T${hour}:00Z`;
const NO_ROOM = { code: 'stanza_non_libera', message: 'Nessuna stanza libera in questa sede a quest’ora: scegli un altro orario.' };

/**
 * Moving a visit at a location with one room, shared by two doctors: the move gives back its old time's room and takes
 * one at the new time, by the hold's rule on the same `room-<location>-<day>` streams; a time with no free room is
 * refused; a move and a hold racing for the last room, one wins; the cancellation gives the room back.
 */
describe('a moved visit takes its room at the new time and gives back the old one', () => {
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
      const day = [{ from: '09:00', to: '11:00', locationId: sede }];
      await doctor.agent
        .put(`/api/doctors/${doctorId}/weekly-schedule`)
        .set('X-CSRF-Token', doctor.csrf)
        .send({ days: [day, day, [], [], [], [], []] })
        .expect(200);
      await doctor.agent.post(`/api/doctors/${doctorId}/weekly-schedule/apply`).set('X-CSRF-Token', doctor.csrf).send({ from: MON, to: TUE }).expect(200);
    }
  });
  afterAll(() => app?.close());

  /** a new patient's visit with doctor `i` at `start`, paid at the desk: confirmed, with the room */
  const confirmed = async (i: number, start: string) =>
    (await confirmedAtDesk(app, staff[i], doctors[i], { start, amountCents: 8000, prefix: 'sposta' })).bookingId;
  const move = (bookingId: string, start: string, doctorId = doctors[0]) =>
    admin.agent
      .post(`/api/bookings/${bookingId}/reschedule`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ availability_id: slotId(doctorId, start) });
  const hold = async (doctorId: string, start: string) => {
    const [p] = await registerPatients(app, 1, 'stanza');
    return p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start) });
  };
  type RoomData = { bookingId: string; start?: string; reason?: string };
  const roomLog = async (day: string) =>
    (await app.core.eventStore.readStream(roomStreamName(sede, day))).map((e) => {
      const d = e.data as RoomData;
      return [e.type, d.bookingId, d.start ?? d.reason];
    });
  const freeHours = async (doctorId: string, day: string) =>
    ((await admin.agent.get(`/disponibilita/query?for=${doctorId}&date=${day}`).expect(200)).body as { hour: string }[]).map((h) => h.hour);
  const startOf = async (bookingId: string) => ((await admin.agent.get(`/prenotazioni/${bookingId}`).expect(200)).body as { start: string }).start;
  const slotStatus = async (doctorId: string, start: string) =>
    (await app.core.readModels.get<{ status: string; bookingId?: string }>('availability_slots', slotId(doctorId, start)))?.doc.status;
  const unfinishedMoves = async () => app.core.readModels.find('bookings', { pending: 'reschedule' });

  let first: string;
  /** the visit the next test races with: at MON 10:30 */
  let kept: string;

  it('on the same day: the old hour’s room is given back and the new hour’s taken in one append; the other doctor gets the old hour', async () => {
    first = await confirmed(0, at(MON, '09:00'));
    expect(await roomLog(MON)).toEqual([['RoomTaken', first, at(MON, '09:00')]]);
    expect(await freeHours(doctors[1], MON)).not.toContain('09:00');
    await move(first, at(MON, '10:00')).expect(200);
    expect(await startOf(first)).toBe(at(MON, '10:00'));
    const log = await app.core.eventStore.readStream(roomStreamName(sede, MON));
    expect(log.map((e) => [e.type, (e.data as RoomData).bookingId, (e.data as RoomData).start ?? (e.data as RoomData).reason])).toEqual([
      ['RoomTaken', first, at(MON, '09:00')],
      ['RoomReleased', first, 'rescheduled'],
      ['RoomTaken', first, at(MON, '10:00')],
    ]);
    expect(log[1].revision + 1).toBe(log[2].revision);
    expect(log[1].position + 1).toBe(log[2].position);
    // the other doctor: 09:00 is offered again, 10:00 no longer
    const hours = await freeHours(doctors[1], MON);
    expect(hours).toContain('09:00');
    expect(hours).not.toContain('10:00');
    await hold(doctors[1], at(MON, '09:00')).then((r) => expect(r.status).toBe(201));
  });

  it('to an hour with no free room: refused with 409 stanza_non_libera, nothing appended, the visit keeps its hour and room', async () => {
    await confirmed(1, at(MON, '09:30'));
    const before = await lastRequestPosition(app);
    const res = await move(first, at(MON, '09:30'));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual(NO_ROOM);
    expect(await lastRequestPosition(app)).toBe(before);
    expect(await startOf(first)).toBe(at(MON, '10:00'));
    expect(await slotStatus(doctors[0], at(MON, '09:30'))).toBe('available');
  });

  it('to another day: the room is taken on the new day, then given back on the old one; cancelling gives the new one back', async () => {
    await move(first, at(TUE, '09:00')).expect(200);
    expect(await roomLog(TUE)).toEqual([['RoomTaken', first, at(TUE, '09:00')]]);
    expect((await roomLog(MON)).at(-1)).toEqual(['RoomReleased', first, 'rescheduled']);
    // the old hour is free for the other doctor (the rooms_taken read model keeps the two days apart)
    expect(await freeHours(doctors[1], MON)).toContain('10:00');
    expect(await freeHours(doctors[1], TUE)).not.toContain('09:00');
    expect(await unfinishedMoves()).toEqual([]);

    await admin.agent.post(`/api/bookings/${first}/cancel`).set('X-CSRF-Token', admin.csrf).send({ reason: 'Il medico è assente' }).expect(200);
    expect((await roomLog(TUE)).at(-1)).toEqual(['RoomReleased', first, 'cancelled']);
    expect(await freeHours(doctors[1], TUE)).toContain('09:00');
    await hold(doctors[1], at(TUE, '09:00')).then((r) => expect(r.status).toBe(201));
  });

  it('a hold takes the last room while the move is under way: the move is abandoned saying why, its new slot given back, nothing else moved', async () => {
    const visit = (kept = await confirmed(0, at(MON, '10:30')));
    const runner = app.app.get(WorkflowRunner);
    const executeStep = runner.executeStep.bind(runner);
    let competitor = 0;
    // right before the move's room step, another patient holds the other doctor at that hour (the race, made certain)
    const spy = jest.spyOn(runner, 'executeStep').mockImplementation(async (action, metadata) => {
      const command = (action as DecideStep).command as { type?: string; bookingId?: string } | undefined;
      if (command?.type === 'TakeRoom' && command.bookingId === visit && !competitor) competitor = (await hold(doctors[1], at(TUE, '10:00'))).status;
      return executeStep(action, metadata);
    });
    try {
      const res = await move(visit, at(TUE, '10:00'));
      expect(competitor).toBe(201);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual(NO_ROOM);
    } finally {
      spy.mockRestore();
    }
    const types = async (stream: string) => (await app.core.eventStore.readStream(stream)).map((e) => e.type);
    expect((await types(bookingStreamName(visit))).slice(-2)).toEqual(['BookingRescheduleRequested', 'BookingRescheduleAbandoned']);
    const abandoned = (await app.core.eventStore.readStream(bookingStreamName(visit))).at(-1)!;
    expect((abandoned.data as { reason: string }).reason).toBe(NO_ROOM.message);
    // the new slot was booked for the move and given back; the visit stays at its hour with its room
    expect((await types(availabilityStreamName(doctors[0], TUE))).slice(-2)).toEqual(['SlotRebooked', 'SlotFreed']);
    expect(await slotStatus(doctors[0], at(TUE, '10:00'))).toBe('available');
    expect(await startOf(visit)).toBe(at(MON, '10:30'));
    expect((await roomLog(MON)).filter(([, id]) => id === visit)).toEqual([['RoomTaken', visit, at(MON, '10:30')]]);
    expect((await roomLog(TUE)).filter(([, , s]) => s === at(TUE, '10:00'))).toHaveLength(1);
    expect(await unfinishedMoves()).toEqual([]);
  });

  it('a move and a hold racing for the last room: one wins, the other hears why', async () => {
    const visit = kept;
    const [moved, held] = await Promise.all([move(visit, at(TUE, '10:30')), hold(doctors[1], at(TUE, '10:30'))]);
    expect([moved.status, held.status].sort()).toEqual(moved.status === 200 ? [200, 409] : [201, 409]);
    const lost = moved.status === 200 ? held : moved;
    expect(lost.body.error).toEqual(NO_ROOM);
    // one room taken at 10:30, by the winner; the loser's slot at 10:30 is free again
    expect((await roomLog(TUE)).filter(([type, , s]) => type === 'RoomTaken' && s === at(TUE, '10:30'))).toHaveLength(1);
    if (moved.status === 200) {
      expect(await startOf(visit)).toBe(at(TUE, '10:30'));
      expect(await slotStatus(doctors[1], at(TUE, '10:30'))).toBe('available');
      expect((await roomLog(MON)).at(-1)).toEqual(['RoomReleased', visit, 'rescheduled']);
    } else {
      expect(await startOf(visit)).toBe(at(MON, '10:30'));
      expect(await slotStatus(doctors[0], at(TUE, '10:30'))).toBe('available');
    }
    expect(await unfinishedMoves()).toEqual([]);
  });

  it('to another location: a visit type given to this one is refused (409 sede_diversa, nothing appended); one with no rooms gives the room back', async () => {
    const WED = '2030-03-13';
    const other = (
      await admin.agent
        .post('/api/locations')
        .set('X-CSRF-Token', admin.csrf)
        .send({ name: 'Sede senza stanze', address: 'Via Rossi 5, Milano', rooms: [] })
        .expect(201)
    ).body.id as string;
    for (const [i, doctorId] of doctors.entries()) {
      const here = [{ from: '09:00', to: '11:00', locationId: sede }];
      const there = [{ from: '09:00', to: '11:00', locationId: other }];
      await staff[i].agent
        .put(`/api/doctors/${doctorId}/weekly-schedule`)
        .set('X-CSRF-Token', staff[i].csrf)
        .send({ days: [here, here, there, [], [], [], []] })
        .expect(200);
      await staff[i].agent.post(`/api/doctors/${doctorId}/weekly-schedule/apply`).set('X-CSRF-Token', staff[i].csrf).send({ from: WED, to: WED }).expect(200);
    }
    // the second doctor's visit at the location with the room, moved to Wednesday's location without rooms
    const visit = await confirmed(1, at(TUE, '09:30'));
    expect((await roomLog(TUE)).at(-1)).toEqual(['RoomTaken', visit, at(TUE, '09:30')]);
    const locationOf = async (bookingId: string) => (await app.core.readModels.get<{ locationId?: string }>('bookings', bookingId))?.doc.locationId;
    expect(await locationOf(visit)).toBe(sede);
    await move(visit, at(WED, '09:00'), doctors[1]).expect(200);
    expect((await roomLog(TUE)).at(-1)).toEqual(['RoomReleased', visit, 'rescheduled']);
    expect(await app.core.eventStore.readStream(roomStreamName(other, WED))).toEqual([]);
    // the visit is now where its new hour is (the address its emails and receipt give), though no room says so
    expect(await locationOf(visit)).toBe(other);
    expect(await freeHours(doctors[0], TUE)).toContain('09:30');

    // a visit type given to the location with the room moves only to hours there
    const typeId = (
      await staff[0].agent
        .post(`/api/doctors/${doctors[0]}/visit-types`)
        .set('X-CSRF-Token', staff[0].csrf)
        .send({ name: 'Controllo in sede', minutes: 30, priceCents: 5000, mode: 'studio', locationId: sede })
        .expect(201)
    ).body.id as string;
    const typed = (await confirmedAtDesk(app, staff[0], doctors[0], { start: at(TUE, '09:30'), amountCents: 5000, visitType: typeId, prefix: 'sposta' }))
      .bookingId;
    const before = await lastRequestPosition(app);
    const res = await move(typed, at(WED, '10:00'));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'sede_diversa', message: 'Questa visita si fa in un’altra sede: scegli uno degli orari proposti.' });
    expect(await lastRequestPosition(app)).toBe(before);
    expect(await startOf(typed)).toBe(at(TUE, '09:30'));
  });
});
