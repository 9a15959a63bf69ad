import { ManualClock, client, lastRequestPosition, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { slotId } from '@studio/contracts';
import { registerPatients } from '../../../testing/patients';
import { confirmedAtDesk, createVisitType } from '../../../testing/visits';
import { readVisitLocation } from './visit-location';
import { ReceiptsFlowService } from '../../fiscal/receipts/receipts-flow.service';

const MONDAY = '2030-03-11';

describe('locations in the weekly schedule, visit types and free hours', () => {
  let app: TestApp;
  let admin: Client;
  let doctor: Client;
  let visitor: Client;
  let medico1: string;
  let centro: string;
  let nord: string;

  beforeAll(async () => {
    app = await startTestApp({ HOLD_SWEEP_SECONDS: '0' }, undefined, new ManualClock(new Date('2030-03-04T06:00:00Z')));
    [admin, doctor, visitor] = await Promise.all([client(app, 'admin@example.it'), client(app, 'medico1@example.it'), client(app)]);
    medico1 = app.ids['medico1@example.it'];
    const create = async (name: string, address: string) =>
      (await admin.agent.post('/api/locations').set('X-CSRF-Token', admin.csrf).send({ name, address, rooms: [] }).expect(201)).body.id as string;
    centro = await create('Sede centro', 'Via Roma 1, Milano');
    nord = await create('Sede nord', 'Viale Monza 200, Milano');
  });
  afterAll(() => app?.close());

  const putSchedule = (days: unknown) => doctor.agent.put(`/api/doctors/${medico1}/weekly-schedule`).set('X-CSRF-Token', doctor.csrf).send({ days });

  it('each block of the weekly schedule says its location; the free hours carry it and filter by it', async () => {
    const day = [
      { from: '09:00', to: '11:00', locationId: centro },
      { from: '11:00', to: '13:00', locationId: nord },
    ];
    const res = await putSchedule([day, day, day, day, day, [], []]).expect(200);
    expect(res.body.days[0]).toEqual(day);
    await doctor.agent.post(`/api/doctors/${medico1}/weekly-schedule/apply`).set('X-CSRF-Token', doctor.csrf).send({ from: MONDAY, to: MONDAY }).expect(200);
    const hours = (await visitor.agent.get(`/disponibilita/query?for=${medico1}&date=${MONDAY}`).expect(200)).body as { hour: string; locationId?: string }[];
    expect(hours.map((h) => [h.hour, h.locationId])).toEqual([
      ['09:00', centro],
      ['09:30', centro],
      ['10:00', centro],
      ['10:30', centro],
      ['11:00', nord],
      ['11:30', nord],
      ['12:00', nord],
      ['12:30', nord],
    ]);
    const atNord = (await visitor.agent.get(`/disponibilita/query?for=${medico1}&date=${MONDAY}&location=${nord}`).expect(200)).body;
    expect(atNord.map((h: { hour: string }) => h.hour)).toEqual(['11:00', '11:30', '12:00', '12:30']);
    const days = (await visitor.agent.get(`/api/doctors/${medico1}/days?from=${MONDAY}&to=${MONDAY}&location=${centro}`).expect(200)).body;
    expect(days).toEqual([{ date: MONDAY, free: 4 }]);
  });

  it('a visit type at a location is offered only where the doctor receives there', async () => {
    const typeId = await createVisitType(doctor, medico1, { name: 'Controllo in centro', minutes: 60, priceCents: 5000 });
    const res = await doctor.agent
      .put(`/api/doctors/${medico1}/visit-types/${typeId}`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ locationId: centro })
      .expect(200);
    expect(res.body.locationId).toBe(centro);
    const starts = (await visitor.agent.get(`/disponibilita/query?for=${medico1}&date=${MONDAY}&type=${typeId}`).expect(200)).body;
    expect(starts.map((h: { hour: string }) => h.hour)).toEqual(['09:00', '09:30', '10:00']);
    // a hold follows the same rule, and the booking records where the visit is
    const [patient] = await registerPatients(app, 1, 'sede');
    const hold = (hour: string) =>
      patient.agent
        .post('/prenotazioni')
        .set('X-CSRF-Token', patient.csrf)
        .send({ doctor_id: medico1, availability_id: slotId(medico1, `${MONDAY}T${hour}:00Z`), visit_type: typeId });
    const across = await hold('10:30').expect(409);
    expect(across.body.error).toMatchObject({ code: 'sede_diversa', message: expect.stringMatching(/altra sede/) });
    await hold('11:00').expect(409);
    const held = await hold('09:00').expect(201);
    const events = await app.core.eventStore.readStream(`booking-${held.body.id}`);
    expect(events.find((e) => e.type === 'BookingHeld')?.data).toMatchObject({ locationId: centro, visit: { visitTypeId: typeId } });
    // the confirmed visit's calendar file carries the location's address
    const anywhere = await createVisitType(doctor, medico1, { name: 'Controllo breve', minutes: 30, priceCents: 5000 });
    const desk = await confirmedAtDesk(app, doctor, medico1, { start: `${MONDAY}T12:00:00Z`, amountCents: 5000, visitType: anywhere, prefix: 'nord' });
    const ics = await desk.patient.agent.get(`/api/me/bookings/${desk.bookingId}/calendar.ics`).expect(200);
    expect(ics.text).toContain('LOCATION:Sede nord\\, Viale Monza 200\\, Milano');
    // the emails and the texts read the visit's place from its hold
    const place = await readVisitLocation(app.core.readModels, desk.bookingId);
    expect(place && `${place.name}, ${place.address}`).toBe('Sede nord, Viale Monza 200, Milano');
    // and the receipt names it on the service line
    await app.app.get(ReceiptsFlowService).issuePending(medico1);
    const receipt = await desk.patient.agent.get(`/api/orders/desk-${desk.bookingId}/receipt`).expect(200);
    expect(JSON.stringify(receipt.body)).toContain('presso Sede nord, Viale Monza 200, Milano');
    // the agenda says where each visit is, and shows one location's visits
    const agenda = (location?: string) =>
      doctor.agent
        .get(`/api/doctors/${medico1}/agenda`)
        .query({ from: MONDAY, to: MONDAY, ...(location ? { location } : {}) })
        .expect(200);
    const all = (await agenda()).body as { id: string; locationId?: string }[];
    expect(all.map((v) => [v.id, v.locationId])).toEqual(
      expect.arrayContaining([
        [held.body.id, centro],
        [desk.bookingId, nord],
      ]),
    );
    expect(((await agenda(nord)).body as { id: string }[]).map((v) => v.id)).toEqual([desk.bookingId]);
    // '' takes the location away again
    const cleared = await doctor.agent
      .put(`/api/doctors/${medico1}/visit-types/${typeId}`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ locationId: '' })
      .expect(200);
    expect(cleared.body.locationId).toBeNull();
  });

  it('an unknown location, or a location for an online visit, is refused in Italian and appends nothing', async () => {
    const before = await lastRequestPosition(app);
    const bad = await putSchedule([[{ from: '09:00', to: '10:00', locationId: 'nessuna' }], [], [], [], [], [], []]).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'sede_non_trovata', message: expect.stringMatching(/Sede non trovata/) });
    const type = await doctor.agent
      .post(`/api/doctors/${medico1}/visit-types`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ name: 'Visita altrove', minutes: 30, priceCents: 4000, mode: 'studio', locationId: 'nessuna' })
      .expect(400);
    expect(type.body.error.code).toBe('sede_non_trovata');
    const online = await doctor.agent
      .post(`/api/doctors/${medico1}/visit-types`)
      .set('X-CSRF-Token', doctor.csrf)
      .send({ name: 'Video', minutes: 30, priceCents: 4000, mode: 'online', locationId: nord })
      .expect(400);
    expect(online.body.error.message).toMatch(/online non ha una sede/);
    await visitor.agent.get(`/disponibilita/query?for=${medico1}&date=${MONDAY}&location=`).expect(400);
    expect(await lastRequestPosition(app)).toBe(before);
  });
});
