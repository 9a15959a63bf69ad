/** @jest-environment jsdom */
import { registerServiceWorker, SERVICE_WORKER_URL } from './serviceWorker';

/** a window as far as the registration reads it, with a stand-in service worker container */
function fakeWindow({ manifest = true, secure = true, worker = true, complete = false } = {}) {
  const register = jest.fn(() => Promise.resolve({}));
  const listeners: Record<string, () => void> = {};
  const idle: (() => void)[] = [];
  const win = {
    navigator: worker ? { serviceWorker: { register } } : {},
    isSecureContext: secure,
    document: { readyState: complete ? 'complete' : 'loading', querySelector: (s: string) => (manifest && s === 'link[rel="manifest"]' ? {} : null) },
    addEventListener: (type: string, fn: () => void) => void (listeners[type] = fn),
    requestIdleCallback: (fn: () => void) => idle.push(fn),
    setTimeout,
  };
  return { win: win as unknown as Window, register, listeners, idle };
}

describe('the service worker registration', () => {
  it('waits for the page to load and the browser to be idle, then registers /sw.js at the root, checked on the server', () => {
    const { win, register, listeners, idle } = fakeWindow();
    registerServiceWorker(win);
    expect(register).not.toHaveBeenCalled();
    listeners.load();
    expect(register).not.toHaveBeenCalled();
    idle.forEach((task) => task());
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });

  it('registers nothing on the dev server (no manifest), outside a secure context or without service workers', () => {
    for (const options of [{ manifest: false }, { secure: false }, { worker: false }]) {
      const { win, register, listeners, idle } = fakeWindow({ ...options, complete: true });
      registerServiceWorker(win);
      listeners.load?.();
      idle.forEach((task) => task());
      expect({ options, calls: register.mock.calls.length }).toEqual({ options, calls: 0 });
    }
  });
});
