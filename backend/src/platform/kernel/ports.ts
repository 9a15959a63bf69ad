import type { EventStore, Sealed } from '@studio/contracts';
import type { ProjectionRunner, ReadModelStore } from '@studio/projections';
import type { AppConfig } from './app-config';
import type { AppDb } from './app-db';
import { APP_DB, CHANGE_FEED, CONFIG, EVENT_STORE, PERSONAL_DATA, PROJECTION_RUNNER, RATE_LIMITS, READ_MODELS, type ChangeFeed } from './tokens';

/**
 * Personal data sealed per person (crypto-shredding), as features use it: personal-data/personal-data.service.ts
 * implements it. Written here so the kernel imports none of the modules behind its ports (no cycle, type imports
 * included).
 */
export interface PersonalData {
  /** keyed hash used to find an account by email without storing the email in clear */
  lookupHash(value: string): string;
  seal(subjectId: string, value: unknown): Promise<Sealed>;
  /** for records the practice must still write about someone who may have been erased: unreadable from birth */
  sealUnlessErased(subjectId: string, value: unknown): Promise<Sealed>;
  /** null when the subject's key was destroyed (erased person) */
  open<T>(sealed: Sealed): Promise<T | null>;
  /** erases the subject: the key goes, the erasure written to the ledger first */
  destroyKey(subjectId: string, by?: { erasedAt: string; erasedBy: string; erasedByRole: string }): Promise<void>;
  /** the subjects whose id starts with `prefix` (the fiscal keys, for their retention job) */
  subjectsStartingWith(prefix: string): Promise<string[]>;
}

/** one rate limit, as features use it (security/rate-limits.ts implements it) */
export interface RateLimit {
  readonly points: number;
  /** counts one, refusing (429) when the key has used up its points */
  consume(key: string): Promise<void>;
  /** refuses when the key has used up its points, without counting */
  ensureAllowed(key: string): Promise<void>;
  /** counts one failure; never throws for the limit itself */
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** gives back one point counted by consume */
  giveBack(key: string): Promise<void>;
  /** how many points the key has used in the current window */
  used(key: string): Promise<number>;
  /** true when this key may go on (socket messages, which have no HTTP status) */
  tryConsume(key: string): Promise<boolean>;
}

/** the app's rate limits (security/rate-limits.ts: in memory, or in Redis with REDIS_URL) */
export interface RateLimitsPort {
  loginAccount: RateLimit;
  loginClient: RateLimit;
  loginFailures: RateLimit;
  loginSlowdownThreshold: number;
  registration: RateLimit;
  hold: RateLimit;
  coupon: RateLimit;
  socket: RateLimit;
  passwordReset: RateLimit;
  emailConfirmation: RateLimit;
  passwordCheck: RateLimit;
  webhook: RateLimit;
  close(): Promise<void>;
}

/** each port's type, by the name of its part: `Ports['readModels']` */
export interface Ports {
  config: AppConfig;
  eventStore: EventStore;
  readModels: ReadModelStore;
  appDb: AppDb;
  personalData: PersonalData;
  runner: ProjectionRunner;
  /** committed read-model changes: the only feed of live pushes */
  changes: ChangeFeed;
  /** rate limits (memory, or Redis when REDIS_URL is set) */
  limits: RateLimitsPort;
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
