/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen } from '@testing-library/react';
import { it as t } from '../../../i18n/it';
import { renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { PushOptIn } from './PushOptIn';
import { applicationServerKey } from './pushApi';

let fetchMock: ReturnType<typeof mockFetch> | undefined;
const original = { serviceWorker: Object.getOwnPropertyDescriptor(navigator, 'serviceWorker') };
afterEach(() => {
  fetchMock?.restore();
  if (original.serviceWorker) Object.defineProperty(navigator, 'serviceWorker', original.serviceWorker);
  else delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (window as { PushManager?: unknown }).PushManager;
  delete (window as { Notification?: unknown }).Notification;
});

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

describe('the push opt-in on /home', () => {
  test('the VAPID key decodes to the 65-byte uncompressed P-256 point the browser wants', () => {
    const bytes = applicationServerKey(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  test('says so when the browser cannot receive pushes, and asks for nothing', async () => {
    fetchMock = mockFetch([]);
    renderWithStore(await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca' }), <PushOptIn />);
    expect(screen.getByText(t.push.unsupported)).toBeTruthy();
    expect(fetchMock.calls).toEqual([]);
  });

  test('asks permission only on the click, subscribes with the server key, sends toJSON(), then shows the topics', async () => {
    const requestPermission = jest.fn(async () => 'granted');
    const subscription = {
      endpoint: 'https://push.example.com/abc',
      toJSON: () => ({ endpoint: 'https://push.example.com/abc', keys: { p256dh: 'k', auth: 'a' } }),
      unsubscribe: jest.fn(),
    };
    const subscribe = jest.fn(async () => subscription);
    const getSubscription = jest.fn(async () => null);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        ready: Promise.resolve({ pushManager: { subscribe, getSubscription } }),
        getRegistration: async () => ({ pushManager: { subscribe, getSubscription } }),
      },
    });
    Object.assign(window, { PushManager: class {}, Notification: { requestPermission } });
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/push/public-key', body: { publicKey: KEY } },
      { method: 'POST', path: '/api/me/push-subscriptions', status: 201, body: { publicKey: KEY, subscriptions: 1, optedOut: [] } },
      { method: 'GET', path: '/api/me/push-settings', body: { publicKey: KEY, subscriptions: 1, optedOut: ['diet_sent'] } },
      { method: 'PUT', path: '/api/me/push-settings', body: { publicKey: KEY, subscriptions: 1, optedOut: ['diet_sent', 'new_message'] } },
    ]);
    renderWithStore(await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca' }), <PushOptIn />);
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: t.push.enable }));
    expect(await screen.findByText(t.push.enabled)).toBeTruthy();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: applicationServerKey(KEY) });
    expect(fetchMock.calls.find((c) => c.method === 'POST')?.body).toEqual({ endpoint: 'https://push.example.com/abc', keys: { p256dh: 'k', auth: 'a' } });
    const diet = (await screen.findByLabelText(t.push.topic.diet_sent)) as HTMLInputElement;
    expect(diet.checked).toBe(false);
    fireEvent.click(screen.getByLabelText(t.push.topic.new_message));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(fetchMock.calls.find((c) => c.method === 'PUT')?.body).toEqual({ optedOut: ['diet_sent', 'new_message'] });
  });

  test('a refused permission is said in Italian and nothing is sent to the server', async () => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        ready: Promise.resolve({ pushManager: { subscribe: jest.fn(), getSubscription: async () => null } }),
        getRegistration: async () => ({ pushManager: { getSubscription: async () => null } }),
      },
    });
    Object.assign(window, { PushManager: class {}, Notification: { requestPermission: async () => 'denied' } });
    fetchMock = mockFetch([]);
    renderWithStore(await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca' }), <PushOptIn />);
    fireEvent.click(screen.getByRole('button', { name: t.push.enable }));
    expect(await screen.findByText(t.push.denied)).toBeTruthy();
    expect(fetchMock.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
