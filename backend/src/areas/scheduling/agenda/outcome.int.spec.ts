import { bookingStreamName, slotId } from '@studio/contracts';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { confirmedAtDesk, createVisitType, openWeekdays } from '../../../testing/visits';

// "Svolta" / "Assente" only after the visit's end, and "Annulla esito" within 24 hours (an event decided by
// the booking decider). today = Monday 2030-03-04 06:00Z; medico1 is open 09:00–13:00 (Rome) on weekdays.
const NOW = '2030-03-04T06:00:00.000Z';

describe('outcome after the visit, and its undo', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let medico1: string;
  let doctor: Client;
  let firstVisit: string;
  let control: string;
  let visits = 0;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
    doctor = await client(app, 'medico1@example.it');
    firstVisit = await createVisitType(doctor, medico1, { name: 'Prima visita', minutes: 60, priceCents: 9000 });
    control = await createVisitType(doctor, medico1, { name: 'Controllo', minutes: 30, priceCents: 5000 });
  });
  afterEach(() => clock.set(NOW));
  afterAll(() => app.close());

  const head = () => lastRequestPosition(app);
  /** a 60-minute visit, paid at the desk: confirmed */
  async function confirmedVisit(): Promise<{ patient: TestPatient; bookingId: string; start: string }> {
    // four 60-minute visits a morning (09:00–13:00), Tuesday 5 March on
    const start = `2030-03-0${5 + Math.floor(visits / 4)}T${String(9 + (visits % 4)).padStart(2, '0')}:00:00Z`;
    visits += 1;
    return confirmedAtDesk(app, doctor, medico1, { start, amountCents: 9000, visitType: firstVisit, prefix: 'esito' });
  }
  const outcome = (c: Client, id: string, value: string) => c.agent.post(`/api/bookings/${id}/outcome`).set('X-CSRF-Token', c.csrf).send({ outcome: value });
  const undo = (c: Client, id: string) => c.agent.post(`/api/bookings/${id}/outcome/undo`).set('X-CSRF-Token', c.csrf).send({});
  async function refused(call: () => PromiseLike<{ status: number; body: { error?: { message: string } } }>, status: number, message: RegExp) {
    const before = await head();
    const res = await call();
    expect({ status: res.status, message: res.body.error?.message }).toEqual({ status, message: expect.stringMatching(message) });
    expect(await head()).toBe(before);
  }
  /** the practice's wall clock (Rome, winter: UTC+1) as a real instant */
  const atPractice = (wall: string) => new Date(Date.parse(wall) - 3_600_000);
  /** the booking as the doctor's agenda of its day shows it */
  const agendaItem = async (start: string, bookingId: string) =>
    (
      (
        await doctor.agent
          .get(`/api/doctors/${medico1}/agenda`)
          .query({ from: start.slice(0, 10), to: start.slice(0, 10) })
          .expect(200)
      ).body as { id: string; status: string; outcomeAt?: string; noShows?: number }[]
    ).find((i) => i.id === bookingId);

  it('given a 60-minute visit at 09:00, when the outcome is recorded at 09:30 (begun, not ended), then 409; at 10:00, then 200', async () => {
    const { bookingId, start } = await confirmedVisit();
    clock.set(atPractice(start.replace(':00:00Z', ':30:00Z')).toISOString());
    await refused(() => outcome(doctor, bookingId, 'completed'), 409, /dopo la fine della visita/);
    clock.set(atPractice(`${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00:00Z`).toISOString());
    expect((await outcome(doctor, bookingId, 'completed').expect(200)).body.status).toBe('completed');
    expect(await agendaItem(start, bookingId)).toMatchObject({ status: 'completed', outcomeAt: expect.any(String) });
  });

  it('given an outcome just recorded, when "Annulla esito" within 24 hours, then the booking is confirmed again with one event; after 24 hours, 409', async () => {
    const { bookingId, start } = await confirmedVisit();
    const ended = atPractice(`${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00:00Z`);
    clock.set(ended.toISOString());
    await outcome(doctor, bookingId, 'no_show').expect(200);
    clock.set(new Date(ended.getTime() + 23 * 3_600_000).toISOString());
    const admin = await client(app, 'admin@example.it');
    const res = await undo(admin, bookingId).expect(200);
    expect(res.body.status).toBe('confirmed');
    const events = (await app.core.eventStore.readStream(bookingStreamName(bookingId))).map((e) => e.type);
    expect(events.slice(-2)).toEqual(['BookingOutcomeRecorded', 'BookingOutcomeUndone']);
    const item = await agendaItem(start, bookingId);
    expect(item?.status).toBe('confirmed');
    expect(item?.outcomeAt).toBeUndefined();
    expect(item?.noShows).toBe(0);

    // nothing left to undo; the right outcome is recorded, and 24 hours later it can no longer be undone
    await refused(() => undo(doctor, bookingId), 409, /non ha un esito da annullare/);
    await outcome(doctor, bookingId, 'completed').expect(200);
    clock.set(new Date(ended.getTime() + 48 * 3_600_000 + 1).toISOString());
    await refused(() => undo(doctor, bookingId), 409, /più di 24 ore/);
  });

  it('refuses the undo to the patient, another doctor, the auditor, without CSRF, and for an unknown booking, appending nothing', async () => {
    const { patient, bookingId, start } = await confirmedVisit();
    clock.set(atPractice(`${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00:00Z`).toISOString());
    await outcome(doctor, bookingId, 'completed').expect(200);
    const medico2 = await client(app, 'medico2@example.it');
    const auditor = await client(app, 'auditor@example.it');
    await refused(() => undo(patient, bookingId), 403, /permessi|studio/);
    await refused(() => undo(medico2, bookingId), 403, /./);
    await refused(() => undo(auditor, bookingId), 403, /permessi/);
    await refused(() => doctor.agent.post(`/api/bookings/${bookingId}/outcome/undo`).send({}), 403, /CSRF/);
    await refused(() => undo(doctor, '00000000-0000-4000-8000-000000000000'), 404, /non trovata/i);
  });

  describe('"Prenota il controllo"', () => {
    beforeAll(async () => {
      // the weeks after the seeded ones: the doctor's weekly schedule, applied (09:00–13:00 on weekdays)
      await openWeekdays(doctor, medico1, '2030-03-11', '2030-04-05');
    });
    const slots = (c: Client, id: string, weeks: unknown) => c.agent.get(`/api/bookings/${id}/follow-up`).query({ weeks });
    const book = (c: Client, id: string, availability: string) =>
      c.agent.post(`/api/bookings/${id}/follow-up`).set('X-CSRF-Token', c.csrf).send({ availability_id: availability });

    it('given a confirmed 60-minute visit, when the doctor asks for +2 weeks, then the starts where the same visit fits; booking one holds it for the patient', async () => {
      const { patient, bookingId } = await confirmedVisit();
      const offered = (await slots(doctor, bookingId, 2).expect(200)).body;
      expect(offered).toMatchObject({ day: '2030-03-19', visitType: { id: firstVisit, name: 'Prima visita', minutes: 60 } });
      // 12:30 would end past 13:00: a 60-minute visit starts at 12:00 at the latest
      expect(offered.slots.map((s: { hour: string }) => s.hour)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00']);
      const held = await book(doctor, bookingId, offered.slots[2].id).expect(201);
      const mine = (await patient.agent.get('/api/me/bookings').expect(200)).body as { id: string; status: string; start: string; end: string }[];
      expect(mine.find((b) => b.id === held.body.id)).toMatchObject({ status: 'held', start: '2030-03-19T10:00:00Z', end: '2030-03-19T11:00:00Z' });
      // both slots of the hour are taken: the same visit no longer fits at 09:30, 10:00 or 10:30
      const after = (await slots(doctor, bookingId, 2).expect(200)).body.slots.map((s: { hour: string }) => s.hour);
      expect(after).toEqual(['09:00', '11:00', '11:30', '12:00']);
      const events = (await app.core.eventStore.readStream(bookingStreamName(held.body.id))).map((e) => e.type);
      expect(events[0]).toBe('BookingHeld');
    });

    it("refuses bad weeks, the patient, another doctor, a visit not confirmed, another doctor's slot and a taken one, appending nothing", async () => {
      const { patient, bookingId } = await confirmedVisit();
      const offered = (await slots(doctor, bookingId, 3).expect(200)).body;
      const other = await confirmedVisit();
      await book(doctor, other.bookingId, offered.slots[0].id).expect(201);
      const medico2 = await client(app, 'medico2@example.it');
      const [stranger] = await registerPatients(app, 1, 'estraneo');
      const heldOnly = (
        await stranger.agent
          .post('/prenotazioni')
          .set('X-CSRF-Token', stranger.csrf)
          .send({ doctor_id: medico1, availability_id: slotId(medico1, '2030-03-08T12:30:00Z'), visit_type: control })
          .expect(201)
      ).body.id;
      const medico2Slot = slotId(app.ids['medico2@example.it'], '2030-03-26T09:00:00Z');
      await refused(() => slots(doctor, bookingId, 5), 400, /2, 3 o 4/);
      await refused(() => slots(patient, bookingId, 2), 403, /permessi/);
      await refused(() => slots(medico2, bookingId, 2), 403, /solo per i tuoi pazienti/);
      await refused(() => slots(doctor, heldOnly, 2), 409, /confermata o svolta/);
      await refused(() => slots(doctor, 'non-un-id', 2), 400, /Identificativo non valido/);
      await refused(() => book(medico2, bookingId, offered.slots[0].id), 403, /solo per i tuoi pazienti/);
      await refused(() => book(doctor, bookingId, medico2Slot), 400, /non è del medico della visita/);
      await refused(() => book(doctor, bookingId, offered.slots[0].id), 409, /./);
      await refused(() => doctor.agent.post(`/api/bookings/${bookingId}/follow-up`).send({ availability_id: offered.slots[1].id }), 403, /CSRF/);
    });
  });
});
