/** the service worker's address (built by vite-plugin-pwa from src/sw/sw.ts); at the root, so its scope is the whole app */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded and the browser is idle: its precaching downloads the app's
 * files, which must not compete with the page's own. Only on the built app (its index.html links the manifest; the
 * dev server has no worker) and where browsers allow one (a secure context). `updateViaCache: 'none'`: the browser
 * checks the worker's script on the server at every navigation, so a new version is found at the next open; it then
 * waits, and takes over when no page of the old version is left (src/sw/sw.ts never skips waiting).
 */
export function registerServiceWorker(win: Window = window): void {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container || !win.isSecureContext || !win.document.querySelector('link[rel="manifest"]')) return;
  const register = () => {
    // a refusal (private browsing, a policy) leaves the app working online: nothing to tell the user
    container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' }).catch(() => undefined);
  };
  const whenIdle = () =>
    typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(register, { timeout: 5000 }) : win.setTimeout(register, 2000);
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
