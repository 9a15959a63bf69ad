import type { EventStore } from '@studio/contracts';
import type { ProjectionRunner, ReadModelStore } from '@studio/projections';
import type { AppConfig } from '../config/config';
import type { PersonalDataService } from '../personal-data/personal-data.service';
import type { RateLimits } from '../security/rate-limits';
import type { AppDb } from './app-db';
import { APP_DB, CHANGE_FEED, CONFIG, EVENT_STORE, PERSONAL_DATA, PROJECTION_RUNNER, RATE_LIMITS, READ_MODELS, type ChangeFeed } from './tokens';

/** each port's type, by the name of its part: `Ports['readModels']` */
export interface Ports {
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
}

/** the token of each part, for the module that provides them */
export const portTokens = {
  config: CONFIG,
  eventStore: EVENT_STORE,
  readModels: READ_MODELS,
  appDb: APP_DB,
  personalData: PERSONAL_DATA,
  runner: PROJECTION_RUNNER,
  changes: CHANGE_FEED,
  limits: RATE_LIMITS,
} as const satisfies Record<keyof Ports, symbol>;
