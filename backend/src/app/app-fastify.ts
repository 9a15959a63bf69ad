/**
 * The same app on NestJS's Fastify adapter: a BENCH VARIANT, not the production bootstrap (that is app.ts, on
 * Express). The question was whether Fastify gives at least 1.5 × the toggles per second (the switch was worth it only then); `BENCH_ONLY=fastify npm run
 * bench` measures both in the same run (bench/fastify.bench.ts). It is started by main.ts when
 * BENCH_HTTP_ADAPTER=fastify, and its packages are devDependencies of the backend.
 *
 * Each Express layer has its maintained Fastify plugin: @fastify/helmet (the same helmet options, plain HTTP or
 * HTTPS chosen per request), @fastify/cookie + @fastify/session (the same DbSessionStore rows, cookie `sid` in
 * express-session's `s:` signed format, no rolling, nothing stored for a visitor), @fastify/compress, @fastify/static
 * (the precompressed build), pino as Fastify's logger. CSRF stays the app's own guard (auth/guards), and the rate
 * limits the app's own (rate-limiter-flexible).
 *
 * The controllers are written against Express's request and reply. The handful of Express members the login,
 * CSRF and toggle path use are decorated onto Fastify's (`expressMembers` below): enough to run and measure that
 * path end to end, not a port of every controller (a switch would rewrite their Express uses instead).
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie, { Signer } from '@fastify/cookie';
import proxyAddr from '@fastify/proxy-addr';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifySession, { type SessionStore } from '@fastify/session';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type express from 'express';
import pino from 'pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHmac } from 'node:crypto';
import { relative, sep } from 'node:path';
import { loadCommonPasswords } from '@studio/contracts';
import { AppModule } from './app.module';
import { SessionIoAdapter, servedByServer, initialiseApp, listening, nestLogger, quietPath, type RunningApp, type StartOptions } from './app';
import { DbSessionStore } from '../platform/auth/session-store';
import { CSRF_KEY_SETTING } from '../platform/auth/guards';
import { systemClock } from '../platform/common/clock';
import type { AppConfig } from '../platform/config/config';
import { CLOCK_SETTING } from '../platform/http/request-context';
import { cacheControlOf } from '../platform/http/frontend-files';
import { refuseSessionsOverPlainHttp } from '../platform/http/secure-session';
import { openCore } from './infrastructure/core';
import { answerHeaderOverflowInItalian } from '../platform/security/client-errors';
import { helmetOptions, noStore, securityHeaderValues, securityHeaders } from '../platform/security/headers';
import { logRedaction, requestSerializers } from '../platform/security/logging';
import { SocketsPerClient } from '../platform/security/socket-limits';

/** express's default JSON body limit, which app.ts keeps */
const BODY_LIMIT = 100 * 1024;
const SESSION_COOKIE = 'sid';
/** express-session's prefix of a signed cookie: the same cookie opens the same session on either adapter */
const SIGNED_PREFIX = 's:';

export async function startFastifyApp(config: AppConfig, options: StartOptions = {}): Promise<RunningApp> {
  const log = pino({ level: config.logLevel, redact: logRedaction, serializers: requestSerializers }, options.logStream);
  await loadCommonPasswords();
  const core = await openCore(config);
  const adapter = new FastifyAdapter({
    loggerInstance: log,
    // one line per request at info, as pino-http: none for assets and health checks
    logController: new LogController({ disableRequestLogging: (req: { url?: string }) => quietPath(req.url ?? '') }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(core, options.clock), adapter, { logger: nestLogger(log), rawBody: true });
  const fastify = app.getHttpAdapter().getInstance();
  const settings = new Map<string, unknown>([
    [CSRF_KEY_SETTING, createHmac('sha256', config.sessionSecret).update('csrf-cookie').digest('hex')],
    ['studio:cookie-secure', config.cookieSecure],
    [CLOCK_SETTING, options.clock ?? systemClock],
  ]);
  expressMembers(fastify, settings);

  // helmet with the app's options, the HTTPS set on requests that came over HTTPS (see security/headers)
  const overHttps = helmetOptions(config, true) as FastifyHelmetOptions;
  const overPlainHttp = helmetOptions(config, false) as FastifyHelmetOptions;
  await app.register(fastifyHelmet, { ...overPlainHttp, global: false });
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.helmet(req.protocol === 'https' ? overHttps : overPlainHttp);
    done();
  });
  // pages and JSON over 1 KB go out compressed (compression's threshold)
  await app.register(fastifyCompress, { threshold: 1024 });
  if (config.frontendDist) {
    // loaded only for a build to serve (its content-disposition is ESM only, which jest does not load)
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, {
      root: config.frontendDist,
      preCompressed: true,
      index: false,
      wildcard: false,
      cacheControl: false,
      allowedPath: (path: string) => !path.endsWith('.html'),
      setHeaders: (reply: FastifyReply, path: string) =>
        void reply.header('Cache-Control', cacheControlOf('/' + relative(config.frontendDist!, path).split(sep).join('/'))),
    });
  }
  // everything but the built files is no-store, unless the handler said otherwise (PDFs, the calendar feed)
  fastify.addHook('onSend', (_req, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const refuse = refuseSessionsOverPlainHttp(config.cookieSecure);
  fastify.addHook('onRequest', (req, reply, done) => refuse(req as unknown as express.Request, reply as unknown as express.Response, done));

  const sessionStore = new DbSessionStore(core.appDb);
  // one signer for the session cookie, over HTTP and on the sockets (@fastify/session does not depend on
  // @fastify/cookie itself: given a string it would require it from wherever it lies)
  const signer = new Signer(config.sessionSecret);
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    cookieName: SESSION_COOKIE,
    cookiePrefix: SIGNED_PREFIX,
    secret: signer,
    store: sessionStore as unknown as SessionStore,
    // as express-session with resave: false, saveUninitialized: false: a read never costs a write
    rolling: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, maxAge: 8 * 60 * 60 * 1000, path: '/' },
  });
  if (config.frontendDist) {
    // a browser navigation outside /api and /socket.io gets the app's page (as frontendPages)
    fastify.addHook('onRequest', (req, reply, done) => {
      const path = req.url.split('?', 1)[0];
      const navigation = (req.headers.accept?.includes('text/html') ?? false) || path === '/';
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !navigation || servedByServer(path)) return done();
      void reply.header('cache-control', 'no-store').sendFile('index.html');
    });
  }

  const ioAdapter = new SessionIoAdapter(
    app,
    [securityHeaders(config), noStore, socketSession(signer, sessionStore)],
    new SocketsPerClient(config.rateLimits.socketsPerClient, socketClientAddress(config.trustProxy), securityHeaderValues(config)),
    config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined,
  );
  app.useWebSocketAdapter(ioAdapter);

  const purge = await initialiseApp(app, { core, config, options, log, ioAdapter, sessionStore });
  // Fastify answers the parser's early errors itself: the app's Italian answer instead
  app.getHttpServer().removeAllListeners('clientError');
  answerHeaderOverflowInItalian(app.getHttpServer(), securityHeaderValues(config));
  return listening(app, { core, config, options, log, ioAdapter, sessionStore }, purge, 'Studio Medico (variante Fastify)');
}

/**
 * The Express members the controllers, guards and the error filter call, on Fastify's request and reply:
 * `req.app.get(setting)`, `req.header(name)`, `req.secure`, `req.path`, `req.sessionID`, `res.setHeader`, `res.json`
 * (`res.cookie` and `res.status` Fastify has, with Express's arguments).
 */
function expressMembers(fastify: FastifyInstance, settings: Map<string, unknown>): void {
  const app = { get: (name: string) => settings.get(name) };
  fastify.decorateRequest('app', { getter: () => app });
  fastify.decorateRequest('header', function (this: FastifyRequest, name: string) {
    const value = this.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  });
  fastify.decorateRequest('secure', {
    getter(this: FastifyRequest) {
      return this.protocol === 'https';
    },
  });
  fastify.decorateRequest('path', {
    getter(this: FastifyRequest) {
      return this.url.split('?', 1)[0];
    },
  });
  fastify.decorateRequest('sessionID', {
    getter(this: FastifyRequest) {
      return (this.session as { sessionId?: string } | null)?.sessionId;
    },
  });
  fastify.decorateReply('setHeader', function (this: FastifyReply, name: string, value: string | number | string[]) {
    return this.header(name, value);
  });
  fastify.decorateReply('json', function (this: FastifyReply, body: unknown) {
    return this.type('application/json; charset=utf-8').send(body);
  });
}

/** the client's address as Fastify derives `request.ip` (X-Forwarded-For only from TRUST_PROXY), for a raw request */
function socketClientAddress(trustProxy: AppConfig['trustProxy']): (req: IncomingMessage) => string {
  // Fastify's own reading of its trustProxy option (lib/request.js), through the same package
  const trust =
    trustProxy === true
      ? () => true
      : trustProxy === false
        ? () => false
        : typeof trustProxy === 'number'
          ? (_: string, i: number) => i < trustProxy
          : proxyAddr.compile(trustProxy);
  return (req) => proxyAddr(req, trust) ?? req.socket.remoteAddress ?? 'sconosciuto';
}

/**
 * engine.io's requests are raw Node requests: the session is read with the same signer and store as
 * @fastify/session, so a socket knows who it belongs to (socketUser, the session rooms).
 */
function socketSession(signer: Signer, store: DbSessionStore) {
  return (req: IncomingMessage & { session?: unknown; sessionID?: string }, _res: ServerResponse, next: (error?: unknown) => void) => {
    const raw = req.headers.cookie
      ?.split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
      ?.slice(SESSION_COOKIE.length + 1);
    const value = raw ? decodeURIComponent(raw) : '';
    if (!value.startsWith(SIGNED_PREFIX)) return next();
    const unsigned = signer.unsign(value.slice(SIGNED_PREFIX.length));
    if (!unsigned.valid || !unsigned.value) return next();
    const sid = unsigned.value;
    store.get(sid, (error, session) => {
      if (session) {
        req.session = session;
        req.sessionID = sid;
      }
      next(error);
    });
  };
}
