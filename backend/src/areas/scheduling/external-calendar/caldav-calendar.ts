import { DAVClient, type DAVCalendar } from 'tsdav';

/** what is kept, sealed with the doctor's key: the address given, the login and the calendar found there */
export interface CalendarConnection {
  url: string;
  username: string;
  password: string;
  calendarUrl: string;
}

/** the external calendar could not be read: `reason` says why, in Italian, for the doctor */
export class ExternalCalendarUnavailable extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** a server that does not answer within this time is unreachable for this sync (the next one tries again) */
const TIMEOUT_MS = 15_000;

const sameCollection = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (/401|Invalid credentials/i.test(message)) return 'Il calendario esterno ha rifiutato nome utente o password: controlla la password per le app.';
  if (/403/.test(message)) return 'Il calendario esterno non concede l’accesso a questo utente.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Il server del calendario esterno non esiste a questo indirizzo: controlla l’indirizzo CalDAV.';
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH' || /fetch failed|tempo/i.test(message))
    return 'Il calendario esterno non risponde: riproveremo alla prossima sincronizzazione.';
  return 'Il calendario esterno ha risposto in modo inatteso: controlla l’indirizzo CalDAV.';
}

async function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('tempo scaduto')), TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** signs in (tsdav's discovery from the address given) and finds the calendar: the one at that address, or the first of events */
export async function openCalendar(connection: Omit<CalendarConnection, 'calendarUrl'> & { calendarUrl?: string }): Promise<{
  client: DAVClient;
  calendar: DAVCalendar;
}> {
  try {
    return await withinTimeout(
      (async () => {
        const client = new DAVClient({
          serverUrl: connection.url,
          credentials: { username: connection.username, password: connection.password },
          authMethod: 'Basic',
          defaultAccountType: 'caldav',
        });
        await client.login();
        const calendars = (await client.fetchCalendars()).filter((c) => !c.components || c.components.includes('VEVENT'));
        const calendar =
          calendars.find((c) => sameCollection(c.url, connection.calendarUrl ?? connection.url)) ?? (connection.calendarUrl ? undefined : calendars[0]);
        if (!calendar) throw new ExternalCalendarUnavailable('A questo indirizzo non c’è un calendario di eventi: controlla l’indirizzo CalDAV.');
        return { client, calendar };
      })(),
    );
  } catch (error) {
    if (error instanceof ExternalCalendarUnavailable) throw error;
    throw new ExternalCalendarUnavailable(reasonOf(error));
  }
}

/** one calendar object resource: where it is and its RFC 5545 text */
export interface CalendarObject {
  url: string;
  data: string;
}

/** a visit to write: the object's name in the calendar and its text */
export interface CalendarWrite {
  filename: string;
  ics: string;
}

const instantText = (date: Date) => date.toISOString().slice(0, 19) + 'Z';

/**
 * One visit of the sync: the calendar's objects that have something in [from, to) and its version (CTag); then, in
 * the same session, the visits written (PUT, created or replaced) and removed (DELETE) that `reconcile` decides.
 */
export async function syncCalendar(
  connection: CalendarConnection,
  from: Date,
  to: Date,
  reconcile: (objects: CalendarObject[]) => { writes: CalendarWrite[]; removals: string[] },
): Promise<{ objects: CalendarObject[]; ctag: string | null; written: number; removed: number }> {
  const { client, calendar } = await openCalendar(connection);
  try {
    const fetched = await withinTimeout(client.fetchCalendarObjects({ calendar, timeRange: { start: instantText(from), end: instantText(to) } }));
    const objects = fetched.map((o) => ({ url: o.url, data: String(o.data ?? '') })).filter((o) => o.data);
    const { writes, removals } = reconcile(objects);
    const base = calendar.url.endsWith('/') ? calendar.url : `${calendar.url}/`;
    for (const write of writes) {
      const res = await withinTimeout(
        client.updateCalendarObject({ calendarObject: { url: new URL(encodeURIComponent(write.filename), base).href, data: write.ics } }),
      );
      if (!res.ok) throw new Error(`PUT ${res.status}`);
    }
    for (const url of removals) {
      const res = await withinTimeout(client.deleteCalendarObject({ calendarObject: { url } }));
      // already gone is what was wanted
      if (!res.ok && res.status !== 404) throw new Error(`DELETE ${res.status}`);
    }
    return { objects, ctag: calendar.ctag ?? null, written: writes.length, removed: removals.length };
  } catch (error) {
    throw new ExternalCalendarUnavailable(reasonOf(error));
  }
}
