import { externalCalendarStreamName } from '@studio/contracts';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { radicaleInstalled, startRadicale, type RadicaleServer } from '../../../testing/radicale';
import { until } from '../../../testing/until';
import { confirmedAtDesk } from '../../../testing/visits';
import { client, ManualClock, startTestApp, type Client, type TestApp } from '../../../testing/test-app';
import { ExternalCalendarService, SYNC_JOB } from './external-calendar.service';

// the demo seed (today = Monday 2030-03-04, 07:00 in Rome) opens medico1 09:00–13:00 on weekdays
const NOW = new Date('2030-03-04T06:00:00Z');
const TUESDAY = { start: '2030-03-05T00:00:00Z', end: '2030-03-06T00:00:00Z' };
const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Prova//Calendario//IT', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20300101T000000Z', ...lines, 'END:VEVENT'];
const dentist = (start: string, end: string) =>
  ics(...vevent('UID:dentista-1', 'SUMMARY:Dentista', `DTSTART;TZID=Europe/Rome:${start}`, `DTEND;TZID=Europe/Rome:${end}`));

/** what a CalDAV request asked for: its method, and for a REPORT which one */
function kindOf(init: RequestInit | undefined): string {
  const method = init?.method ?? 'GET';
  if (method !== 'REPORT') return method;
  const body = typeof init?.body === 'string' ? init.body : '';
  return `REPORT ${['sync-collection', 'calendar-multiget', 'calendar-query'].find((k) => body.includes(k)) ?? '?'}`;
}

const describeWithRadicale = radicaleInstalled() ? describe : describe.skip;
if (!radicaleInstalled()) console.warn('radicale non è installato (apt-get install radicale): i test del calendario esterno sono saltati.');

describeWithRadicale('a doctor’s external calendar over CalDAV, against Radicale', () => {
  let app: TestApp;
  let radicale: RadicaleServer;
  let doctor: Client;
  let medico1: string;
  const path = () => `/api/doctors/${medico1}/external-calendar`;
  const statuses = async (range = TUESDAY) => {
    const res = await doctor.agent
      .get('/disponibilita/json')
      .query({ for: medico1, ...range })
      .expect(200);
    return Object.fromEntries((res.body as { start: string; status: string; url?: string }[]).map((e) => [e.start.slice(11, 16), e.status]));
  };
  const streamLength = async () => (await app.core.eventStore.readStream(externalCalendarStreamName(medico1))).length;
  /** the CalDAV requests the app sends, counted as they go out */
  let requests: string[] = [];
  let service: ExternalCalendarService;
  const syncNow = async () => {
    requests = [];
    return (await doctor.agent.post(`${path()}/sync`).set('X-CSRF-Token', doctor.csrf).expect(200)).body as { closed: number; reopened: number };
  };

  beforeAll(async () => {
    radicale = await startRadicale();
    // the practice's now is the demo's Monday, so the synced days are the demo's weeks
    app = await startTestApp({ CALDAV_ALLOWED_ORIGINS: radicale.origin, HOLD_SWEEP_SECONDS: '0' }, undefined, new ManualClock(NOW));
    medico1 = app.ids['medico1@example.it'];
    doctor = await client(app, 'medico1@example.it');
    service = app.app.get(ExternalCalendarService);
    service.caldavFetch = (input, init) => {
      requests.push(kindOf(init));
      return fetch(input, init);
    };
  });
  afterAll(async () => {
    await app?.close();
    await radicale?.stop();
  });

  it('refuses wrong credentials, a server that does not answer and a private address not allowed: 422/400 in Italian, nothing kept', async () => {
    const wrong = await doctor.agent
      .put(path())
      .set('X-CSRF-Token', doctor.csrf)
      .send({ url: radicale.calendarUrl, username: radicale.username, password: 'sbagliata' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.message).toBe('Il calendario esterno ha rifiutato nome utente o password: controlla la password per le app.');
    const closedPort = await doctor.agent
      .put(path())
      .set('X-CSRF-Token', doctor.csrf)
      .send({ url: 'https://127.0.0.1:1/calendario/', username: 'x', password: 'y' });
    expect(closedPort.status).toBe(400);
    expect(closedPort.body.error.message).toMatch(/non ammesso/);
    const missing = await doctor.agent.put(path()).set('X-CSRF-Token', doctor.csrf).send({ url: radicale.calendarUrl, username: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/nome utente|password/);
    expect(await streamLength()).toBe(0);
  });

  it('refuses other doctors and patients', async () => {
    const other = await client(app, 'medico2@example.it');
    expect((await other.agent.put(path()).set('X-CSRF-Token', other.csrf).send({ url: radicale.calendarUrl, username: 'a', password: 'b' })).status).toBe(403);
    expect((await other.agent.get(path())).status).toBe(403);
    const patient = await client(app, 'paziente1@example.it');
    expect((await patient.agent.post(`${path()}/sync`).set('X-CSRF-Token', patient.csrf)).status).toBe(403);
  });

  it('connects after a successful sign-in (the password sealed, never shown), and a sync closes the slots its events cover', async () => {
    // a dentist on Tuesday 10:00–11:00 in Rome, and a weekly course at 07:00 New York time (13:00 in Rome in March)
    await radicale.put('dentista.ics', dentist('20300305T100000', '20300305T110000'));
    await radicale.put(
      'corso.ics',
      ics(
        'BEGIN:VTIMEZONE',
        'TZID:America/New_York',
        'BEGIN:STANDARD',
        'TZOFFSETFROM:-0400',
        'TZOFFSETTO:-0500',
        'DTSTART:19701101T020000',
        'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
        'END:STANDARD',
        'BEGIN:DAYLIGHT',
        'TZOFFSETFROM:-0500',
        'TZOFFSETTO:-0400',
        'DTSTART:19700308T020000',
        'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
        ...vevent(
          'UID:corso-1',
          'SUMMARY:Corso',
          'DTSTART;TZID=America/New_York:20300305T060000',
          'DTEND;TZID=America/New_York:20300305T063000',
          'RRULE:FREQ=WEEKLY;COUNT=4',
        ),
      ),
    );
    expect(await statuses()).toMatchObject({ '10:00': 'available', '10:30': 'available', '12:00': 'available' });
    const connected = await doctor.agent
      .put(path())
      .set('X-CSRF-Token', doctor.csrf)
      .send({ url: radicale.calendarUrl, username: radicale.username, password: radicale.password })
      .expect(200);
    expect(connected.body).toMatchObject({ connected: true, url: radicale.calendarUrl, username: radicale.username, lastError: null });
    expect(JSON.stringify(connected.body)).not.toContain(radicale.password);
    expect(JSON.stringify(await app.core.eventStore.readStream(externalCalendarStreamName(medico1)))).not.toContain(radicale.password);
    // the first sync ran with the connection: 10:00 and 10:30 busy, and 12:00 (06:00 EST = 11:00Z = 12:00 in Rome)
    const tuesday = await statuses();
    expect(tuesday).toMatchObject({ '09:30': 'available', '10:00': 'busy', '10:30': 'busy', '11:00': 'available', '12:00': 'busy', '12:30': 'available' });
    // the following weeks of the series too, an hour earlier in Rome once New York is on summer time (10 March), and a
    // busy slot is red with the page that explains it
    const next = await doctor.agent.get('/disponibilita/json').query({ for: medico1, start: '2030-03-12T00:00:00Z', end: '2030-03-13T00:00:00Z' }).expect(200);
    expect(next.body.find((e: { start: string }) => e.start === '2030-03-12T11:00:00Z')).toMatchObject({
      status: 'busy',
      url: '/calendario-esterno',
      title: 'Occupato (calendario esterno)',
    });
    // patients simply do not see the hour
    const patient = await client(app, 'paziente1@example.it');
    const free = await patient.agent.get('/disponibilita/query').query({ for: medico1, date: '2030-03-05' }).expect(200);
    const hours = (free.body as { hour: string }[]).map((s) => s.hour);
    expect(hours).toContain('09:30');
    expect(hours).not.toContain('10:00');
    expect(hours).not.toContain('12:00');
    // the doctor cannot open it by hand while the external calendar has it
    const toggle = await doctor.agent
      .post('/disponibilita/toggle')
      .set('X-CSRF-Token', doctor.csrf)
      .send({ for: medico1, start: '2030-03-05T10:00:00Z', end: '2030-03-05T10:30:00Z' });
    expect(toggle.status).toBe(409);
    expect(toggle.body.error.message).toMatch(/calendario esterno/);
  });

  it('an unchanged calendar costs one PROPFIND and appends nothing; a changed event fetches that object alone (sync-collection, multiget)', async () => {
    const head = await app.core.eventStore.headPosition();
    const unchanged = await syncNow();
    expect(unchanged).toMatchObject({ closed: 0, reopened: 0 });
    expect(requests).toEqual(['PROPFIND']);
    expect(await app.core.eventStore.headPosition()).toBe(head);
    // the page still says when the calendar was last read
    expect((await doctor.agent.get(path()).expect(200)).body.lastSyncAt).toBe(NOW.toISOString());

    // the dentist moves an hour later: only that object is fetched again, and the slots follow it
    await radicale.put('dentista.ics', dentist('20300305T110000', '20300305T120000'));
    const moved = await syncNow();
    expect(requests).toEqual(['PROPFIND', 'REPORT sync-collection', 'REPORT calendar-multiget']);
    expect(service.lastRead.get(medico1)).toEqual({ mode: 'sync-collection', fetched: 1 });
    expect(moved).toMatchObject({ closed: 2, reopened: 2 });
    expect(await statuses()).toMatchObject({ '10:00': 'available', '10:30': 'available', '11:00': 'busy', '11:30': 'busy', '12:00': 'busy' });

    await radicale.put('dentista.ics', dentist('20300305T100000', '20300305T110000'));
    expect(await syncNow()).toMatchObject({ closed: 2, reopened: 2 });
    expect(await statuses()).toMatchObject({ '10:00': 'busy', '10:30': 'busy', '11:00': 'available', '11:30': 'available', '12:00': 'busy' });
  });

  it('a server without sync-collection: the changed object is found by its ETag', async () => {
    // the same Radicale, its sync-token hidden from the app as a server that only has a CTag would
    service.caldavFetch = async (input, init) => {
      requests.push(kindOf(init));
      const res = await fetch(input, init);
      if (init?.method !== 'PROPFIND') return res;
      const text = (await res.text()).replace(/<[^>]*sync-token>[^<]*<\/[^>]*sync-token>/g, '');
      return new Response(text, { status: res.status, headers: res.headers });
    };
    try {
      // the CTag alone says the calendar has not changed
      await syncNow();
      expect(requests).toEqual(['PROPFIND']);
      await radicale.put('dentista.ics', dentist('20300305T093000', '20300305T110000'));
      expect(await syncNow()).toMatchObject({ closed: 1, reopened: 0 });
      expect(requests).toEqual(['PROPFIND', 'REPORT calendar-query', 'REPORT calendar-multiget']);
      expect(service.lastRead.get(medico1)).toEqual({ mode: 'etag', fetched: 1 });
      expect(await syncNow()).toMatchObject({ closed: 0, reopened: 0 });
      expect(requests).toEqual(['PROPFIND']);
      await radicale.put('dentista.ics', dentist('20300305T100000', '20300305T110000'));
      expect(await syncNow()).toMatchObject({ closed: 0, reopened: 1 });
    } finally {
      service.caldavFetch = (input, init) => {
        requests.push(kindOf(init));
        return fetch(input, init);
      };
    }
  });

  it('a sync-token the server no longer knows: the calendar is read again whole', async () => {
    const caches = (service as unknown as { caches: Map<string, { syncToken: string | null }> }).caches;
    await syncNow();
    caches.get(medico1)!.syncToken = 'http://radicale.org/ns/sync/sconosciuto';
    await radicale.put('dentista.ics', dentist('20300305T100000', '20300305T113000'));
    expect(await syncNow()).toMatchObject({ closed: 1, reopened: 0 });
    expect(requests).toEqual(['PROPFIND', 'REPORT sync-collection', 'REPORT calendar-query']);
    expect(service.lastRead.get(medico1)?.mode).toBe('full');
    await radicale.put('dentista.ics', dentist('20300305T100000', '20300305T110000'));
    expect(await syncNow()).toMatchObject({ closed: 0, reopened: 1 });
    expect(service.lastRead.get(medico1)?.mode).toBe('sync-collection');
  });

  it('the periodic sync runs only on the instance that holds its lease', async () => {
    const holds = jest.spyOn(app.app.get(KernelPorts).jobs, 'holds').mockResolvedValue(false);
    try {
      requests = [];
      expect(await service.syncAllIfHolder()).toBe(false);
      expect(holds).toHaveBeenCalledWith(SYNC_JOB);
      expect(requests).toEqual([]);
      holds.mockResolvedValue(true);
      expect(await service.syncAllIfHolder()).toBe(true);
      expect(requests).toContain('PROPFIND');
    } finally {
      holds.mockRestore();
    }
  });

  it('a held slot is never taken by the sync: it is shown to the doctor as a conflict', async () => {
    const patient = await client(app, 'paziente1@example.it');
    const slot = (
      (await patient.agent.get('/disponibilita/query').query({ for: medico1, date: '2030-03-06' }).expect(200)).body as { id: string; hour: string }[]
    ).find((s) => s.hour === '09:00')!;
    await patient.agent.post('/prenotazioni').set('X-CSRF-Token', patient.csrf).send({ doctor_id: medico1, availability_id: slot.id }).expect(201);
    await radicale.put('riunione.ics', ics(...vevent('UID:riunione-1', 'DTSTART:20300306T080000Z', 'DTEND:20300306T090000Z')));
    const sync = await doctor.agent.post(`${path()}/sync`).set('X-CSRF-Token', doctor.csrf).expect(200);
    expect(sync.body.conflicts).toEqual([{ start: '2030-03-06T09:00:00Z', end: '2030-03-06T09:30:00Z', status: 'held' }]);
    expect(sync.body.closed).toBe(1); // 09:30 only
    expect(await statuses({ start: '2030-03-06T00:00:00Z', end: '2030-03-07T00:00:00Z' })).toMatchObject({ '09:00': 'held', '09:30': 'busy' });
    expect((await doctor.agent.get(path()).expect(200)).body.conflicts).toEqual(sync.body.conflicts);
  });

  it('an event deleted from the external calendar gives its slots back as they were', async () => {
    await radicale.remove('dentista.ics');
    const sync = { body: await syncNow() };
    // the removal comes in the sync-collection report: nothing is fetched
    expect(requests).toEqual(['PROPFIND', 'REPORT sync-collection']);
    expect(sync.body.reopened).toBe(2);
    expect(await statuses()).toMatchObject({ '10:00': 'available', '10:30': 'available', '12:00': 'busy' });
    // the same calendar again changes nothing
    const again = await doctor.agent.post(`${path()}/sync`).set('X-CSRF-Token', doctor.csrf).expect(200);
    expect(again.body).toMatchObject({ closed: 0, reopened: 0 });
  });

  it('a visit booked here is written into the external calendar at once (the UID and SEQUENCE of its emails), and removed once cancelled', async () => {
    const { bookingId } = await confirmedAtDesk(app, doctor, medico1, { start: '2030-03-07T11:00:00Z', amountCents: 9000, prefix: 'caldav' });
    const name = `prenotazione-${bookingId}@studio-medico.ics`;
    // the confirmation's reaction writes it, without waiting for the next sync
    const written = await until(
      () => radicale.get(name),
      (text) => text !== null,
    );
    expect(written).toContain(`UID:prenotazione-${bookingId}@studio-medico`);
    expect(written).toContain('SEQUENCE:0');
    // 11:00 in Rome in March is 10:00 UTC; no health data and no name
    expect(written).toContain('DTSTART:20300307T100000Z');
    expect(written).toContain('SUMMARY:Visita');
    // its own visit does not close its slots as an external engagement, and a sync finds nothing left to write
    expect(await statuses({ start: '2030-03-07T00:00:00Z', end: '2030-03-08T00:00:00Z' })).toMatchObject({ '11:00': 'booked' });
    const again = { body: await syncNow() };
    expect(again.body).toMatchObject({ written: 0, removed: 0, closed: 0, reopened: 0 });
    // the report lists the visit written, with the ETag its PUT returned: it is not fetched back
    expect(requests).toEqual(['PROPFIND', 'REPORT sync-collection']);
    // the reaction runs on every instance; only the one holding the sync's lease writes to the calendar
    const confirmation = (await app.core.eventStore.readStream(`booking-${bookingId}`)).find((e) => e.type === 'BookingConfirmed')!;
    const holds = jest.spyOn(app.app.get(KernelPorts).jobs, 'holds').mockResolvedValue(false);
    try {
      requests = [];
      await service.visitChanged(confirmation);
      expect(requests).toEqual([]);
      holds.mockResolvedValue(true);
      await service.visitChanged(confirmation);
      expect(requests).toEqual(['PROPFIND']);
    } finally {
      holds.mockRestore();
    }
    await doctor.agent.post(`/api/bookings/${bookingId}/cancel`).set('X-CSRF-Token', doctor.csrf).send({ reason: 'prova' }).expect(200);
    expect(
      await until(
        () => radicale.get(name),
        (text) => text === null,
      ),
    ).toBeNull();
  });

  it('a server that stops answering: the calendar keeps its slots as they were, the doctor is told (502, and on the page)', async () => {
    await radicale.stop();
    const sync = await doctor.agent.post(`${path()}/sync`).set('X-CSRF-Token', doctor.csrf);
    expect(sync.status).toBe(502);
    expect(sync.body.error.message).toBe('Il calendario esterno non risponde: riproveremo alla prossima sincronizzazione.');
    expect((await doctor.agent.get(path()).expect(200)).body.lastError).toBe(sync.body.error.message);
    expect(await statuses()).toMatchObject({ '12:00': 'busy', '10:00': 'available' });
  });

  it('disconnecting forgets the calendar and gives back every slot it kept busy', async () => {
    const res = await doctor.agent.delete(path()).set('X-CSRF-Token', doctor.csrf).expect(200);
    expect(res.body).toMatchObject({ connected: false, url: null });
    expect(await statuses()).toMatchObject({ '12:00': 'available' });
    expect(await statuses({ start: '2030-03-06T00:00:00Z', end: '2030-03-07T00:00:00Z' })).toMatchObject({ '09:00': 'held', '09:30': 'available' });
  });
});
