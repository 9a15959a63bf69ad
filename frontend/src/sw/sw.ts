/**
 * The app's service worker (built by vite-plugin-pwa's injectManifest into /sw.js, scope /). It precaches the build's
 * files and answers every page navigation with the precached index.html, so the app opens offline and a new version
 * is taken whole: this worker never skips waiting and never claims open pages, so the version a page started with
 * serves it to the end, and a new one takes over when the app is next opened with no page of the old one left.
 * The API goes to the network, never to a cache, except the offline documents of src/lib/offlineDocuments.ts:
 * network first, the last answer kept in the patient's own cache for when the network fails. It also shows the Web
 * Push notifications (app/pushHandlers.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { offlineCacheFor } from '../lib/offlineDocuments';
import { registerPushHandlers } from '../app/pushHandlers';
import { NOT_THE_APP } from './navigation';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// the page is precached as `/` (vite.config.ts): the server's answer to any navigation of the app
registerRoute(new NavigationRoute(createHandlerBoundToURL('/'), { denylist: NOT_THE_APP }));

// one strategy per patient's cache; only a full answer (200) is kept, never an error or a redirect to the login
const strategies = new Map<string, NetworkFirst>();
function networkFirstInto(cacheName: string): NetworkFirst {
  let strategy = strategies.get(cacheName);
  if (!strategy) {
    strategy = new NetworkFirst({ cacheName, networkTimeoutSeconds: 10, plugins: [new CacheableResponsePlugin({ statuses: [200] })] });
    strategies.set(cacheName, strategy);
  }
  return strategy;
}

registerRoute(
  ({ request }) => offlineCacheFor(request, self.location.origin) !== undefined,
  (options) => networkFirstInto(offlineCacheFor(options.request, self.location.origin)!).handle(options),
);

// Web Push: a notification that says only that something is waiting, and a click that opens the app there
registerPushHandlers(self);
