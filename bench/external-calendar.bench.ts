import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DAVClient } from 'tsdav';
import { startApp } from '../backend/src/app/app';
import { ExternalCalendarService } from '../backend/src/areas/scheduling/external-calendar';
import { loadConfig } from '../backend/src/platform/config/config';
import { radicaleInstalled, startRadicale, type RadicaleServer } from '../backend/src/testing/radicale';
import { ManualClock } from '../backend/src/testing/test-app';
import { BENCH_RATE_LIMITS, login } from './availability.bench';
import { percentile } from './stats';

/** the demo seed's Monday, 07:00 in Rome: the synced days are its weeks */
const TODAY = new Date('2030-03-04T06:00:00Z');
const DAY_MS = 86_400_000;
const SINGLE_EVENTS = 480;
const SERIES = 20;

const NEW_YORK = [
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
];
const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench//Calendario//IT', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const local = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '');

/** one of the single events, `shift` ms later than its own time */
function singleEvent(i: number, shift = 0): string {
  const day = TODAY.getTime() - 6 * 3_600_000 + (i % 60) * DAY_MS;
  const start = day + (8 + ((i * 7) % 10)) * 3_600_000 + (i % 2) * 1_800_000 + shift;
  const end = start + (i % 3 === 0 ? 60 : 30) * 60_000;
  const times =
    i % 5 === 0
      ? [`DTSTART:${local(start - 3_600_000)}Z`, `DTEND:${local(end - 3_600_000)}Z`]
      : [`DTSTART;TZID=Europe/Rome:${local(start)}`, `DTEND;TZID=Europe/Rome:${local(end)}`];
  return ics('BEGIN:VEVENT', `UID:evento-${i}@bench`, 'DTSTAMP:20300101T000000Z', `SUMMARY:Impegno ${i}`, ...times, 'END:VEVENT');
}

/**
 * The calendar of the bench: 480 single events over the 60 synced days (08:00–18:00, 30 or 60 minutes, some in UTC,
 * most in Rome's zone) and 20 weekly series without end: 5 at 07:00 New York time (their VTIMEZONE given, across its
 * summer-time change), 5 in Asia/Tokyo (no VTIMEZONE, the runtime's zone data), 10 in Rome; five of them with an
 * excluded date and a moved occurrence. 500 objects.
 */
function calendarObjects(): { name: string; text: string }[] {
  const objects: { name: string; text: string }[] = [];
  for (let i = 0; i < SINGLE_EVENTS; i++) objects.push({ name: `evento-${i}.ics`, text: singleEvent(i) });
  for (let i = 0; i < SERIES; i++) {
    const first = TODAY.getTime() - 6 * 3_600_000 + (i % 5) * DAY_MS;
    const uid = `serie-${i}@bench`;
    const zone = i < 5 ? 'America/New_York' : i < 10 ? 'Asia/Tokyo' : 'Europe/Rome';
    const hour = i < 5 ? 7 : i < 10 ? 18 : 9 + (i % 4);
    const start = first + hour * 3_600_000;
    const lines = [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20300101T000000Z',
      `SUMMARY:Serie ${i}`,
      `DTSTART;TZID=${zone}:${local(start)}`,
      `DTEND;TZID=${zone}:${local(start + 3_600_000)}`,
      'RRULE:FREQ=WEEKLY',
      ...(i % 4 === 0 ? [`EXDATE;TZID=${zone}:${local(start + 14 * DAY_MS)}`] : []),
      'END:VEVENT',
      ...(i % 4 === 0
        ? [
            'BEGIN:VEVENT',
            `UID:${uid}`,
            'DTSTAMP:20300101T000000Z',
            `RECURRENCE-ID;TZID=${zone}:${local(start + 21 * DAY_MS)}`,
            `DTSTART;TZID=${zone}:${local(start + 21 * DAY_MS + 7_200_000)}`,
            `DTEND;TZID=${zone}:${local(start + 21 * DAY_MS + 10_800_000)}`,
            'END:VEVENT',
          ]
        : []),
    ];
    objects.push({ name: `serie-${i}.ics`, text: ics(...(zone === 'America/New_York' ? NEW_YORK : []), ...lines) });
  }
  return objects;
}

const fmt = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms (n=${s.length})`;
};
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times;
}

/**
 * A doctor's external calendar synced against a real Radicale on loopback (app and Radicale on this machine):
 * the calendar of `calendarObjects`, the app in this process on the demo data, today its Monday. Measured per doctor:
 * the connection (sign-in, first read and the slots closed), a full sync (what a new instance does: every object read
 * and expanded, the slots already as they should be), an unchanged re-sync (one PROPFIND) and a sync after one event
 * changed (sync-collection and one object); beside them, in the same run, tsdav alone on the same calendar: the read
 * the sync did before (calendar-query, then calendar-multiget of every object) and a CTag check (isCollectionDirty).
 */
export async function externalCalendarBench(dataDir: string): Promise<void> {
  console.log('\n## Calendario esterno (CalDAV, Radicale su loopback)');
  if (!radicaleInstalled()) {
    console.log('radicale non è installato (apt-get install radicale): sezione saltata.');
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  const runs = Number(process.env.BENCH_CALDAV_RUNS ?? 7);
  let radicale: RadicaleServer | undefined;
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    radicale = await startRadicale();
    const objects = calendarObjects();
    const t0 = performance.now();
    await radicale.writeFiles(objects.map((o) => ({ name: o.name, ics: o.text })));
    console.log(`calendario riempito: ${objects.length} oggetti (${SERIES} serie settimanali) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const config = loadConfig({
      ...BENCH_RATE_LIMITS,
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      HOLD_SWEEP_SECONDS: '0',
      EXTERNAL_CALENDAR_SYNC_MINUTES: '0',
      CALDAV_ALLOWED_ORIGINS: radicale.origin,
      FRONTEND_DIST: join(dataDir, 'none'),
    });
    config.frontendDist = null;
    app = await startApp(config, { today: TODAY, clock: new ManualClock(TODAY) });
    const base = app.url.replace('localhost', '127.0.0.1');
    const doctor = await login(base, 'medico1@example.it');
    const service = app.app.get(ExternalCalendarService);
    const path = `${base}/api/doctors/${doctor.userId}/external-calendar`;
    const headers = { 'content-type': 'application/json', cookie: doctor.cookie, 'x-csrf-token': doctor.csrf };

    const c0 = performance.now();
    const connect = await fetch(path, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ url: radicale.calendarUrl, username: radicale.username, password: radicale.password }),
    });
    const connected = (await connect.json()) as { busyTimes: number; lastError: string | null };
    const connectMs = performance.now() - c0;
    if (connect.status !== 200 || connected.lastError) throw new Error(`collegamento: HTTP ${connect.status} ${JSON.stringify(connected)}`);
    console.log(`collegamento (accesso, prima lettura intera, orari chiusi): ${connectMs.toFixed(0)} ms; ${connected.busyTimes} impegni nei 60 giorni`);

    // the baselines: tsdav alone, the same calendar, the same window
    const client = new DAVClient({
      serverUrl: radicale.calendarUrl,
      credentials: { username: radicale.username, password: radicale.password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
    });
    await client.login();
    const calendar = (await client.fetchCalendars())[0];
    const from = new Date(TODAY.getTime() - 6 * 3_600_000 - DAY_MS).toISOString();
    const to = new Date(TODAY.getTime() - 6 * 3_600_000 + 61 * DAY_MS).toISOString();
    const rawFetch = await timed(runs, async () => {
      const got = await client.fetchCalendarObjects({ calendar, timeRange: { start: from, end: to } });
      if (got.length !== objects.length) throw new Error(`tsdav: ${got.length} oggetti`);
    });
    const rawCtag = await timed(runs * 3, () => client.isCollectionDirty({ collection: calendar }));

    const full = await timed(runs, async () => {
      service.forgetRead(doctor.userId);
      await service.syncOnce(doctor.userId);
      if (service.lastRead.get(doctor.userId)?.mode !== 'full') throw new Error('lettura intera attesa');
    });
    const unchanged = await timed(runs * 3, async () => {
      await service.syncOnce(doctor.userId);
      if (service.lastRead.get(doctor.userId)?.mode !== 'unchanged') throw new Error('calendario invariato atteso');
    });
    const oneChanged: number[] = [];
    for (let k = 0; k < runs; k++) {
      // one event moves by half an hour and back: its slots reopen and close
      await radicale.put('evento-1.ics', singleEvent(1, k % 2 === 0 ? 1_800_000 : 0));
      const t = performance.now();
      await service.syncOnce(doctor.userId);
      oneChanged.push(performance.now() - t);
      if (service.lastRead.get(doctor.userId)?.mode !== 'sync-collection') throw new Error('sync-collection atteso');
    }
    console.log(`sincronizzazione intera per medico (come una nuova istanza): ${fmt(full)}`);
    console.log(`  base: tsdav da solo, calendar-query + calendar-multiget degli stessi ${objects.length} oggetti: ${fmt(rawFetch)}`);
    console.log(
      `  = ${(median(full) / median(rawFetch)).toFixed(2)}× la lettura di tsdav a p50 (la differenza: espansione delle ricorrenze e confronto con gli orari)`,
    );
    console.log(`sincronizzazione di un calendario invariato per medico: ${fmt(unchanged)}`);
    console.log(`  base: tsdav da solo, PROPFIND del CTag (isCollectionDirty): ${fmt(rawCtag)}`);
    console.log(
      `  = ${(median(unchanged) / median(rawCtag)).toFixed(2)}× il solo PROPFIND a p50; ${(median(full) / median(unchanged)).toFixed(0)}× meno della sincronizzazione intera`,
    );
    console.log(`sincronizzazione dopo un evento spostato (sync-collection e un oggetto): ${fmt(oneChanged)}`);
  } finally {
    await app?.close();
    await radicale?.stop();
  }
}
