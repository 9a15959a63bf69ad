import { followUpSeriesStreamName } from '@studio/contracts';
import type { TestPatient } from '../../../testing/patients';
import { TEST_TAXCODE as TAXCODE } from '../../../testing/payments';
import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { confirmedAtDesk, createVisitType, openWeekdays } from '../../../testing/visits';

// "Prenota il controllo" as a series — N visits every K weeks, each an ordinary booking (held for the
// patient, paid at the desk: confirmed), cancellable one by one. today = Monday 2030-03-04 06:00Z.
const NOW = '2030-03-04T06:00:00.000Z';

describe('a series of follow-ups over HTTP', () => {
  const clock = new ManualClock(new Date(NOW));
  let app: TestApp;
  let medico1: string;
  let doctor: Client;
  let control: string;
  let visits = 0;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, clock);
    medico1 = app.ids['medico1@example.it'];
    doctor = await client(app, 'medico1@example.it');
    control = await createVisitType(doctor, medico1, { name: 'Controllo', minutes: 30, priceCents: 5000 });
    await openWeekdays(doctor, medico1, '2030-03-11', '2030-05-01');
  });
  afterAll(() => app.close());

  const head = () => lastRequestPosition(app);
  /** a confirmed 30-minute control on Tuesday 5 March, paid at the desk */
  async function confirmed(): Promise<{ patient: TestPatient; bookingId: string; start: string }> {
    const start = `2030-03-05T${String(9 + Math.floor(visits / 2)).padStart(2, '0')}:${visits % 2 ? '30' : '00'}:00Z`;
    visits += 1;
    return confirmedAtDesk(app, doctor, medico1, { start, amountCents: 5000, prefix: 'serie', visitType: control });
  }
  const series = (c: Client, id: string, body: object) => c.agent.post(`/api/bookings/${id}/series`).set('X-CSRF-Token', c.csrf).send(body);

  it('given a confirmed control, when the doctor books 3 visits every 3 weeks, then three ordinary confirmed bookings at the same time, each cancellable on its own', async () => {
    const { patient, bookingId, start } = await confirmed();
    const res = await series(doctor, bookingId, { count: 3, everyWeeks: 3, method: 'card', taxcode: TAXCODE }).expect(201);
    expect(res.body.visits.map((v: { start: string }) => v.start)).toEqual(['2030-03-26', '2030-04-16', '2030-05-07'].map((d) => `${d}${start.slice(10)}`));
    // 7 May is beyond the 60-day horizon of the visit type: skipped with the reason, the others booked
    expect(res.body.visits[2]).toMatchObject({ skipped: expect.stringMatching(/al massimo 60 giorni/) });
    const booked = res.body.visits.filter((v: { bookingId?: string }) => v.bookingId).map((v: { bookingId: string }) => v.bookingId);
    expect(booked).toHaveLength(2);
    const mine = (await patient.agent.get('/api/me/bookings').expect(200)).body as { id: string; status: string }[];
    expect(booked.map((id: string) => mine.find((b) => b.id === id)?.status)).toEqual(['confirmed', 'confirmed']);
    const events = (await app.core.eventStore.readStream(followUpSeriesStreamName(res.body.seriesId))).map((e) => e.type);
    expect(events).toEqual(['FollowUpSeriesStarted', 'FollowUpSeriesVisitBooked', 'FollowUpSeriesVisitBooked', 'FollowUpSeriesVisitSkipped']);
    // one of them is cancelled on its own; the other stays confirmed
    await doctor.agent.post(`/api/bookings/${booked[0]}/cancel`).set('X-CSRF-Token', doctor.csrf).send({ reason: 'Il paziente è in viaggio' }).expect(200);
    const after = (await patient.agent.get('/api/me/bookings').expect(200)).body as { id: string; status: string }[];
    expect(after.find((b) => b.id === booked[0])?.status).toBe('cancelled');
    expect(after.find((b) => b.id === booked[1])?.status).toBe('confirmed');
  });

  it('refuses bad input, the patient, another doctor, a visit with no visit type, appending nothing', async () => {
    const { patient, bookingId } = await confirmed();
    const medico2 = await client(app, 'medico2@example.it');
    // a visit without a type: at a doctor without visit types (one with types is booked only by a type)
    const untyped = await confirmedAtDesk(app, medico2, app.ids['medico2@example.it'], { start: '2030-03-05T14:00:00Z', amountCents: 8000, prefix: 'serie' });
    const ok = { count: 2, everyWeeks: 2, method: 'cash', taxcode: TAXCODE };
    const refusals: [Promise<{ status: number; body: { error?: { message: string } } }>, number, RegExp][] = [
      [series(doctor, bookingId, { ...ok, count: 1 }), 400, /almeno 2 visite/],
      [series(doctor, bookingId, { ...ok, count: 11 }), 400, /Al massimo 10 visite/],
      [series(doctor, bookingId, { ...ok, everyWeeks: 9 }), 400, /ogni 8 settimane/],
      [series(doctor, bookingId, { ...ok, method: 'assegno' }), 400, /contanti, carta o bonifico/],
      [series(patient, bookingId, ok), 403, /permessi/],
      [series(medico2, bookingId, ok), 403, /solo per i tuoi pazienti/],
      [series(medico2, untyped.bookingId, ok), 409, /tipo di visita/],
      [series(doctor, 'non-un-id', ok), 400, /Identificativo non valido/],
      [doctor.agent.post(`/api/bookings/${bookingId}/series`).send(ok), 403, /CSRF/],
    ];
    const before = await head();
    for (const [pending, status, message] of refusals) {
      const res = await pending;
      expect({ status: res.status, message: res.body.error?.message }).toEqual({ status, message: expect.stringMatching(message) });
    }
    expect(await head()).toBe(before);
  });
});
