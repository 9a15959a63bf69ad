import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../common/errors';
import type { RateLimitConfig } from '../config/config';
import type { RateLimit, RateLimitsPort } from '../kernel/ports';

/** a 429 with the seconds to wait, sent as Retry-After by the error filter */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code = 'troppe_richieste',
  ) {
    super(429, code, message);
  }
}

export const TOO_MANY_LOGINS_MESSAGE = 'Troppi tentativi di accesso non riusciti: riprova tra qualche minuto.';
/** what the slowdown of an account adds per failure past the threshold, and its ceiling */
export const LOGIN_SLOWDOWN_STEP_MS = 1000;
export const LOGIN_SLOWDOWN_MAX_MS = 10_000;

/**
 * How long a login on an account waits, given its failures from anywhere in the window: nothing up
 * to `threshold`, then a second more per failure, at most ten. A slowdown, never a lock: guesses
 * from other addresses can delay the owner a little but never keep them out.
 */
export function loginSlowdownMs(failures: number, threshold: number): number {
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, Math.max(0, failures - threshold + 1) * LOGIN_SLOWDOWN_STEP_MS);
}
export const TOO_MANY_REGISTRATIONS_MESSAGE = 'Troppe registrazioni da questo dispositivo: riprova più tardi.';
export const TOO_MANY_HOLDS_MESSAGE = 'Troppe richieste di prenotazione: attendi qualche minuto e riprova.';
export const TOO_MANY_RESETS_MESSAGE = 'Troppe richieste di nuova password: riprova tra un’ora.';
export const TOO_MANY_GUESSES_MESSAGE = 'Troppi tentativi con coupon non validi: riprova tra qualche minuto.';
export const TOO_MANY_CONFIRMATION_EMAILS_MESSAGE = 'Troppe richieste del link di conferma: riprova tra un’ora.';
export const TOO_MANY_PASSWORD_CHECKS_MESSAGE = 'Troppi tentativi con la password attuale: riprova tra qualche minuto.';
export const TOO_MANY_WEBHOOKS_MESSAGE = 'Troppe notifiche non verificate da questo indirizzo: riprova più tardi.';

/** one limit: `points` within `duration` seconds per key */
export class Limit implements RateLimit {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly message: string,
    private readonly code = 'troppe_richieste',
  ) {}

  get points(): number {
    return this.limiter.points;
  }

  /** counts one, refusing when the key has used up its points */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (e) {
      throw this.refusal(e);
    }
  }

  /** refuses when the key has used up its points, without counting (failures are counted apart) */
  async ensureAllowed(key: string): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.consumedPoints >= this.limiter.points) throw this.refusal(res);
  }

  /** counts one failure; never throws for the limit itself (the next ensureAllowed refuses) */
  async recordFailure(key: string): Promise<void> {
    await this.limiter.consume(key).catch((e: unknown) => {
      if (!(e instanceof RateLimiterRes)) throw e;
    });
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  /** gives back one point counted by consume (a successful login does not use up its client's budget) */
  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  /** how many points the key has used in the current window */
  async used(key: string): Promise<number> {
    return (await this.limiter.get(key))?.consumedPoints ?? 0;
  }

  /** true when this key may go on (for socket messages, which have no HTTP status) */
  async tryConsume(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(key);
      return true;
    } catch (e) {
      if (e instanceof RateLimiterRes) return false;
      throw e;
    }
  }

  private refusal(e: unknown): Error {
    if (!(e instanceof RateLimiterRes)) return e instanceof Error ? e : new Error(String(e));
    return new TooManyRequestsError(this.message, Math.max(1, Math.ceil(e.msBeforeNext / 1000)), this.code);
  }
}

/**
 * The app's rate limits (rate-limiter-flexible). Embedded: in memory. With REDIS_URL: in Redis, so a
 * limit holds across instances, with the memory store as insurance while Redis is unreachable.
 */
export class RateLimits implements RateLimitsPort {
  /** attempts on one account from one client (key: account hash and client) */
  readonly loginAccount: Limit;
  /** attempts from one client on any account */
  readonly loginClient: Limit;
  /** failures of one account from anywhere: counted for the slowdown, never refusing */
  readonly loginFailures: Limit;
  readonly loginSlowdownThreshold: number;
  readonly registration: Limit;
  readonly hold: Limit;
  readonly coupon: Limit;
  readonly socket: Limit;
  /** "Password dimenticata?": per client and per address (keys `client:…`, `account:…`) */
  readonly passwordReset: Limit;
  /** confirmation emails sent again from the profile, per account: each one is a mail to an address the registrant chose */
  readonly emailConfirmation: Limit;
  /** checks of the current password (change of password), per account, counted before the check; a right one gives its point back */
  readonly passwordCheck: Limit;
  /** PayPal webhook messages per client, counted before PayPal is asked to verify them; a verified one gives its point back */
  readonly webhook: Limit;
  private readonly redis: Redis | null;

  constructor(config: RateLimitConfig, redisUrl?: string) {
    this.redis = redisUrl
      ? // commands wait for the connection; past one retry they fail and the insurance limiter answers
        new Redis(redisUrl, { maxRetriesPerRequest: 1 })
      : null;
    this.redis?.on('error', () => undefined); // the insurance limiter answers meanwhile
    const make = (name: string, points: number, duration: number) => {
      const keyPrefix = `${config.prefix}:${name}`;
      const memory = new RateLimiterMemory({ keyPrefix, points, duration });
      return this.redis
        ? new RateLimiterRedis({
            storeClient: this.redis,
            keyPrefix,
            points,
            duration,
            insuranceLimiter: memory,
          })
        : memory;
    };
    this.loginAccount = new Limit(make('login-account', config.loginAccount, 15 * 60), TOO_MANY_LOGINS_MESSAGE);
    this.loginClient = new Limit(make('login-client', config.loginClient, 15 * 60), TOO_MANY_LOGINS_MESSAGE);
    this.loginFailures = new Limit(make('login-failures', Number.MAX_SAFE_INTEGER, 15 * 60), TOO_MANY_LOGINS_MESSAGE);
    this.loginSlowdownThreshold = config.loginSlowdown;
    this.registration = new Limit(make('registration', config.registration, 60 * 60), TOO_MANY_REGISTRATIONS_MESSAGE);
    this.hold = new Limit(make('hold', config.hold, 10 * 60), TOO_MANY_HOLDS_MESSAGE);
    this.coupon = new Limit(make('coupon', config.coupon, 10 * 60), TOO_MANY_GUESSES_MESSAGE, 'troppi_tentativi');
    this.socket = new Limit(make('socket', config.socket, 10), 'Troppi messaggi.');
    this.passwordReset = new Limit(make('password-reset', config.passwordReset, 60 * 60), TOO_MANY_RESETS_MESSAGE);
    this.emailConfirmation = new Limit(make('email-confirmation', config.emailConfirmation, 60 * 60), TOO_MANY_CONFIRMATION_EMAILS_MESSAGE);
    this.passwordCheck = new Limit(make('password-check', config.passwordCheck, 15 * 60), TOO_MANY_PASSWORD_CHECKS_MESSAGE, 'troppi_tentativi');
    this.webhook = new Limit(make('webhook', config.webhook, 10 * 60), TOO_MANY_WEBHOOKS_MESSAGE);
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}

/** the client a limit counts: the address express derives (X-Forwarded-For only from TRUST_PROXY) */
export function clientKey(req: { ip?: string; socket?: { remoteAddress?: string } }): string {
  return req.ip ?? req.socket?.remoteAddress ?? 'sconosciuto';
}
