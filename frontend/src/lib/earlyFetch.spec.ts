/** @jest-environment jsdom */
import { mockFetch } from '../test/setupDom';
import { fetchWithEarly, startEarlyFetches } from './earlyFetch';

const get = (url: string) => new Request(url);

describe('early GETs of main.tsx', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => fetchMock?.restore());

  test('the first GET of an early address takes the early answer; the next one goes to the network', async () => {
    fetchMock = mockFetch([{ method: 'GET', path: '/api/auth/session', body: { user: null, csrfToken: 't' } }]);
    startEarlyFetches(['/api/auth/session']);
    expect(fetchMock.calls).toHaveLength(1);
    const first = await fetchWithEarly(get('/api/auth/session'));
    expect(fetchMock.calls).toHaveLength(1);
    expect(await first.json()).toEqual({ user: null, csrfToken: 't' });
    await fetchWithEarly(get(`${window.location.origin}/api/auth/session`));
    expect(fetchMock.calls).toHaveLength(2);
  });

  test('a write, another address or another query string goes to the network; the early answer waits for its GET', async () => {
    fetchMock = mockFetch([]);
    startEarlyFetches(['/api/practice']);
    await fetchWithEarly(new Request('/api/practice', { method: 'POST', body: '{}' }));
    await fetchWithEarly(get('/api/practice?x=1'));
    await fetchWithEarly(get('/api/auth/session'));
    expect(fetchMock.calls).toHaveLength(4);
    await fetchWithEarly(get('/api/practice'));
    expect(fetchMock.calls).toHaveLength(4);
  });
});
