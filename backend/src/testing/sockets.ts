import { AVAILABILITY_CHANGED, AVAILABILITY_WATCH, type AvailabilityChanged, type AvailabilityWatchAck } from '@studio/contracts';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './test-app';

/** a socket.io client; with `cookie`, it carries that session, as a logged-in browser's does */
export function connect(app: TestApp, cookie?: string): Promise<Socket> {
  const socket = io(app.url, { transports: ['websocket'], reconnection: false, forceNew: true, ...(cookie ? { extraHeaders: { cookie } } : {}) });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** `since`: replay every change after that position, as a reconnecting browser does */
export function watch(socket: Socket, doctorId: string, since?: number): Promise<AvailabilityWatchAck> {
  return socket.timeout(5000).emitWithAck(AVAILABILITY_WATCH, since === undefined ? { doctorId } : { doctorId, since });
}

/** the next availability:changed that matches; start listening before causing it */
export function nextChange(socket: Socket, predicate: (m: AvailabilityChanged) => boolean = () => true, ms = 5000): Promise<AvailabilityChanged> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (socket.off(AVAILABILITY_CHANGED, onChange), reject(new Error('nessun availability:changed ricevuto'))), ms);
    const onChange = (m: AvailabilityChanged) => {
      if (!predicate(m)) return;
      clearTimeout(timer);
      socket.off(AVAILABILITY_CHANGED, onChange);
      resolve(m);
    };
    socket.on(AVAILABILITY_CHANGED, onChange);
  });
}

/** the session cookie a supertest agent holds, for a socket that must carry the same session */
export function sessionCookieOf(agent: { jar: { getCookies(access: unknown): { toValueString(): string }[] } }): string {
  // supertest binds the app on 127.0.0.1; cookiejar matches on domain and path only
  return agent.jar
    .getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false })
    .map((c) => c.toValueString())
    .join('; ');
}
