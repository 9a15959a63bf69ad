import { createHash } from 'node:crypto';
import {
  calendarMultiGet,
  calendarQuery,
  DAVClient,
  deleteObject,
  getBasicAuthHeaders,
  propfind,
  syncCollection,
  updateObject,
  type DAVCalendar,
  type DAVResponse,
} from 'tsdav';
import type { BusyTime } from './busy-time';

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

/** one object as last read: its path as the server names it, its version (ETag) and text; its busy times once computed */
export interface CachedObject {
  href: string;
  etag: string | null;
  data: string;
  /** the busy times of this object alone in a window ('from/to'), kept until the object or the window changes */
  busy?: { window: string; times: BusyTime[] };
}

/**
 * What a sync remembers of a calendar between two visits (in memory, per instance): the calendar's version (CTag and
 * RFC 6578 sync-token) and its objects by ETag, so that an unchanged calendar costs one PROPFIND and a changed one only
 * the objects that changed. A new instance, or a sync that failed, starts again with a full read.
 */
export interface CalendarCache {
  /** the calendar and the login it was read with: another connection starts over */
  key: string;
  /** the time-range start of the full read (ms): objects ending before it were not asked for */
  from: number;
  ctag: string | null;
  syncToken: string | null;
  /** by decoded path */
  objects: Map<string, CachedObject>;
}

/** how a sync read the calendar: nothing beyond its version, the changes since the last token (or by ETag), or everything */
export type ReadMode = 'unchanged' | 'sync-collection' | 'etag' | 'full';

export interface CalendarSync {
  cache: CalendarCache;
  mode: ReadMode;
  /** the objects fetched (calendar-data) by this read */
  fetched: number;
  written: number;
  removed: number;
}

const cacheKey = (connection: CalendarConnection) =>
  createHash('sha256').update(`${connection.calendarUrl}\n${connection.username}\n${connection.password}`).digest('hex');

const pathKey = (href: string, base: string) => {
  const path = new URL(href, base).pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

const icsTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '') + 'Z';
const textOf = (value: unknown): string | null => (value == null || value === '' ? null : String(value));
const dataOf = (res: DAVResponse): string => {
  const data = res.props?.calendarData as unknown;
  if (data && typeof data === 'object' && '_cdata' in data) return String(data._cdata ?? '');
  return data == null ? '' : String(data);
};

/** a multistatus that failed as a whole (not one member's 404): the request did not do what was asked */
function failedAsWhole(responses: DAVResponse[], collection: string): DAVResponse | undefined {
  return responses.find((r) => !r.ok && (r.status !== 404 || !r.href || pathKey(r.href, collection) === pathKey(collection, collection)));
}

/**
 * One visit of the sync, in one session: the calendar's version first (a Depth 0 PROPFIND for CTag and sync-token,
 * no discovery: the calendar's address is known since the connection); when it is the one remembered, nothing else is
 * read. Otherwise only what changed: the RFC 6578 sync-collection report since the last token, or, for a server without
 * it, the ETags of the objects; then the changed objects in one calendar-multiget. A first read, a token the server no
 * longer knows or a report that fails reads every object with something from `from` on (one calendar-query, no end, so
 * the window can move forward on the same cache). Then the visits written (PUT) and removed (DELETE) that `reconcile`
 * decides, kept in the cache with the ETag the server gave them.
 */
export async function syncCalendar(
  connection: CalendarConnection,
  from: Date,
  previous: CalendarCache | undefined,
  reconcile: (objects: CalendarObject[]) => { writes: CalendarWrite[]; removals: string[] },
  fetchOverride: typeof fetch = (input, init) => fetch(input, init),
): Promise<CalendarSync> {
  const collection = connection.calendarUrl.endsWith('/') ? connection.calendarUrl : `${connection.calendarUrl}/`;
  const headers = getBasicAuthHeaders({ username: connection.username, password: connection.password });
  const common = { headers, fetch: fetchOverride };
  const objectProps = { 'd:getetag': {}, 'c:calendar-data': {} };
  try {
    return await withinTimeout(
      (async (): Promise<CalendarSync> => {
        const version = (await propfind({ url: collection, props: { 'cs:getctag': {}, 'd:sync-token': {} }, depth: '0', ...common }))[0];
        if (!version?.ok) throw new Error(`PROPFIND ${version?.status ?? 'senza risposta'}`);
        const ctag = textOf(version.props?.getctag);
        const syncToken = textOf(version.props?.syncToken);
        const key = cacheKey(connection);
        const usable = previous && previous.key === key && previous.from <= from.getTime() ? previous : undefined;
        let mode: ReadMode = 'full';
        let fetched = 0;
        let cache: CalendarCache;
        const fetchChanged = async (target: CalendarCache, hrefs: string[]) => {
          if (hrefs.length === 0) return;
          const got = await calendarMultiGet({ url: collection, props: objectProps, objectUrls: hrefs, depth: '1', ...common });
          const failed = failedAsWhole(got, collection);
          if (failed) throw new Error(`REPORT calendar-multiget ${failed.status}`);
          for (const res of got) {
            if (!res.href) continue;
            const path = pathKey(res.href, collection);
            const data = dataOf(res);
            // gone between the two requests
            if (!res.ok || !data) target.objects.delete(path);
            else (target.objects.set(path, { href: res.href, etag: textOf(res.props?.getetag), data }), fetched++);
          }
        };
        if (usable && (syncToken !== null ? syncToken === usable.syncToken : ctag !== null && ctag === usable.ctag)) {
          mode = 'unchanged';
          cache = usable;
        } else if (usable && usable.syncToken && syncToken !== null) {
          const changes = await syncCollection({ url: collection, props: { 'd:getetag': {} }, syncLevel: 1, syncToken: usable.syncToken, ...common });
          if (failedAsWhole(changes, collection)) {
            cache = await readAll();
          } else {
            mode = 'sync-collection';
            const raw = changes[0]?.raw as { multistatus?: { syncToken?: unknown } } | undefined;
            cache = { ...usable, ctag, syncToken: textOf(raw?.multistatus?.syncToken) ?? syncToken };
            const changed: string[] = [];
            for (const res of changes) {
              if (!res.href || pathKey(res.href, collection) === pathKey(collection, collection)) continue;
              const path = pathKey(res.href, collection);
              if (res.status === 404) cache.objects.delete(path);
              else if (cache.objects.get(path)?.etag !== textOf(res.props?.getetag) || textOf(res.props?.getetag) === null) changed.push(res.href);
            }
            await fetchChanged(cache, changed);
          }
        } else if (usable) {
          // no sync-collection here: the objects' ETags say which changed and which went
          mode = 'etag';
          const listed = await calendarQuery({ url: collection, props: { 'd:getetag': {} }, filters: rangeFilter(usable.from), depth: '1', ...common });
          const failed = failedAsWhole(listed, collection);
          if (failed) throw new Error(`REPORT calendar-query ${failed.status}`);
          cache = { ...usable, ctag, syncToken };
          const present = new Set<string>();
          const changed: string[] = [];
          for (const res of listed) {
            if (!res.ok || !res.href || pathKey(res.href, collection) === pathKey(collection, collection)) continue;
            const path = pathKey(res.href, collection);
            present.add(path);
            if (cache.objects.get(path)?.etag !== textOf(res.props?.getetag) || textOf(res.props?.getetag) === null) changed.push(res.href);
          }
          for (const path of [...cache.objects.keys()]) if (!present.has(path)) cache.objects.delete(path);
          await fetchChanged(cache, changed);
        } else {
          cache = await readAll();
        }

        async function readAll(): Promise<CalendarCache> {
          mode = 'full';
          const all = await calendarQuery({ url: collection, props: objectProps, filters: rangeFilter(from.getTime()), depth: '1', ...common });
          const failed = failedAsWhole(all, collection);
          if (failed) throw new Error(`REPORT calendar-query ${failed.status}`);
          const objects = new Map<string, CachedObject>();
          for (const res of all) {
            const data = dataOf(res);
            if (!res.ok || !res.href || !data) continue;
            objects.set(pathKey(res.href, collection), { href: res.href, etag: textOf(res.props?.getetag), data });
            fetched++;
          }
          return { key, from: from.getTime(), ctag, syncToken, objects };
        }

        const { writes, removals } = reconcile([...cache.objects.values()].map((o) => ({ url: new URL(o.href, collection).href, data: o.data })));
        for (const write of writes) {
          const url = new URL(encodeURIComponent(write.filename), collection).href;
          const res = await updateObject({
            url,
            data: write.ics,
            headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' },
            fetch: fetchOverride,
          });
          if (!res.ok) throw new Error(`PUT ${res.status}`);
          // the server's ETag: the next sync-collection lists this write, and need not fetch it back
          cache.objects.set(pathKey(url, collection), { href: new URL(url).pathname, etag: textOf(res.headers.get('etag')), data: write.ics });
        }
        for (const url of removals) {
          const res = await deleteObject({ url, ...common });
          // already gone is what was wanted
          if (!res.ok && res.status !== 404) throw new Error(`DELETE ${res.status}`);
          cache.objects.delete(pathKey(url, collection));
        }
        return { cache, mode, fetched, written: writes.length, removed: removals.length };
      })(),
    );
  } catch (error) {
    throw new ExternalCalendarUnavailable(reasonOf(error));
  }
}

/** the events with something from `from` on: no end, so the window moving forward stays inside what was read */
function rangeFilter(from: number) {
  return [
    {
      'comp-filter': {
        _attributes: { name: 'VCALENDAR' },
        'comp-filter': { _attributes: { name: 'VEVENT' }, 'time-range': { _attributes: { start: icsTime(from) } } },
      },
    },
  ];
}
