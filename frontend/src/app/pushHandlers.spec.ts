import { payloadOf, registerPushHandlers, type WorkerScopeLike } from './pushHandlers';

function fakeScope(windows: { url: string; focus: jest.Mock; navigate: jest.Mock }[] = []) {
  const listeners: Record<string, (event: any) => void> = {};
  const shown: { title: string; options: unknown }[] = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: 'https://studio.example.it' },
    registration: { showNotification: async (title: string, options: unknown) => void shown.push({ title, options }) },
    clients: { matchAll: async () => windows, openWindow: async (url: string) => void opened.push(url) },
    addEventListener: (type: string, fn: (event: any) => void) => (listeners[type] = fn),
  } as unknown as WorkerScopeLike;
  registerPushHandlers(scope);
  const dispatch = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    listeners[type]({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { dispatch, shown, opened };
}

describe('the service worker’s push handlers', () => {
  test('a push shows the server’s title and body, tagged by topic, with the page to open', async () => {
    const { dispatch, shown } = fakeScope();
    const payload = { title: 'Studio', body: 'Hai un nuovo messaggio dallo studio', topic: 'new_message', url: '/messaggi' };
    await dispatch('push', { data: { json: () => payload } });
    expect(shown).toEqual([{ title: 'Studio', options: { body: payload.body, tag: 'new_message', data: { url: '/messaggi' } } }]);
  });

  test('a payload that is not the server’s shape, or a url off the app, falls back', () => {
    expect(payloadOf(null, 'https://a.it').url).toBe('/home');
    expect(payloadOf({ json: () => ({ title: 'x', body: 'y', url: '//evil.example/x' }) }, 'https://a.it').url).toBe('/home');
    expect(payloadOf({ json: () => ({ title: 'x', body: 'y', url: 'https://evil.example/x' }) }, 'https://a.it').url).toBe('/home');
    expect(
      payloadOf(
        {
          json: () => {
            throw new Error('not json');
          },
        },
        'https://a.it',
      ).title,
    ).toBe('Studio');
  });

  test('a click focuses an open window and takes it to the page, or opens one', async () => {
    const open = { url: 'https://studio.example.it/home', focus: jest.fn(async () => undefined), navigate: jest.fn(async () => undefined) };
    const withWindow = fakeScope([open]);
    const close = jest.fn();
    await withWindow.dispatch('notificationclick', { notification: { data: { url: '/messaggi' }, close } });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith('https://studio.example.it/messaggi');
    const none = fakeScope([]);
    await none.dispatch('notificationclick', { notification: { data: { url: '/messaggi' }, close } });
    expect(none.opened).toEqual(['https://studio.example.it/messaggi']);
  });
});
