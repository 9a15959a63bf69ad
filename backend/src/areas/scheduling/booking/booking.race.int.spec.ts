import { WrongExpectedRevisionError, availabilityStreamName, slotId } from '@studio/contracts';
import { SLOT_TAKEN_MESSAGE } from '../availability';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { startTestApp, type TestApp } from '../../../testing/test-app';

describe('booking race: one winner per slot', () => {
  let app: TestApp;
  let patients: TestPatient[];
  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' });
    patients = await registerPatients(app, 50);
  });
  afterAll(() => app.close());

  /**
   * The embedded store answers without real I/O, so requests would rarely interleave between
   * read and append. A pause after each doctor-day read makes them all read the same revision
   * first. In one process the holds' steps then take their turns on the doctor-day stream
   * (inTurn): each decides on what the one before left, so no append is lost. Between processes
   * the expected revision picks the winner (scale-out e2e: 100 patients across two instances).
   */
  function interleaveReads(): { staleAppends: () => number; restore: () => void } {
    const store = app.core.eventStore;
    const read = store.readStream.bind(store);
    const append = store.append.bind(store);
    let stale = 0;
    const readSpy = jest.spyOn(store, 'readStream').mockImplementation(async (stream, options) => {
      const events = await read(stream, options);
      if (stream.startsWith('availability-')) await new Promise((r) => setTimeout(r, 20));
      return events;
    });
    const appendSpy = jest.spyOn(store, 'append').mockImplementation(async (stream, events, options) => {
      try {
        return await append(stream, events, options);
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) stale++;
        throw error;
      }
    });
    return { staleAppends: () => stale, restore: () => (readSpy.mockRestore(), appendSpy.mockRestore()) };
  }

  const hold = (p: TestPatient, doctorId: string, start: string) =>
    p.agent
      .post('/prenotazioni')
      .set('X-CSRF-Token', p.csrf)
      .send({ doctor_id: doctorId, availability_id: slotId(doctorId, start) });

  it('50 patients at once on one slot: exactly one 201, 49 × 409 in Italian, one SlotHeld', async () => {
    const medico1 = app.ids['medico1@example.it'];
    const start = '2030-03-12T11:00:00Z';
    const race = interleaveReads();
    const results = await Promise.all(patients.map((p) => hold(p, medico1, start))).finally(race.restore);
    expect(race.staleAppends()).toBe(0);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const losers = results.filter((r) => r.status === 409);
    expect(losers).toHaveLength(49);
    for (const r of losers) expect(r.body.error.message).toBe(SLOT_TAKEN_MESSAGE);

    const day = await app.core.eventStore.readStream(availabilityStreamName(medico1, '2030-03-12'));
    const held = day.filter((e) => e.type === 'SlotHeld' && e.data.slotId === slotId(medico1, start));
    expect(held).toHaveLength(1);
    const winner = results.find((r) => r.status === 201)!;
    expect(held[0].data.bookingId).toBe(winner.body.id);
  });

  it('concurrent holds of different slots of one doctor-day all succeed', async () => {
    // every request but one meets a stale revision of the day's stream and decides again on fresh state
    const medico2 = app.ids['medico2@example.it'];
    const starts = ['14', '15', '16', '17'].flatMap((h) => [`2030-03-13T${h}:00:00Z`, `2030-03-13T${h}:30:00Z`]);
    const race = interleaveReads();
    const results = await Promise.all(starts.map((start, i) => hold(patients[10 + i], medico2, start))).finally(race.restore);
    // taking turns, not losing appends and deciding again (which ran out of tries with eight on one day: a 409 for a free slot)
    expect(race.staleAppends()).toBe(0);
    expect(results.map((r) => r.status)).toEqual(starts.map(() => 201));
    const day = await app.core.eventStore.readStream(availabilityStreamName(medico2, '2030-03-13'));
    expect(day.filter((e) => e.type === 'SlotHeld')).toHaveLength(8);
  });
});
