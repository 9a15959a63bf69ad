import type { Socket } from 'socket.io-client';

/**
 * The one socket.io connection of the app: same origin, default path, cookies sent. Created on first use (a live
 * list or calendar, once its data arrived), closed on logout so that the next login handshakes with the new
 * session cookie. socket.io-client loads with it, not with the page: it stays out of the first download.
 */
let shared: Promise<Socket> | undefined;

export function getSharedSocket(): Promise<Socket> {
  // WebSocket first, long-polling only if it fails: the default (polling, then the upgrade) made four or five
  // requests and their handlers on the main thread while the page was still starting
  shared ??= import('socket.io-client').then(({ io }) => io({ withCredentials: true, transports: ['websocket', 'polling'], tryAllTransports: true }));
  return shared;
}

export function disconnectSharedSocket(): void {
  void shared?.then((socket) => socket.disconnect());
  shared = undefined;
}
