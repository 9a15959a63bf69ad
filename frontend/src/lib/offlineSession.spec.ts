/** @jest-environment jsdom */
import { mockFetch } from '../test/setupDom';
import { myDietApi } from '../features/nutrition/diet/myDietApi';
import { myOrdersApi } from '../features/payments/orders/myOrdersApi';
import { storeWithSession } from '../test/renderWithStore';
import { makeStore } from '../app/store';
import { api } from './api';
import { USER_HEADER } from './offlineDocuments';
import { offlineUser, sessionSeen } from './offlineSession';

const patient = { id: 'p-1', role: 'patient' as const, name: 'Luca Verdi' };
const doctor = { id: 'd-1', role: 'doctor' as const, name: 'Giulia Rossi' };

/** window.caches with a patient's copies and the app's precache */
function installCaches(names: string[]) {
  const held = new Set(names);
  Object.defineProperty(window, 'caches', {
    configurable: true,
    value: { keys: () => Promise.resolve([...held]), delete: (name: string) => Promise.resolve(held.delete(name)) },
  });
  return held;
}
const PRECACHE = 'workbox-precache-v2-http://localhost/';
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
});

describe('the patient remembered for offline reading', () => {
  it('a patient’s session is remembered and other users’ copies deleted; a doctor or nobody forgets it and deletes all', async () => {
    const held = installCaches([PRECACHE, 'studio-documenti-p-1', 'studio-documenti-p-9']);
    await sessionSeen(patient);
    expect(offlineUser()).toEqual(patient);
    expect([...held].sort()).toEqual(['studio-documenti-p-1', PRECACHE]);
    await sessionSeen(doctor);
    expect(offlineUser()).toBeNull();
    expect([...held]).toEqual([PRECACHE]);
  });

  it('the session’s answer is remembered; when the server cannot be reached the remembered patient stands in', async () => {
    installCaches([]);
    fetchMock = mockFetch([{ method: 'GET', path: '/api/auth/session', body: { user: patient, csrfToken: 'tok' } }]);
    const online = makeStore();
    await online.dispatch(api.endpoints.getSession.initiate());
    await settle();
    expect(offlineUser()).toEqual(patient);
    fetchMock.restore();
    fetchMock = undefined;

    const previous = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      const offline = makeStore();
      const answer = await offline.dispatch(api.endpoints.getSession.initiate());
      expect(answer.data).toEqual({ user: patient, csrfToken: '' });
    } finally {
      globalThis.fetch = previous;
    }
  });

  it('without a remembered patient, an unreachable server is the session’s error', async () => {
    const previous = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      const answer = await makeStore().dispatch(api.endpoints.getSession.initiate());
      expect(answer.error).toMatchObject({ status: 'FETCH_ERROR' });
    } finally {
      globalThis.fetch = previous;
    }
  });

  it('a patient’s GET of the diet names them for the worker; other calls and other roles name nobody', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/diet', body: { diet: null } },
      { method: 'GET', path: '/api/me/orders', body: [] },
    ]);
    const store = await storeWithSession(patient);
    await store.dispatch(myDietApi.endpoints.getMyDiet.initiate());
    await store.dispatch(myOrdersApi.endpoints.getMyOrders.initiate());
    const named = () => Object.fromEntries(fetchMock!.calls.map((c) => [c.url, c.headers[USER_HEADER.toLowerCase()] ?? null]));
    expect(named()).toEqual({ '/api/me/diet': 'p-1', '/api/me/orders': null });

    const other = await storeWithSession(doctor);
    fetchMock.calls.length = 0;
    await other.dispatch(myDietApi.endpoints.getMyDiet.initiate());
    expect(named()).toEqual({ '/api/me/diet': null });
  });

  it('logout deletes the copies and forgets the patient, even when the server cannot be told', async () => {
    const held = installCaches([PRECACHE, 'studio-documenti-p-1']);
    await sessionSeen(patient);
    fetchMock = mockFetch([{ method: 'POST', path: '/api/auth/logout', status: 503, body: { error: { code: 'x', message: 'Non disponibile' } } }]);
    const store = await storeWithSession(patient);
    await store.dispatch(api.endpoints.logout.initiate());
    await settle();
    expect(offlineUser()).toBeNull();
    expect([...held]).toEqual([PRECACHE]);
  });
});
