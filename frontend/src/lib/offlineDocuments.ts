/**
 * The documents a patient can read offline, and the rules the service worker (src/sw/sw.ts) and the app
 * share about them. The worker never caches the API, except these answers for a logged-in patient: the diet in force,
 * its shopping list and the bookings (the next visit). Each patient's copies live in a cache of their own, named after
 * their id, which the app sends with the request (USER_HEADER): the worker keeps no state of its own, and one patient's
 * copies are never read for another. The app deletes them at logout and when another user logs in on the device.
 */
import { OFFLINE_DOCUMENT_PATHS, USER_HEADER } from './offlineDocumentPaths';

export { OFFLINE_DOCUMENT_PATHS, USER_HEADER };

/** every cache of offline documents starts with this; the worker's precache of the app's files does not */
export const DOCUMENTS_CACHE_PREFIX = 'studio-documenti-';

const SAFE_ID = /^[A-Za-z0-9_-]{1,80}$/;

/** the cache of one user's offline documents; undefined for an id that could not be one (nothing stored then) */
export function documentsCacheName(userId: string | null | undefined): string | undefined {
  return userId && SAFE_ID.test(userId) ? DOCUMENTS_CACHE_PREFIX + userId : undefined;
}

/** whether `url` (absolute, or a path) is an offline document of `origin`: same origin, GET path in the list, no query */
export function isOfflineDocumentUrl(url: string, origin: string): boolean {
  const parsed = new URL(url, origin);
  return parsed.origin === origin && parsed.search === '' && OFFLINE_DOCUMENT_PATHS.includes(parsed.pathname);
}

/**
 * The cache a request's answer goes to and comes from, or undefined when the worker must leave it to the network: a
 * GET of an offline document that names its patient. Everything else of the API (and any write) is never cached.
 */
export function offlineCacheFor(request: Pick<Request, 'method' | 'url' | 'headers'>, origin: string): string | undefined {
  if (request.method !== 'GET' || !isOfflineDocumentUrl(request.url, origin)) return undefined;
  return documentsCacheName(request.headers.get(USER_HEADER));
}

/**
 * The headers of a GET of `url` by the patient `userId`: USER_HEADER when it is an offline document (the worker keeps
 * that patient's copy of it), none otherwise.
 */
export function offlineDocumentHeaders(url: string, userId: string | undefined, origin: string = location.origin): Record<string, string> {
  return userId && isOfflineDocumentUrl(url, origin) ? { [USER_HEADER]: userId } : {};
}

/** the subset of the Cache API the clearing needs (window.caches, or a stand-in in the tests) */
export interface CacheNames {
  keys(): Promise<string[]>;
  delete(name: string): Promise<boolean>;
}

/**
 * Deletes the offline documents of every user but `keepUserId` (all of them when it is undefined: a logout). The
 * app's files stay: they are nobody's data. Returns the caches deleted.
 */
export async function clearOfflineDocuments(cacheStorage: CacheNames | undefined, keepUserId?: string): Promise<string[]> {
  if (!cacheStorage) return [];
  const keep = documentsCacheName(keepUserId);
  const names = (await cacheStorage.keys()).filter((name) => name.startsWith(DOCUMENTS_CACHE_PREFIX) && name !== keep);
  await Promise.all(names.map((name) => cacheStorage.delete(name)));
  return names;
}
