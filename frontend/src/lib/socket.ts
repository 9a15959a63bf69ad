import { io, type Socket } from 'socket.io-client';

/**
 * The one socket.io connection of the app: same origin, default path, cookies sent.
 * Created on first use (the availability page), closed on logout so that the next login
 * handshakes with the new session cookie.
 */
let shared: Socket | undefined;

export function getSharedSocket(): Socket {
  shared ??= io({ withCredentials: true });
  return shared;
}

export function disconnectSharedSocket(): void {
  shared?.disconnect();
  shared = undefined;
}
