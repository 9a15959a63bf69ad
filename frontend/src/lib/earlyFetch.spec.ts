/** @jest-environment jsdom */
import { mockFetch } from '../test/setupDom';

type EarlyFetch = typeof import('./earlyFetch');

/** the module afresh: what it has started and what the app has asked for live in it */
const freshModule = (): EarlyFetch => {
  let module!: EarlyFetch;
  jest.isolateModules(() => {
    module = jest.requireActual<EarlyFetch>('./earlyFetch');
  });
  return module;
};

const get = (url: string) => new Request(url);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const session = (role: string | null) => ({
  method: 'GET',
  path: '/api/auth/session',
  body: { user: role ? { id: 'u1', role, name: 'Luca Verdi' } : null, csrfToken: 't' },
});

describe('early GETs of main.tsx', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  test('the first GET of an early address takes the early answer; the next one goes to the network', async () => {
    const { startEarlyFetches, fetchWithEarly } = freshModule();
    fetchMock = mockFetch([session(null)]);
    startEarlyFetches('/login', ['/api/auth/session']);
    expect(fetchMock.calls).toHaveLength(1);
    const first = await fetchWithEarly(get('/api/auth/session'));
    expect(fetchMock.calls).toHaveLength(1);
    expect(await first.json()).toEqual({ user: null, csrfToken: 't' });
    await fetchWithEarly(get(`${window.location.origin}/api/auth/session`));
    expect(fetchMock.calls).toHaveLength(2);
  });

  test('another address or another query string goes to the network; the early answer waits for its GET', async () => {
    const { startEarlyFetches, fetchWithEarly } = freshModule();
    fetchMock = mockFetch([]);
    startEarlyFetches('/prenota', ['/api/practice']);
    await fetchWithEarly(get('/api/practice?x=1'));
    await fetchWithEarly(get('/api/auth/session'));
    expect(fetchMock.calls).toHaveLength(3);
    await fetchWithEarly(get('/api/practice'));
    expect(fetchMock.calls).toHaveLength(3);
  });

  test('a write drops the answers not taken yet: they may be from before it, or of the user who just logged out', async () => {
    const { startEarlyFetches, fetchWithEarly } = freshModule();
    fetchMock = mockFetch([]);
    startEarlyFetches('/prenota', ['/api/practice']);
    await fetchWithEarly(new Request('/api/auth/logout', { method: 'POST', body: '{}' }));
    await fetchWithEarly(get('/api/practice'));
    expect(fetchMock.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/practice', 'POST /api/auth/logout', 'GET /api/practice']);
  });

  test("on a patient's /home the cards' lists are asked for as soon as the session answers, and taken by the cards", async () => {
    const { startEarlyFetches, fetchWithEarly, PATIENT_HOME_GETS } = freshModule();
    fetchMock = mockFetch([session('patient'), { method: 'GET', path: '/api/me/orders', body: [{ id: 'o1' }] }]);
    startEarlyFetches('/home');
    await settle();
    expect(fetchMock.calls.map((c) => c.url)).toEqual(['/api/auth/session', '/api/practice', ...PATIENT_HOME_GETS]);
    const orders = await fetchWithEarly(get('/api/me/orders'));
    expect(await orders.json()).toEqual([{ id: 'o1' }]);
    // the session's answer was read early and is still whole for the app
    expect(await (await fetchWithEarly(get('/api/auth/session'))).json()).toEqual(session('patient').body);
    expect(fetchMock.calls).toHaveLength(2 + PATIENT_HOME_GETS.length);
  });

  test("on a patient's /messaggi the conversations are asked for as soon as the session answers, and taken by the page", async () => {
    const { startEarlyFetches, fetchWithEarly, PATIENT_MESSAGES_GETS } = freshModule();
    fetchMock = mockFetch([session('patient'), { method: 'GET', path: '/api/me/messages', body: { conversations: [] } }]);
    startEarlyFetches('/messaggi');
    await settle();
    expect(fetchMock.calls.map((c) => c.url)).toEqual(['/api/auth/session', '/api/practice', ...PATIENT_MESSAGES_GETS]);
    expect(await (await fetchWithEarly(get('/api/me/messages'))).json()).toEqual({ conversations: [] });
    expect(fetchMock.calls).toHaveLength(3);
  });

  test('not for staff, not for a visitor, not on another page, not for a list the app asked for already', async () => {
    for (const [path, role] of [
      ['/home', 'doctor'],
      ['/home', null],
      ['/messaggi', 'doctor'],
      ['/prenota', 'patient'],
    ] as const) {
      const { startEarlyFetches } = freshModule();
      fetchMock = mockFetch([session(role)]);
      startEarlyFetches(path);
      await settle();
      expect(fetchMock.calls.map((c) => c.url)).toEqual(['/api/auth/session', '/api/practice']);
      fetchMock.restore();
    }
    const { startEarlyFetches, fetchWithEarly } = freshModule();
    let answerSession!: () => void;
    fetchMock = mockFetch([{ ...session('patient'), wait: new Promise<void>((resolve) => (answerSession = resolve)) }]);
    startEarlyFetches('/home');
    await fetchWithEarly(get('/api/me/diet'));
    answerSession();
    await settle();
    expect(fetchMock.calls.filter((c) => c.url === '/api/me/diet')).toHaveLength(1);
  });

  describe("when the app's code may run (firstViewShown)", () => {
    afterEach(() => jest.useRealTimers());

    /** whether `promise` has settled, once the microtasks have run */
    const settled = async (promise: Promise<void>) => {
      let done = false;
      void promise.then(() => (done = true));
      await Promise.resolve();
      await Promise.resolve();
      return done;
    };

    test.each(['/home', '/messaggi'])('elsewhere at once; on %s (as on /prenota) after the early session has answered and a frame', async (path) => {
      jest.useFakeTimers();
      const { startEarlyFetches, firstViewShown } = freshModule();
      let answerSession!: () => void;
      fetchMock = mockFetch([{ ...session('patient'), wait: new Promise<void>((resolve) => (answerSession = resolve)) }]);
      startEarlyFetches(path);
      expect(await settled(firstViewShown('/login'))).toBe(true);
      const page = firstViewShown(path);
      await jest.advanceTimersByTimeAsync(500);
      expect(await settled(page)).toBe(false);
      answerSession();
      await jest.advanceTimersByTimeAsync(100);
      expect(await settled(page)).toBe(true);
    });

    test('a session that does not answer keeps the page from working for SESSION_WAIT_MS at most', async () => {
      jest.useFakeTimers();
      const { startEarlyFetches, firstViewShown, SESSION_WAIT_MS } = freshModule();
      fetchMock = mockFetch([{ ...session(null), wait: new Promise<void>(() => undefined) }]);
      startEarlyFetches('/prenota');
      const booking = firstViewShown('/prenota');
      await jest.advanceTimersByTimeAsync(SESSION_WAIT_MS - 1);
      expect(await settled(booking)).toBe(false);
      await jest.advanceTimersByTimeAsync(101);
      expect(await settled(booking)).toBe(true);
    });
  });
});
