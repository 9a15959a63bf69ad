/** @jest-environment jsdom */
import { mockFetch } from '../test/setupDom';
import { availabilityApi } from '../features/scheduling/availability/availabilityApi';
import { it as t } from '../i18n/it';
import { CSRF, storeWithSession } from '../test/renderWithStore';
import { api, errorMessage } from './api';

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

const doctor = { id: 'd1', role: 'doctor' as const, name: 'Giulia Rossi' };

describe('api base query', () => {
  test('reads send cookies and no CSRF header; writes carry the session token', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/doctors', body: [] },
      { method: 'PUT', path: '/api/doctors/d1/working-hours', body: { id: 'd1', name: 'G', startHour: 9, endHour: 12 } },
    ]);
    const store = await storeWithSession(doctor);
    await store.dispatch(availabilityApi.endpoints.getDoctors.initiate());
    await store.dispatch(availabilityApi.endpoints.setWorkingHours.initiate({ doctorId: 'd1', startHour: 9, endHour: 12 }));
    const [get, put] = fetchMock.calls;
    expect(get.headers['x-csrf-token']).toBeUndefined();
    expect(put.headers['x-csrf-token']).toBe(CSRF);
  });

  test('a write refused for a stale CSRF token fetches a fresh one and retries once', async () => {
    const attempts = () => fetchMock!.calls.filter((c) => c.method === 'POST').length;
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/auth/session', body: { user: doctor, csrfToken: 'fresco' } },
      {
        method: 'POST',
        path: /^\/disponibilita\/toggle$/,
        get status() {
          return attempts() === 1 ? 403 : 200;
        },
        get body() {
          return attempts() === 1
            ? { error: { code: 'CSRF_INVALID', message: 'Token CSRF non valido' } }
            : { id: 's', color: '#198754', textColor: '#fff', status: 'available' };
        },
      },
    ]);
    const store = await storeWithSession(doctor);
    const result = await store.dispatch(
      availabilityApi.endpoints.toggleSlot.initiate({ for: 'd1', start: '2025-03-10T09:00:00.000Z', end: '2025-03-10T09:30:00.000Z', slotId: 's' }),
    );
    expect(result.data?.status).toBe('available');
    const posts = fetchMock.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.headers['x-csrf-token'])).toEqual([CSRF, 'fresco']);
  });

  test('a 401 on another call reloads the session', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/doctors', status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sessione scaduta' } } },
      { method: 'GET', path: '/api/auth/session', body: { user: null, csrfToken: 'nuovo' } },
    ]);
    const store = await storeWithSession(doctor);
    const session = store.dispatch(api.endpoints.getSession.initiate());
    await store.dispatch(availabilityApi.endpoints.getDoctors.initiate());
    await new Promise((r) => setTimeout(r, 0));
    await session.refetch();
    expect(fetchMock.calls.some((c) => c.url === '/api/auth/session')).toBe(true);
    expect(api.endpoints.getSession.select()(store.getState()).data?.user).toBeNull();
    session.unsubscribe();
  });
});

describe('errorMessage', () => {
  test("the server's Italian message, else a catalogue text", () => {
    expect(errorMessage({ status: 409, data: { error: { code: 'CONFLICT', message: 'Slot già prenotato' } } })).toBe('Slot già prenotato');
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(t.app.networkError);
    expect(errorMessage({ status: 500, data: 'boom' }, 'ripiego')).toBe('ripiego');
    expect(errorMessage(undefined)).toBe(t.app.genericError);
  });
});
