import type { IncomingMessage } from 'node:http';
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

export const TOO_MANY_SOCKETS_MESSAGE = 'Troppe connessioni aperte da questo indirizzo: chiudi qualche scheda e riprova.';

/**
 * At most `limit` concurrent socket.io connections per client address (the one express derives:
 * X-Forwarded-For only from TRUST_PROXY). The place is taken when the handshake is allowed, so a
 * flood of simultaneous handshakes cannot slip past, and given back when the connection closes or
 * its handshake fails. Per instance: behind a load balancer each instance counts its own.
 */
export class SocketsPerClient {
  private readonly open = new Map<string, number>();
  private readonly clientOf = new WeakMap<object, string>();

  constructor(
    private readonly limit: number,
    private readonly addressOf: (req: IncomingMessage) => string,
  ) {}

  /** engine.io's allowRequest */
  allowRequest = (req: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void): void => {
    const client = this.addressOf(req);
    const count = this.open.get(client) ?? 0;
    if (count >= this.limit) return callback(TOO_MANY_SOCKETS_MESSAGE, false);
    this.open.set(client, count + 1);
    this.clientOf.set(req, client);
    callback(null, true);
  };

  /** the engine's socket (or failed handshake) for this request is gone: its place is free */
  release(req: object): void {
    const client = this.clientOf.get(req);
    if (client === undefined) return;
    this.clientOf.delete(req);
    const count = (this.open.get(client) ?? 1) - 1;
    if (count <= 0) this.open.delete(client);
    else this.open.set(client, count);
  }

  count(client: string): number {
    return this.open.get(client) ?? 0;
  }
}
