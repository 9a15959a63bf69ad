import { clearOfflineDocuments, documentsCacheName, isOfflineDocumentUrl, offlineCacheFor, USER_HEADER } from './offlineDocuments';

const ORIGIN = 'https://studio.example.it';
const get = (url: string, userId?: string, method = 'GET') => ({ method, url, headers: new Headers(userId ? { [USER_HEADER]: userId } : {}) });

describe('the documents the service worker keeps for offline reading', () => {
  it('are the diet, its shopping list and the bookings, asked with GET by a named patient: each into that patient’s cache', () => {
    expect(offlineCacheFor(get(`${ORIGIN}/api/me/diet`, 'p-1'), ORIGIN)).toBe('studio-documenti-p-1');
    expect(offlineCacheFor(get(`${ORIGIN}/api/me/diet/shopping-list`, 'p-1'), ORIGIN)).toBe('studio-documenti-p-1');
    expect(offlineCacheFor(get(`${ORIGIN}/api/me/bookings`, 'p-2'), ORIGIN)).toBe('studio-documenti-p-2');
  });

  it('never the rest of the API, a write, another origin, a query or a request that names nobody', () => {
    const refused = [
      get(`${ORIGIN}/api/me/orders`, 'p-1'),
      get(`${ORIGIN}/api/me/access-log`, 'p-1'),
      get(`${ORIGIN}/api/auth/session`, 'p-1'),
      get(`${ORIGIN}/api/patients/p-1/diet`, 'p-1'),
      get(`${ORIGIN}/api/me/diet/other`, 'p-1'),
      get(`${ORIGIN}/api/me/diet?week=2`, 'p-1'),
      get(`https://altro.example.it/api/me/diet`, 'p-1'),
      get(`${ORIGIN}/api/me/diet`, 'p-1', 'POST'),
      get(`${ORIGIN}/api/me/diet`),
      // an id that could be a path or another cache's name stores nothing
      get(`${ORIGIN}/api/me/diet`, '../p-1'),
      get(`${ORIGIN}/api/me/diet`, 'p 1'),
    ];
    for (const request of refused) expect({ url: request.url, cache: offlineCacheFor(request, ORIGIN) }).toEqual({ url: request.url, cache: undefined });
  });

  it('paths are matched whole, relative or absolute', () => {
    expect(isOfflineDocumentUrl('/api/me/diet', ORIGIN)).toBe(true);
    expect(isOfflineDocumentUrl('/api/me/dietx', ORIGIN)).toBe(false);
    expect(documentsCacheName(undefined)).toBeUndefined();
    expect(documentsCacheName('')).toBeUndefined();
  });
});

/** window.caches as far as the clearing uses it */
function fakeCaches(names: string[]) {
  const held = new Set(names);
  return {
    held,
    keys: () => Promise.resolve([...held]),
    delete: (name: string) => Promise.resolve(held.delete(name)),
  };
}

describe('clearing the offline documents', () => {
  const appFiles = 'workbox-precache-v2-https://studio.example.it/';

  it('at logout deletes every patient’s copies and keeps the app’s files', async () => {
    const storage = fakeCaches([appFiles, 'studio-documenti-p-1', 'studio-documenti-p-2']);
    expect((await clearOfflineDocuments(storage)).sort()).toEqual(['studio-documenti-p-1', 'studio-documenti-p-2']);
    expect([...storage.held]).toEqual([appFiles]);
  });

  it('when a patient logs in, deletes the copies of anyone else and keeps theirs', async () => {
    const storage = fakeCaches([appFiles, 'studio-documenti-p-1', 'studio-documenti-p-2']);
    expect(await clearOfflineDocuments(storage, 'p-2')).toEqual(['studio-documenti-p-1']);
    expect([...storage.held].sort()).toEqual(['studio-documenti-p-2', appFiles]);
  });

  it('does nothing where the browser has no Cache API', async () => {
    expect(await clearOfflineDocuments(undefined)).toEqual([]);
  });
});
