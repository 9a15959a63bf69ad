import type { SessionResponse } from '@studio/contracts';
import { widgetHeaders } from './widgetHost';
import { OFFLINE_DOCUMENT_PATHS, USER_HEADER } from './offlineDocumentPaths';
import { PATHS } from './paths';

/**
 * The GET requests a page makes first, started by main.tsx before the app's code has arrived and run: the page's
 * data then waits for one round trip less. Every page asks for the session and the practice's name and logo; a
 * patient's /home also for its cards' lists, and /messaggi for the conversations, asked for as soon as the session says the visitor is a patient. The
 * app's first request for the same address (api.ts, fetchBaseQuery's fetchFn) takes the early answer; every later
 * one goes to the network.
 */
const early = new Map<string, Promise<Response>>();
/** early addresses the app has asked for already: an early request for them would come too late and be read by nobody */
const asked = new Set<string>();

export const EARLY_GETS = ['/api/auth/session', '/api/practice'] as const;

/** the first request of each card of a patient's /home (HomeRoute.tsx's PATIENT_HOME_QUERIES; HomeRoute.spec holds them equal) */
export const PATIENT_HOME_GETS = [
  '/api/me/bookings',
  '/api/me/waiting-list',
  '/api/me/orders',
  '/api/me/receipts',
  '/api/me/measurements',
  '/api/me/diet',
  '/api/me/access-log',
  '/api/me/erasure',
] as const;

/** a patient's /messaggi: the conversations (MyMessagesPage's first request) */
export const PATIENT_MESSAGES_GETS = ['/api/me/messages'] as const;

/** the pages whose lists are asked for early when the session's answer names a patient */
const PATIENT_PAGE_GETS: Readonly<Record<string, readonly string[]>> = {
  [PATHS.home]: PATIENT_HOME_GETS,
  [PATHS.messages]: PATIENT_MESSAGES_GETS,
};

const CANDIDATES = new Set<string>([...EARLY_GETS, ...PATIENT_HOME_GETS, ...PATIENT_MESSAGES_GETS]);

/** `userId`: the patient the answers are for, named on the offline documents' requests (the service worker keeps a copy) */
function startEarly(paths: readonly string[], userId?: string): void {
  for (const path of paths) {
    if (asked.has(path) || early.has(path)) continue;
    const headers: Record<string, string> = { Accept: 'application/json', ...widgetHeaders() };
    if (userId && OFFLINE_DOCUMENT_PATHS.includes(path)) headers[USER_HEADER] = userId;
    const response = fetch(new Request(path, { credentials: 'include', headers }));
    // a failure is the app's request's to report, when it takes this answer
    response.catch(() => undefined);
    early.set(path, response);
  }
}

/**
 * The session answer's shape, checked by hand: the contracts' zod schema would bring zod into the first download, and
 * the app validates its own copy anyway. Only the user's name and role are read from it here.
 */
function asSession(body: unknown): SessionResponse | null {
  const b = body as Partial<SessionResponse> | null;
  if (!b || typeof b.csrfToken !== 'string') return null;
  if (b.user === null) return { user: null, csrfToken: b.csrfToken };
  const u = b.user;
  return u && typeof u.name === 'string' && typeof u.role === 'string' && typeof u.id === 'string' ? { user: u, csrfToken: b.csrfToken } : null;
}

/** the early session's answer, read beside the app's copy: who is visiting, or null when unknown */
let earlySessionBody: Promise<SessionResponse | null> = Promise.resolve(null);

/** who the early session's answer says is visiting (FirstView greets a patient with it); null if unknown or failed */
export const earlySession = (): Promise<SessionResponse | null> => earlySessionBody;

/** the page's early GETs; on /home and /messaggi, once the session's answer names a patient, the page's lists too */
export function startEarlyFetches(pathname: string, paths: readonly string[] = EARLY_GETS): void {
  startEarly(paths);
  const session = early.get('/api/auth/session');
  if (!session) return;
  earlySessionBody = session
    .then(async (response) => (response.ok ? asSession(await response.clone().json()) : null))
    // nothing early then: the app asks, and says what went wrong
    .catch(() => null);
  const patientGets = PATIENT_PAGE_GETS[pathname];
  if (!patientGets) return;
  void earlySessionBody.then((body) => {
    if (body?.user?.role === 'patient') startEarly(patientGets, body.user.id);
  });
}

/**
 * The early answer for a GET of `request`'s address, once; undefined for anything else. A write (a login, a logout,
 * a cancellation…) drops the answers not taken yet, and no early request starts after it: they may tell what was true
 * before it, or another user's data.
 */
export function takeEarlyResponse(request: Pick<Request, 'method' | 'url'>): Promise<Response> | undefined {
  if (request.method !== 'GET') {
    early.clear();
    for (const path of CANDIDATES) asked.add(path);
    return undefined;
  }
  const url = new URL(request.url, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  const path = url.pathname + url.search;
  if (CANDIDATES.has(path)) asked.add(path);
  const response = early.get(path);
  early.delete(path);
  return response;
}

/** fetchBaseQuery's fetch: the early answer when there is one, otherwise the network */
export function fetchWithEarly(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const taken = typeof input === 'object' && 'method' in input ? takeEarlyResponse(input) : undefined;
  return taken ?? fetch(input, init);
}

/** the pages whose first view shows more once the early session's answer has come (app/FirstView.tsx) */
const FIRST_VIEW_AWAITS_SESSION = new Set<string>([PATHS.home, PATHS.booking, PATHS.messages]);
/** how long the app's code waits for the early session at most: a slow answer must not keep the page from working */
export const SESSION_WAIT_MS = 1500;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * When main.tsx may ask for the app's code. On /home the first view greets a patient from the early session's answer,
 * on /messaggi it shows a patient the 112 notice, on /prenota it tells a visitor that booking asks to register
 * (FirstView.tsx): each is the page's largest text, and
 * running the app's code first would hold the main thread for up to a second on a phone before it paints. So there
 * the app waits for that answer (SESSION_WAIT_MS at most) and the next frame (100 ms at most: a tab in the background
 * draws no frames). Elsewhere at once.
 */
export function firstViewShown(pathname: string): Promise<void> {
  if (!FIRST_VIEW_AWAITS_SESSION.has(pathname)) return Promise.resolve();
  return Promise.race([earlySessionBody, delay(SESSION_WAIT_MS)]).then(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve, 0));
        setTimeout(resolve, 100);
      }),
  );
}
