import 'reflect-metadata';
import { type INestApplication, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import { join } from 'node:path';
import pino from 'pino';
import pinoHttp from 'pino-http';
import type { ServerOptions } from 'socket.io';
import { AppModule } from './app.module';
import { DbSessionStore } from './auth/session-store';
import { systemClock, type Clock } from './common/clock';
import { CLOCK_SETTING } from './http/request-context';
import type { AppConfig } from './config/config';
import { type Core, closeCore, openCore } from './infrastructure/core';
import { seedDemoData } from './seed/demo-seed';
import { UsersService } from './users/users.service';

export interface RunningApp {
  app: INestApplication;
  core: Core;
  url: string;
  close(): Promise<void>;
}

/** Nest's own messages go through pino too: one log format */
function nestLogger(log: pino.Logger): LoggerService {
  return {
    log: (m) => log.info(m),
    error: (m, trace) => log.error({ trace }, String(m)),
    warn: (m) => log.warn(m),
    debug: (m) => log.debug(m),
    verbose: (m) => log.trace(m),
  };
}

const API_PREFIXES = ['/api/', '/socket.io/'];

export async function startApp(config: AppConfig, options: { listen?: boolean; today?: Date; clock?: Clock } = {}): Promise<RunningApp> {
  const log = pino({ level: config.logLevel });
  const core = await openCore(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(core, options.clock), { logger: nestLogger(log), bodyParser: true });
  const sessionStore = new DbSessionStore(core.appDb);
  const sessionMiddleware = session({
    name: 'sid',
    secret: config.sessionSecret,
    store: sessionStore,
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, maxAge: 8 * 60 * 60 * 1000 },
  });
  app.set('trust proxy', 1);
  // the command time in every event's metadata comes from the app's clock (tests move it)
  app.set(CLOCK_SETTING, options.clock ?? systemClock);
  app.use(pinoHttp({ logger: log, autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/assets/') } }));
  app.use(sessionMiddleware);
  app.useWebSocketAdapter(new SessionIoAdapter(app, sessionMiddleware));
  if (config.frontendDist) serveFrontend(app, config.frontendDist);

  try {
    // Nest registers command handlers at init: seed after it
    await app.init();
    if (config.runProjections) await core.runner.start();
    if (config.seedDemo && (await seedDemoData(core, app.get(UsersService), app.get(CommandBus), options.today))) {
      await core.changes.waitFor(await core.eventStore.headPosition(), 60_000);
      log.info('Dati dimostrativi creati (account demo, password Password123!)');
    }
  } catch (error) {
    await app.close();
    await closeCore(core);
    throw error;
  }
  let url = '';
  if (options.listen !== false) {
    await app.listen(config.port, '0.0.0.0');
    const address = app.getHttpServer().address();
    url = `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
    log.info(`Studio Medico in ascolto su ${url}`);
  }
  return {
    app,
    core,
    url,
    async close() {
      await app.close();
      await closeCore(core);
    },
  };
}

/**
 * The built React app. A browser navigation (Accept: text/html) gets index.html for any path
 * outside /api and /socket.io, so the spec's paths that are both a call and a page
 * (/prenotazioni/:id for a red slot) open the page; fetches get the JSON.
 */
function serveFrontend(app: NestExpressApplication, dist: string): void {
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const navigation = req.headers.accept?.includes('text/html') ?? false;
    if (req.method !== 'GET' || !navigation || API_PREFIXES.some((p) => req.path.startsWith(p))) return next();
    res.sendFile(join(dist, 'index.html'));
  });
}

/** socket.io sees the same session as HTTP, so a socket knows who it belongs to */
class SessionIoAdapter extends IoAdapter {
  constructor(
    app: INestApplication,
    private readonly sessionMiddleware: express.RequestHandler,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions) {
    const server = super.createIOServer(port, options);
    server.engine.use(this.sessionMiddleware);
    return server;
  }
}

