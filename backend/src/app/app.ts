import 'reflect-metadata';
import { type INestApplication, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type express from 'express';
import session from 'express-session';
import pino from 'pino';
import pinoHttp from 'pino-http';
import type { ServerOptions } from 'socket.io';
import { loadCommonPasswords } from '@studio/contracts';
import { AppModule } from './app.module';
import { DbSessionStore } from '../platform/auth/session-store';
import { systemClock, type Clock } from '../platform/common/clock';
import { CLOCK_SETTING } from '../platform/http/request-context';
import { refuseSessionsOverPlainHttp, widgetSessionCookie } from '../platform/http/secure-session';
import type { AppConfig } from '../platform/config/config';
import { type Core, closeCore, openCore } from './infrastructure/core';
import { seedDemoData } from './seed/demo-seed';
import { UsersService } from '../areas/accounts/users/users.service';
import { CSRF_KEY_SETTING } from '../platform/auth/guards';
import { logRedaction, requestSerializers } from '../platform/security/logging';
import { noStore, securityHeaderValues, securityHeaders, widgetFraming } from '../platform/security/headers';
import { readWidgetOrigins } from '../platform/config/practice-settings';
import { frontendFiles, frontendPages } from '../platform/http/frontend-files';
import { answerHeaderOverflowInItalian } from '../platform/security/client-errors';
import { SOCKET_MAX_BUFFER_BYTES, SocketsPerClient } from '../platform/security/socket-limits';
import type { IncomingMessage, Server } from 'node:http';
import { createHmac } from 'node:crypto';

export interface RunningApp {
  app: INestApplication;
  core: Core;
  url: string;
  /** deletes expired sessions now (also done every hour) */
  purgeSessions(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  listen?: boolean;
  today?: Date;
  clock?: Clock;
  /** where the log goes (stdout when omitted); tests capture it */
  logStream?: pino.DestinationStream;
}

/** Nest's own messages go through pino too: one log format */
export function nestLogger(log: pino.Logger): LoggerService {
  return {
    log: (m) => log.info(m),
    error: (m, trace) => log.error({ trace }, String(m)),
    warn: (m) => log.warn(m),
    debug: (m) => log.debug(m),
    verbose: (m) => log.trace(m),
  };
}

export const API_PREFIXES = ['/api/', '/socket.io/'];
/** the public pages rendered by the server (scheduling/public-pages), never the app's index.html */
const SERVER_PAGES: ReadonlySet<string> = new Set(['/studio', '/sitemap.xml', '/robots.txt', '/widget.js']);
/** a path the server answers itself, whatever the client accepts: the API, socket.io, the public pages */
export const servedByServer = (path: string): boolean => API_PREFIXES.some((p) => path.startsWith(p)) || path.startsWith('/medici/') || SERVER_PAGES.has(path);

/** asked every few seconds by monitors and healthchecks, or by every page: not one log line each */
export const quietPath = (url: string): boolean => url.startsWith('/assets/') || url === '/healthz' || url === '/readyz';

export const SESSION_PURGE_MS = 60 * 60 * 1000;
/** how long a shutdown waits for requests in flight to be answered before cutting their connections */
export const SHUTDOWN_DRAIN_MS = 5000;

/**
 * The first step of a shutdown: no new connection is accepted, idle keep-alive connections and every
 * socket.io connection close, and the requests in flight are answered (their commands committed or
 * refused) before the stores below close; past `drainMs` the remaining connections are cut.
 */
export async function stopAccepting(server: Server, io: SessionIoAdapter, drainMs: number): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  io.disconnectAll();
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs)))]);
  clearTimeout(timer);
  server.closeAllConnections();
}

export async function startApp(config: AppConfig, options: StartOptions = {}): Promise<RunningApp> {
  // never a cookie, a token, a password or a personal field in the log, at any level (see security/logging)
  const log = pino({ level: config.logLevel, redact: logRedaction, serializers: requestSerializers }, options.logStream);
  // the common-password list is loaded on demand (contracts/rules/password-policy): before any request here
  await loadCommonPasswords();
  const core = await openCore(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(core, options.clock), {
    logger: nestLogger(log),
    bodyParser: true,
    rawBody: true,
  });
  const sessionStore = new DbSessionStore(core.appDb);
  const sessionMiddleware = session({
    name: 'sid',
    secret: config.sessionSecret,
    store: sessionStore,
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, maxAge: 8 * 60 * 60 * 1000 },
  });
  app.disable('x-powered-by');
  // X-Forwarded-For only from the proxies in TRUST_PROXY: otherwise any client could be anyone
  app.set('trust proxy', config.trustProxy);
  app.set(CSRF_KEY_SETTING, createHmac('sha256', config.sessionSecret).update('csrf-cookie').digest('hex'));
  app.set('studio:cookie-secure', config.cookieSecure);
  // the command time in every event's metadata comes from the app's clock (tests move it)
  app.set(CLOCK_SETTING, options.clock ?? systemClock);
  // pino-http writes its one line per request at info. Above info (LOG_LEVEL=warn) it would still make, for every
  // request, a child logger with the request serialized and redacted for lines never written: about 5% of a toggle's CPU
  if (log.isLevelEnabled('info'))
    app.use(pinoHttp({ logger: log, autoLogging: { ignore: (req) => quietPath(req.url ?? '') }, serializers: requestSerializers }));
  app.use(securityHeaders(config));
  app.use(widgetFraming(() => readWidgetOrigins(core.readModels)));
  // pages and JSON over 1 KB go out compressed; the built assets come precompressed (frontendFiles)
  app.use(compression());
  // the built files set their own caching, before no-store and without a session lookup
  if (config.frontendDist) app.use(frontendFiles(config.frontendDist));
  app.use(noStore);
  app.use(refuseSessionsOverPlainHttp(config.cookieSecure));
  app.use(sessionMiddleware);
  // the widget's frame on another site gets its session cookie SameSite=None; Secure (http/secure-session.ts)
  app.use(widgetSessionCookie);
  const ioAdapter = new SessionIoAdapter(
    app,
    [securityHeaders(config), noStore, sessionMiddleware],
    new SocketsPerClient(config.rateLimits.socketsPerClient, (req) => clientAddress(app, req), securityHeaderValues(config)),
    config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined,
  );
  app.useWebSocketAdapter(ioAdapter);
  if (config.frontendDist) app.use(frontendPages(config.frontendDist, servedByServer));

  const purge = await initialiseApp(app, { core, config, options, log, ioAdapter, sessionStore });
  answerHeaderOverflowInItalian(app.getHttpServer(), securityHeaderValues(config));
  return listening(app, { core, config, options, log, ioAdapter, sessionStore }, purge, 'Studio Medico');
}

/** the client's address as express derives it for HTTP (X-Forwarded-For only from TRUST_PROXY), for a raw request */
function clientAddress(app: NestExpressApplication, req: IncomingMessage): string {
  const expressApp = app.getHttpAdapter().getInstance();
  // express's own `ip` getter, run on this request: one rule for HTTP and sockets
  const ip = Reflect.get(expressApp.request, 'ip', { app: expressApp, headers: req.headers, socket: req.socket, connection: req.socket });
  return ip ?? req.socket.remoteAddress ?? 'sconosciuto';
}

/**
 * socket.io sees the same session as HTTP, so a socket knows who it belongs to. With REDIS_URL,
 * the socket.io Redis adapter joins the instances: a broadcast to a room made on one reaches the
 * sockets of every instance (the change-feed pushes stay local, see the gateways).
 */
/**
 * After the HTTP stack is set up, the same on either adapter: Nest's init (command handlers), the projections, the
 * demo data, and the hourly purge of expired sessions (returned, to be cleared at stop). A failure closes what opened.
 */
export async function initialiseApp(
  app: INestApplication,
  parts: { core: Core; config: AppConfig; options: StartOptions; log: pino.Logger; ioAdapter: SessionIoAdapter; sessionStore: DbSessionStore },
): Promise<NodeJS.Timeout> {
  const { core, config, options, log, ioAdapter, sessionStore } = parts;
  try {
    // Nest registers command handlers at init: seed after it
    await app.init();
    if (config.runProjections) await core.runner.start();
    // only an explicit SEED_DEMO=true seeds in production; it is said at every start, the demo password being public
    if (config.production && config.seedDemo)
      log.warn(
        'SEED_DEMO=true in produzione: gli account dimostrativi con la password pubblica Password123! sono attivi. Toglila e crea il primo amministratore con npm run setup.',
      );
    if (config.seedDemo && (await seedDemoData(core, app.get(UsersService), app.get(CommandBus), options.today))) {
      await core.changes.waitFor(await core.eventStore.headPosition(), 60_000);
      log.info('Dati dimostrativi creati (account demo: vedi README, "Account dimostrativi")');
    }
  } catch (error) {
    await app.close();
    await ioAdapter.closeRedis();
    await closeCore(core);
    throw error;
  }
  const purge = setInterval(
    () => void sessionStore.purgeExpired().catch((e: unknown) => log.warn(`pulizia delle sessioni non riuscita: ${String(e)}`)),
    SESSION_PURGE_MS,
  );
  purge.unref();
  return purge;
}

/** listening (unless told not to) and the running app both adapters hand back; `close` undoes the start in order */
export async function listening(
  app: INestApplication,
  parts: { core: Core; config: AppConfig; options: StartOptions; log: pino.Logger; ioAdapter: SessionIoAdapter; sessionStore: DbSessionStore },
  purge: NodeJS.Timeout,
  name: string,
): Promise<RunningApp> {
  const { core, config, options, log, ioAdapter, sessionStore } = parts;
  let url = '';
  if (options.listen !== false) {
    await app.listen(config.port, config.host);
    const address = app.getHttpServer().address();
    url = `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
    log.info(`${name} in ascolto su ${url}`);
  }
  return {
    app,
    core,
    url,
    purgeSessions: () => sessionStore.purgeExpired(),
    async close() {
      clearInterval(purge);
      await stopAccepting(app.getHttpServer(), ioAdapter, SHUTDOWN_DRAIN_MS);
      await app.close();
      await ioAdapter.closeRedis();
      await closeCore(core);
    },
  };
}

export class SessionIoAdapter extends IoAdapter {
  private redisClients: Redis[] = [];
  private servers: ReturnType<IoAdapter['createIOServer']>[] = [];

  constructor(
    app: INestApplication,
    /** run on every engine.io request: the security headers and no-store on the polling transport's answers, then the session */
    private readonly middlewares: express.RequestHandler[],
    private readonly perClient: SocketsPerClient,
    private readonly redis?: { url: string; prefix: string },
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions) {
    // a socket message is a few hundred bytes: a megabyte (socket.io's default) is an attack
    const server = super.createIOServer(port, { ...options, maxHttpBufferSize: SOCKET_MAX_BUFFER_BYTES, allowRequest: this.perClient.allowRequest });
    // the place a handshake took is given back when its connection closes, or when the handshake fails
    server.engine.on('connection', (socket: { request: IncomingMessage; once(event: 'close', f: () => void): void }) =>
      socket.once('close', () => this.perClient.release(socket.request)),
    );
    server.engine.on('connection_error', (error: { req?: IncomingMessage }) => error.req && this.perClient.release(error.req));
    // a client at its limit is refused before the middlewares below (the flood's cost, see SocketsPerClient)
    this.perClient.refuseEarly(server.engine);
    // the polling transport answers outside express: it gets the same headers as the app (the websocket
    // transport alone would leave out clients behind proxies that block upgrades, so polling stays)
    for (const middleware of this.middlewares) server.engine.use(middleware);
    this.servers.push(server);
    if (this.redis && this.redisClients.length === 0) {
      const pub = new Redis(this.redis.url);
      const sub = pub.duplicate();
      this.redisClients = [pub, sub];
      server.adapter(createAdapter(pub, sub, { key: `${this.redis.prefix}socket.io` }));
    }
    return server;
  }

  /** every socket.io connection ends now (a shutdown: the clients reconnect to another instance or later) */
  disconnectAll(): void {
    for (const server of this.servers) server.disconnectSockets(true);
  }

  async closeRedis(): Promise<void> {
    const clients = this.redisClients;
    this.redisClients = [];
    await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
