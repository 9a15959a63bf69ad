/**
 * The service worker's Web Push handlers, as a function the worker calls: `registerPushHandlers(self)`. A push shows
 * the notification the server's payload describes (never a message's content: the server sends none); a click
 * focuses an open window of the app at the payload's page, or opens one.
 */
export interface PushPayloadShape {
  title: string;
  body: string;
  topic: string;
  url: string;
}

interface PushEventLike {
  data: { json(): unknown } | null;
  waitUntil(promise: Promise<unknown>): void;
}
interface NotificationClickLike {
  notification: { data?: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}
export interface WorkerScopeLike {
  location: { origin: string };
  registration: { showNotification(title: string, options: { body: string; tag: string; data: unknown; icon?: string; badge?: string }): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
}

const FALLBACK: PushPayloadShape = { title: 'Studio', body: 'Hai un nuovo avviso dallo studio', topic: 'new_message', url: '/home' };

/** the payload, or the fallback when it is missing or not the server's shape; the url stays on the app's origin */
export function payloadOf(data: PushEventLike['data'], origin: string): PushPayloadShape {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    value = null;
  }
  const p = value as Partial<PushPayloadShape> | null;
  if (!p || typeof p.title !== 'string' || typeof p.body !== 'string') return FALLBACK;
  const url = typeof p.url === 'string' && p.url.startsWith('/') && !p.url.startsWith('//') ? new URL(p.url, origin).pathname : '/home';
  return { title: p.title, body: p.body, topic: typeof p.topic === 'string' ? p.topic : 'new_message', url };
}

export function registerPushHandlers(scope: WorkerScopeLike): void {
  scope.addEventListener('push', (event: PushEventLike) => {
    const payload = payloadOf(event.data, scope.location.origin);
    event.waitUntil(scope.registration.showNotification(payload.title, { body: payload.body, tag: payload.topic, data: { url: payload.url } }));
  });
  scope.addEventListener('notificationclick', (event: NotificationClickLike) => {
    event.notification.close();
    const url = new URL((event.notification.data as { url?: string } | undefined)?.url ?? '/home', scope.location.origin).href;
    event.waitUntil(
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const open = windows.find((w) => new URL(w.url).origin === scope.location.origin);
        if (!open) return scope.clients.openWindow(url);
        return open.focus().then(() => open.navigate?.(url));
      }),
    );
  });
}
