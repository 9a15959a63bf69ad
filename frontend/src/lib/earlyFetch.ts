/**
 * The GET requests every page makes first (the session, the practice's name and logo), started by main.tsx before
 * the app's code has arrived and run: the page's data then waits for one round trip less. The app's first request
 * for the same address (api.ts, fetchBaseQuery's fetchFn) takes the early answer; every later one goes to the network.
 */
const early = new Map<string, Promise<Response>>();

export const EARLY_GETS = ['/api/auth/session', '/api/practice'] as const;

export function startEarlyFetches(paths: readonly string[] = EARLY_GETS): void {
  for (const path of paths) {
    const response = fetch(new Request(path, { credentials: 'include', headers: { Accept: 'application/json' } }));
    // a failure is the app's request's to report, when it takes this answer
    response.catch(() => undefined);
    early.set(path, response);
  }
}

/** the early answer for a GET of `request`'s address, once; undefined for anything else */
export function takeEarlyResponse(request: Pick<Request, 'method' | 'url'>): Promise<Response> | undefined {
  if (early.size === 0 || request.method !== 'GET') return undefined;
  const url = new URL(request.url, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  const path = url.pathname + url.search;
  const response = early.get(path);
  early.delete(path);
  return response;
}

/** fetchBaseQuery's fetch: the early answer when there is one, otherwise the network */
export function fetchWithEarly(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const taken = typeof input === 'object' && 'method' in input ? takeEarlyResponse(input) : undefined;
  return taken ?? fetch(input, init);
}
