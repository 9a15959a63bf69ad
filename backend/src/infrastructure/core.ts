import type { EventStore } from '@studio/contracts';
import { ProjectionRunner, allProjections, createReadModelStore, type ReadModelStore } from '@studio/projections';
import type { AppConfig } from '../config/config';
import { createEventStore } from '../event-store/create-event-store';
import { ErasureLedger } from '../personal-data/erasure-ledger';
import { PersonalDataService } from '../personal-data/personal-data.service';
import { RateLimits } from '../security/rate-limits';
import { openAppDb, type AppDb } from './app-db';
import { type ChangeFeed, announceAppendsOnRedis, redisChangeFeed, runnerChangeFeed } from './change-feed';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { privateDatabaseFile } from '../security/private-files';

/** the stores every module shares, built before Nest so their lifecycle is explicit */
export interface Core {
  config: AppConfig;
  eventStore: EventStore;
  readModels: ReadModelStore;
  appDb: AppDb;
  personalData: PersonalDataService;
  runner: ProjectionRunner;
  /** committed read-model changes: the only feed of live pushes */
  changes: ChangeFeed;
  /** rate limits (memory, or Redis when REDIS_URL is set) */
  limits: RateLimits;
  /** stops announcing this process's appends to the others (scale-out on one SQLite file) */
  unannounce(): Promise<void>;
}

/** each part of the opened core, injected on its own: a class names exactly what it uses */
export const CONFIG = Symbol('CONFIG');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const READ_MODELS = Symbol('READ_MODELS');
export const APP_DB = Symbol('APP_DB');
export const PERSONAL_DATA = Symbol('PERSONAL_DATA');
export const PROJECTION_RUNNER = Symbol('PROJECTION_RUNNER');
export const CHANGE_FEED = Symbol('CHANGE_FEED');
export const RATE_LIMITS = Symbol('RATE_LIMITS');

export const corePartTokens = {
  config: CONFIG,
  eventStore: EVENT_STORE,
  readModels: READ_MODELS,
  appDb: APP_DB,
  personalData: PERSONAL_DATA,
  runner: PROJECTION_RUNNER,
  changes: CHANGE_FEED,
  limits: RATE_LIMITS,
} as const;

export async function openCore(config: AppConfig): Promise<Core> {
  const eventStore = createEventStore(config.eventStore);
  // a log from before the chain was signed is signed once, as it is (see signUnsignedLog)
  if (eventStore instanceof SqliteEventStore) eventStore.signUnsignedLog(config.eventStore.chainKey);
  // the read models hold sealed personal data too: owner-only like the rest
  if (config.readModels.kind === 'sqlite') privateDatabaseFile(config.readModels.filename);
  const readModels = await createReadModelStore(config.readModels);
  const appDb = await openAppDb(config.appDb);
  const ledger = new ErasureLedger(config.erasureLedger);
  ledger.ensureExists();
  const personalData = new PersonalDataService(appDb, config.lookupSecret, ledger);
  const runner = new ProjectionRunner({ store: eventStore, readModels, projections: allProjections });
  // without a local runner (scale-out), the projections worker's changes arrive through Redis
  const changes =
    !config.runProjections && config.redisUrl
      ? redisChangeFeed(config.redisUrl, config.redisPrefix, async () =>
          Math.min(...(await Promise.all(allProjections.map((p) => readModels.checkpoint(p.name))))),
        )
      : runnerChangeFeed(runner);
  const limits = new RateLimits(config.rateLimits, config.redisUrl);
  // several processes on one SQLite event file learn of each other's appends through Redis
  const unannounce =
    config.redisUrl && eventStore instanceof SqliteEventStore ? announceAppendsOnRedis(eventStore, config.redisUrl, config.redisPrefix) : async () => undefined;
  return { config, eventStore, readModels, appDb, personalData, runner, changes, limits, unannounce };
}

export async function closeCore(core: Core): Promise<void> {
  await core.changes.close();
  await core.unannounce();
  await core.runner.stop();
  await core.eventStore.close();
  await core.readModels.close();
  await core.appDb.destroy();
  await core.limits.close();
}
