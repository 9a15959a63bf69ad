import { accessStreamName, bookingStreamName, type EventMetadata } from '@studio/contracts';
import { Writable } from 'node:stream';
import * as nodeIcal from 'node-ical';
import request from 'supertest';
import { client, startTestApp, type Client, type TestApp } from '../../../testing/test-app';

let app: TestApp;
let doctor: Client;
/** everything the app logged (at info: one line per request) */
let logged = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged += chunk.toString();
    done();
  },
});
const pathOf = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  app = await startTestApp({ HOLD_SWEEP_SECONDS: '0', NOTIFY_WORKER: 'false', LOG_LEVEL: 'info' }, undefined, undefined, logStream);
  doctor = await client(app, 'medico1@example.it');
  const meta: EventMetadata = { userId: 'system', role: 'system', at: new Date().toISOString(), correlationId: 'c', causationId: 'c' };
  const [patient, medico] = [app.ids['paziente1@example.it'], app.ids['medico1@example.it']];
  const start = '2026-10-26T09:00:00Z';
  const { position } = await app.core.eventStore.append(
    bookingStreamName('feed-1'),
    [
      {
        type: 'BookingHeld',
        data: {
          bookingId: 'feed-1',
          patientId: patient,
          doctorId: medico,
          slotId: `${medico}_${start}`,
          start,
          end: '2026-10-26T09:30:00Z',
          expiresAt: '2026-10-01T00:00:00.000Z',
        },
        metadata: meta,
      },
      { type: 'BookingConfirmed', data: { bookingId: 'feed-1', orderId: 'o' }, metadata: meta },
    ],
    { expectedRevision: 'no_stream' },
  );
  await app.core.changes.waitFor(position);
});
afterAll(() => app?.close());

const fetchFeed = (url: string) => request(app.app.getHttpServer()).get(pathOf(url));

describe("the doctor's calendar feed", () => {
  it('a secret URL serving text/calendar with the booked visits, no health data and no name unless asked for', async () => {
    const { url, showPatientName } = (await doctor.agent.get('/api/me/calendar-feed').expect(200)).body;
    expect(showPatientName).toBe(false);
    expect(url).toMatch(/\/api\/calendar-feed\/[\w-]+\/[A-Za-z0-9_-]{43}\.ics$/);
    // the same URL until regenerated
    expect((await doctor.agent.get('/api/me/calendar-feed').expect(200)).body.url).toBe(url);
    const res = await fetchFeed(url).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const events = Object.values(nodeIcal.sync.parseICS(res.text)).filter((c) => c.type === 'VEVENT') as nodeIcal.VEvent[];
    expect(events).toHaveLength(1);
    expect(events[0].summary).toBe('Visita');
    expect(events[0].start.toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(events[0].uid).toBe('prenotazione-feed-1@studio-medico');
    expect(res.text).not.toContain('Verdi');

    await doctor.agent.post('/api/me/calendar-feed/settings').set('X-CSRF-Token', doctor.csrf).send({ showPatientName: true }).expect(200);
    expect((await fetchFeed(url).expect(200)).text).toContain('SUMMARY:Visita - Luca Verdi');
    await doctor.agent.post('/api/me/calendar-feed/settings').set('X-CSRF-Token', doctor.csrf).send({ showPatientName: 'sì' }).expect(400);
  });

  it('regenerating invalidates the old URL; a wrong or malformed token is a 404', async () => {
    const old = (await doctor.agent.get('/api/me/calendar-feed').expect(200)).body.url as string;
    const fresh = (await doctor.agent.post('/api/me/calendar-feed/regenerate').set('X-CSRF-Token', doctor.csrf).expect(200)).body.url as string;
    expect(fresh).not.toBe(old);
    await fetchFeed(old).expect(404);
    await fetchFeed(fresh).expect(200);
    const wrong = fresh.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${'A'.repeat(43)}.ics`);
    expect((await fetchFeed(wrong).expect(404)).body.error.code).toBe('calendario_non_trovato');
    await fetchFeed(fresh.replace(/\.ics$/, 'x.ics')).expect(404);
    await fetchFeed(fresh.replace(app.ids['medico1@example.it'], app.ids['medico2@example.it'])).expect(404);
  });

  it('the secret token never reaches the log, on a hit or a miss', async () => {
    const { url } = (await doctor.agent.get('/api/me/calendar-feed').expect(200)).body;
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1];
    await fetchFeed(url).expect(200);
    await fetchFeed(url.replace(token, `${token.slice(0, 42)}Z`)).expect(404);
    await request(app.app.getHttpServer()).head(pathOf(url));
    await new Promise((r) => setImmediate(r));
    expect(logged).toContain('/api/calendar-feed/');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.slice(0, 42));
  });

  it('a read that shows names is an access-log entry for each patient shown, one correlation per read', async () => {
    const patient = app.ids['paziente1@example.it'];
    await doctor.agent.post('/api/me/calendar-feed/settings').set('X-CSRF-Token', doctor.csrf).send({ showPatientName: true }).expect(200);
    const { url } = (await doctor.agent.get('/api/me/calendar-feed').expect(200)).body;
    const before = (await app.core.eventStore.readStream(accessStreamName(patient)).catch(() => [])).length;
    await fetchFeed(url).expect(200);
    await fetchFeed(url).expect(200);
    const entries = (await app.core.eventStore.readStream(accessStreamName(patient))).slice(before);
    // the reader as they were at the read (the demo doctor has no register number), once per read
    const entry = {
      subjectId: patient,
      viewerId: app.ids['medico1@example.it'],
      viewerRole: 'doctor',
      viewerName: 'Giulia Rossi',
      what: 'personal_data',
      detail: 'calendario',
    };
    expect(entries.map((e) => e.data)).toEqual([entry, entry]);
    expect(entries[0].metadata.correlationId).not.toBe(entries[1].metadata.correlationId);
    // without names, a read logs nothing
    await doctor.agent.post('/api/me/calendar-feed/settings').set('X-CSRF-Token', doctor.csrf).send({ showPatientName: false }).expect(200);
    await fetchFeed(url).expect(200);
    expect((await app.core.eventStore.readStream(accessStreamName(patient))).length).toBe(before + 2);
  });

  it("a moved visit carries its move's SEQUENCE (from the bookings read model), at its new time", async () => {
    const [patient, medico] = [app.ids['paziente1@example.it'], app.ids['medico1@example.it']];
    const meta: EventMetadata = { userId: 'system', role: 'system', at: new Date().toISOString(), correlationId: 'c', causationId: 'c' };
    const [from, to] = ['2026-10-27T09:00:00Z', '2026-10-28T10:00:00Z'];
    const slot = (start: string) => `${medico}_${start}`;
    const ids = { bookingId: 'feed-2', patientId: patient, doctorId: medico };
    const moved = (sequence: number, fromStart: string, start: string) => ({
      type: 'BookingRescheduled',
      data: {
        ...ids,
        fromSlotId: slot(fromStart),
        fromStart,
        fromEnd: fromStart,
        slotId: slot(start),
        start,
        end: start.replace(':00:00Z', ':30:00Z'),
        sequence,
        by: 'doctor',
        at: meta.at,
      },
      metadata: meta,
    });
    const { position } = await app.core.eventStore.append(
      bookingStreamName('feed-2'),
      [
        {
          type: 'BookingHeld',
          data: { ...ids, slotId: slot(from), start: from, end: '2026-10-27T09:30:00Z', expiresAt: '2026-10-01T00:00:00.000Z' },
          metadata: meta,
        },
        { type: 'BookingConfirmed', data: { bookingId: 'feed-2', orderId: 'o2' }, metadata: meta },
        moved(1, from, to),
        moved(2, to, from),
        moved(3, from, to),
      ],
      { expectedRevision: 'no_stream' },
    );
    await app.core.changes.waitFor(position);
    const { url } = (await doctor.agent.get('/api/me/calendar-feed').expect(200)).body;
    const events = Object.values(nodeIcal.sync.parseICS((await fetchFeed(url).expect(200)).text)).filter((c) => c.type === 'VEVENT') as nodeIcal.VEvent[];
    const visit = events.find((e) => e.uid === 'prenotazione-feed-2@studio-medico')!;
    expect(visit.start.toISOString()).toMatch(/^2026-10-28T/);
    expect(Number(visit.sequence)).toBe(3);
    // never moved: 0
    expect(Number(events.find((e) => e.uid === 'prenotazione-feed-1@studio-medico')!.sequence ?? 0)).toBe(0);
  });

  it('only a doctor has one', async () => {
    const patient = await client(app, 'paziente1@example.it');
    await patient.agent.get('/api/me/calendar-feed').expect(403);
    await request(app.app.getHttpServer()).get('/api/me/calendar-feed').expect(401);
  });
});
