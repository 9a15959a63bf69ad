import type { SessionUser } from '@studio/contracts';
import type { Socket } from 'socket.io';
import type { Limit } from './rate-limits';

/** the largest socket.io message or HTTP long-polling packet the server accepts (socket.io's default: 1 MB) */
export const SOCKET_MAX_BUFFER_BYTES = 16 * 1024;
/** calendars one socket may follow at once */
export const MAX_WATCHED_DOCTORS = 10;
/** a replay (watch with `since`) costs this many of the socket's messages */
export const REPLAY_COST = 10;

export const SOCKET_TOO_FAST_MESSAGE = 'Troppe richieste da questa connessione: attendi qualche secondo.';
export const SOCKET_TOO_MANY_WATCHES_MESSAGE = `Puoi seguire al massimo ${MAX_WATCHED_DOCTORS} calendari alla volta.`;

/** the socket's own session (express-session runs on the socket.io handshake, see app.ts) */
export function socketUser(socket: Socket): SessionUser | undefined {
  return (socket.request as unknown as { session?: { user?: SessionUser } }).session?.user;
}

/** per-socket message budget (RATE_LIMIT_SOCKET messages per 10 s): false when used up */
export async function socketMayGo(limit: Limit, socket: Socket, cost = 1): Promise<boolean> {
  for (let i = 0; i < cost; i++) if (!(await limit.tryConsume(socket.id))) return false;
  return true;
}
