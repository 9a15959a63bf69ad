import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { SessionUser } from '@studio/contracts';
import type { Socket } from 'socket.io';
import type { RateLimit } from '../kernel/ports';

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
export async function socketMayGo(limit: RateLimit, socket: Socket, cost = 1): Promise<boolean> {
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
/** the two entry points of an engine.io server (its `handleRequest` and `handleUpgrade`) */
export interface EngineEntry {
  handleRequest(req: IncomingMessage, res: ServerResponse): void;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

export class SocketsPerClient {
  private readonly open = new Map<string, number>();
  private readonly clientOf = new WeakMap<object, string>();

  constructor(
    private readonly limit: number,
    private readonly addressOf: (req: IncomingMessage) => string,
    /** the app's security headers, for the answers written before engine.io's middlewares (see `refuseEarly`) */
    private readonly refusalHeaders: Record<string, string> = {},
  ) {}

  /**
   * A flood of handshakes from a client at its limit is refused before engine.io runs its middlewares
   * (security headers, no-store, the session lookup) and its promise chain: each costs a count lookup
   * and a short answer, the same answer `allowRequest` gives. `allowRequest` still takes the places
   * (between this check and it a place may have been taken: it decides). Measured by the socket-flood bench.
   */
  refuseEarly(engine: EngineEntry): void {
    const handleRequest = engine.handleRequest.bind(engine);
    const handleUpgrade = engine.handleUpgrade.bind(engine);
    engine.handleRequest = (req, res) => {
      if (!this.atLimit(req)) return handleRequest(req, res);
      // engine.io's own refusal of allowRequest (403, code 4 "Forbidden" with our message), with the app's headers
      res.writeHead(403, { ...this.refusalHeaders, 'cache-control': 'no-store', 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 4, message: TOO_MANY_SOCKETS_MESSAGE }));
    };
    engine.handleUpgrade = (req, socket, head) => {
      if (!this.atLimit(req)) return handleUpgrade(req, socket, head);
      // as engine.io's abortUpgrade
      socket.on('error', () => undefined);
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-type: text/html\r\nContent-Length: ${Buffer.byteLength(TOO_MANY_SOCKETS_MESSAGE)}\r\n\r\n${TOO_MANY_SOCKETS_MESSAGE}`,
        );
      }
      socket.destroy();
    };
  }

  /** a handshake (GET without a sid: the requests of an open connection always pass) from a client at its limit */
  private atLimit(req: IncomingMessage): boolean {
    if (req.method !== 'GET' || /[?&]sid=/.test(req.url ?? '')) return false;
    return (this.open.get(this.addressOf(req)) ?? 0) >= this.limit;
  }

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
