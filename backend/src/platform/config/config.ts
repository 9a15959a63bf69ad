import { isTimeZone, plainTextProblem } from '@studio/contracts';
import { PhoneEnv, phoneProviders } from './phone-providers';
import { ExternalCalendarEnv, externalCalendarConfig } from './external-calendar-config';
import { originList, unsetWhenEmpty } from './env-values';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createPrivateFile, ensurePrivateDir } from '../common/private-files';
import { generateVAPIDKeys } from 'web-push';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve, isAbsolute } from 'node:path';
import { z } from 'zod';
import type { AppConfig } from '../kernel/app-config';
import { eventStoreConfig } from './event-store-config';

// the configuration's type is a kernel port (a feature is given it by the CONFIG token): it lives with the ports
export type { AppConfig, RateLimitConfig } from '../kernel/app-config';

/** Environment, validated once at start. Embedded default: SQLite files under DATA_DIR. */
/** `VAR=` (as docker compose passes an unset `${VAR:-}`) means not set */
const Env = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL for read models, sessions and keys (scale-out); unset = SQLite in DATA_DIR */
  DATABASE_URL: z.string().optional(),
  /** EventStoreDB connection string (scale-out); unset = SQLite in DATA_DIR */
  EVENTSTORE_URL: z.string().optional(),
  /** where the events live: sqlite (DATA_DIR, one machine) or postgres (EVENT_STORE_URL, else DATABASE_URL) */
  EVENT_STORE: unsetWhenEmpty(z.enum(['sqlite', 'postgres']).optional()),
  /** the PostgreSQL database of the events when it is not DATABASE_URL's */
  EVENT_STORE_URL: unsetWhenEmpty(z.string().optional()),
  /** socket.io Redis adapter for several backend instances */
  REDIS_URL: z.string().optional(),
  /** SQLite events committed on a worker thread (the event loop stays free during fsync); default on in production */
  EVENT_WRITER_THREAD: z.enum(['true', 'false']).optional(),
  /** prefix of every Redis channel of this deployment (several on one Redis, or tests side by side) */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]*$/)
    .default('studio:'),
  SESSION_SECRET: z.string().min(16).optional(),
  /** seed demo accounts into an empty store; on by default outside production */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /**
   * the practice's name, logo and specialty before the administrator sets them in /impostazioni (events); from then
   * on these are not read (config/practice-settings)
   */
  // printed in emails, calendar files and receipts like the name set in /impostazioni: the same rule for names
  PRACTICE_NAME: unsetWhenEmpty(
    z
      .string()
      .min(1)
      .max(80)
      .refine((v) => plainTextProblem(v, 'name') === null, 'un nome di una riga, con almeno una lettera e senza caratteri di controllo o invisibili')
      .default('Studio Medico'),
  ),
  /** a path of the app itself: the CSP shows images of the app's own origin only */
  PRACTICE_LOGO_URL: unsetWhenEmpty(
    z
      .string()
      .regex(
        /^\/(?!\/)/,
        'deve essere un percorso dell’app (es. /logo.svg): un’immagine di un altro sito è bloccata dalla CSP; carica il logo da /impostazioni',
      )
      .default('/logo.svg'),
  ),
  PRACTICE_SPECIALTY: unsetWhenEmpty(
    z
      .string()
      .min(1)
      .max(80)
      .refine((v) => plainTextProblem(v, 'line') === null, 'una riga di testo, senza caratteri di controllo o invisibili')
      .default('Nutrizione clinica'),
  ),
  PRACTICE_TIME_ZONE: z.string().default('Europe/Rome').refine(isTimeZone, 'fuso orario IANA sconosciuto'),
  /** where the built React app is; served with an SPA fallback */
  FRONTEND_DIST: z.string().optional(),
  /** the publishers' food tables on this server (POST /api/food-tables/import, the demo); unset: none */
  FOODS_DATA_DIR: unsetWhenEmpty(z.string().optional()),
  /** where `npm run alimenti:importa` downloads each table when given no file */
  FOODS_CIQUAL_URL: z.string().url().default('https://ciqual.anses.fr/cms/sites/default/files/inline-files/Table%20Ciqual%202025_FR_2025_11_03.xlsx'),
  FOODS_SVIZZERA_URL: z.string().url().default('https://naehrwertdaten.ch/wp-content/uploads/2023/08/Banca_dati_svizzera_dei_valori_nutritivi.xlsx'),
  LOG_LEVEL: z.string().default('info'),
  /** Secure flag on the session cookie; default on in production (behind TLS) */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /** shared by every instance in scale-out; embedded: generated into DATA_DIR */
  LOOKUP_SECRET: z.string().min(16).optional(),
  /** the projections worker (worker.js) answers GET /healthz and /readyz on this port, for container healthchecks */
  WORKER_HEALTH_PORT: unsetWhenEmpty(z.coerce.number().int().min(1).max(65535).optional()),
  /** 'false' = projections run in a separate worker process (scale-out) */
  RUN_PROJECTIONS: z.enum(['true', 'false']).default('true'),
  /** how long a slot stays held for a patient before payment */
  HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** how often the one sweep of workflows runs (expired holds, flows a crash left half-way); 0 = only at start (tests call expireDue) */
  HOLD_SWEEP_SECONDS: z.coerce.number().int().min(0).default(15),
  /** a patient's cancellation is refunded, and a visit may be moved, until this many hours before it */
  CANCELLATION_CUTOFF_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Jitsi-compatible base of the video rooms of online visits (one room per booking) */
  VIDEO_BASE_URL: z.string().url().default('https://meet.jit.si'),
  /** PayPal REST API (e.g. https://api-m.sandbox.paypal.com); all three or none: payments off */
  PAYPAL_BASE_URL: unsetWhenEmpty(z.string().url().optional()),
  PAYPAL_CLIENT_ID: unsetWhenEmpty(z.string().min(1).optional()),
  PAYPAL_CLIENT_SECRET: unsetWhenEmpty(z.string().min(1).optional()),
  /** the id PayPal gave this app's webhook (developer dashboard): its messages are verified against it; unset: webhook off */
  PAYPAL_WEBHOOK_ID: unsetWhenEmpty(z.string().min(1).optional()),
  /** each PayPal call is abandoned after this many ms (then retried, at most twice, with the same request id) */
  PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** how long a capture asked of PayPal is left to its confirmation before the reconciler asks PayPal about it */
  PAYPAL_CAPTURE_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** the PayPal JS SDK script the browser loads (client id and currency are added as query parameters) */
  PAYPAL_SDK_URL: z.string().url().default('https://www.paypal.com/sdk/js'),
  // TWILIO_* and WHATSAPP_*: the text providers (phone-providers.ts)
  ...PhoneEnv.shape,
  // CALDAV_ALLOWED_ORIGINS and EXTERNAL_CALENDAR_*: the doctors' CalDAV calendars (external-calendar-config.ts)
  ...ExternalCalendarEnv.shape,
  /**
   * 'true': start the local stand-in of PayPal (REST API and JS SDK) and pay against it; default on
   * outside production when PAYPAL_* are not set, so the demo can be paid end to end. Never in production.
   */
  PAYPAL_STAND_IN: z.enum(['true', 'false']).optional(),
  /** SMTP server for outgoing mail (smtp://user:pass@host:587, smtps://…); unset outside production = local outbox at /posta */
  SMTP_URL: unsetWhenEmpty(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL deve iniziare con smtp:// o smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Studio Medico <noreply@studio-medico.local>'),
  /** the app's public address, for links in messages and the calendar feed's URL */
  PUBLIC_URL: unsetWhenEmpty(z.string().url().optional()),
  /** hours before a visit its reminder goes out */
  REMINDER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  /** 'false' = this process decides notifications but sends none (another one does) */
  NOTIFY_WORKER: z.enum(['true', 'false']).default('true'),
  /** how often the outbox worker looks for due messages */
  NOTIFY_POLL_MS: z.coerce.number().int().min(0).default(1000),
  /** how long a worker's claim on a message lasts: after it a send left unfinished (a crash) is retried */
  NOTIFY_LEASE_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * which proxies may set X-Forwarded-For (express 'trust proxy'): unset/'false' = none (the socket's
   * address is the client), a hop count ('1'), or addresses/subnets ('10.0.0.1,192.168.0.0/16', 'loopback')
   */
  TRUST_PROXY: unsetWhenEmpty(z.string().optional()),
  /** login attempts on one account from one client in 15 minutes (counted before the password is checked) */
  RATE_LIMIT_LOGIN_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** failed logins of one account from anywhere in 15 minutes past which each attempt on it waits longer */
  RATE_LIMIT_LOGIN_SLOWDOWN: z.coerce.number().int().min(1).default(10),
  /** login attempts per client (IP) in 15 minutes, on any account; a successful login gives its attempt back */
  RATE_LIMIT_LOGIN_CLIENT: z.coerce.number().int().min(1).default(30),
  /** registrations per client in an hour (also slows down probing which emails have an account) */
  RATE_LIMIT_REGISTRATION: z.coerce.number().int().min(1).default(10),
  /** hold requests per client in 10 minutes */
  RATE_LIMIT_HOLD: z.coerce.number().int().min(1).default(30),
  /** wrong coupon codes per client in 10 minutes, on every path that checks a coupon */
  RATE_LIMIT_COUPON: z.coerce.number().int().min(1).default(10),
  /** "Password dimenticata?" requests per client and per address in an hour */
  RATE_LIMIT_PASSWORD_RESET: z.coerce.number().int().min(1).default(5),
  /** confirmation emails sent again from the profile, per account in an hour */
  RATE_LIMIT_EMAIL_CONFIRMATION: z.coerce.number().int().min(1).default(5),
  /** checks of the current password (change of password) per account in 15 minutes; a right one is given back */
  RATE_LIMIT_PASSWORD_CHECK: z.coerce.number().int().min(1).default(10),
  /** PayPal webhook messages per client in 10 minutes, counted before the verification call; a verified one is given back */
  RATE_LIMIT_WEBHOOK: z.coerce.number().int().min(1).default(60),
  /** socket.io messages per socket in 10 seconds */
  RATE_LIMIT_SOCKET: z.coerce.number().int().min(1).default(60),
  /** key prefix of the limits in Redis (shared by every instance) */
  RATE_LIMIT_PREFIX: z.string().min(1).default('studio:limiti'),
  /**
   * the erasure ledger: one line per person erased, kept outside every backup so that a restore can erase again
   * whoever was erased after the backup was taken; default beside DATA_DIR (`<DATA_DIR>-cancellazioni.jsonl`)
   */
  ERASURE_LEDGER: unsetWhenEmpty(z.string().optional()),
  /** the key that signs the hash chain's heads (any text of 32+ characters), or a file holding it; never in DATA_DIR */
  CHAIN_KEY: unsetWhenEmpty(z.string().min(32, 'CHAIN_KEY: almeno 32 caratteri').optional()),
  CHAIN_KEY_FILE: unsetWhenEmpty(z.string().optional()),
  /** wraps every subject key stored in the database; like the chain key, never in DATA_DIR, the database or a backup */
  KEY_ENCRYPTION_KEY: unsetWhenEmpty(z.string().min(32, 'KEY_ENCRYPTION_KEY: almeno 32 caratteri').optional()),
  KEY_ENCRYPTION_KEY_FILE: unsetWhenEmpty(z.string().optional()),
  /** during a rotation: the key-encryption key the stored keys may still be wrapped with (see npm run chiavi:ruota) */
  KEY_ENCRYPTION_KEY_PREVIOUS: unsetWhenEmpty(z.string().min(32, 'KEY_ENCRYPTION_KEY_PREVIOUS: almeno 32 caratteri').optional()),
  /** the passphrase that encrypts the backups (16+ characters), or a file holding it; never in DATA_DIR nor in a backup */
  BACKUP_PASSPHRASE: unsetWhenEmpty(z.string().min(16, 'BACKUP_PASSPHRASE: almeno 16 caratteri').optional()),
  BACKUP_PASSPHRASE_FILE: unsetWhenEmpty(z.string().optional()),
  /** the address the server listens on */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** concurrent socket.io connections per client address */
  RATE_LIMIT_SOCKETS_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  /** the VAPID key pair of Web Push (JSON {publicKey, privateKey}), generated at the first start; never in DATA_DIR */
  VAPID_KEYS_FILE: unsetWhenEmpty(z.string().optional()),
  /** the contact the push services see in the VAPID token (`mailto:` or `https:`) */
  VAPID_SUBJECT: unsetWhenEmpty(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT: un indirizzo mailto: o https://')
      .optional(),
  ),
  /** push services on a private or loopback address that are accepted anyway (origins, comma-separated) */
  PUSH_ALLOWED_ENDPOINTS: unsetWhenEmpty(z.string().optional()),
  /** Sistema TS public certificate (X.509 PEM, or a PEM public key) for the patients' codice fiscale in the yearly export */
  STS_CERT_PATH: unsetWhenEmpty(z.string().optional()),
});

/** TRUST_PROXY as express's 'trust proxy' setting */
function trustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** a secret kept in DATA_DIR so sessions and email lookups survive restarts */
function persistentSecret(dataDir: string, name: string, given?: string): string {
  if (given) return given;
  const file = join(dataDir, `${name}.secret`);
  createPrivateFile(file, randomBytes(32).toString('hex'));
  return readFileSync(file, 'utf8').trim();
}

/** where the chain key and the backup passphrase are generated when not configured: the user's, outside any DATA_DIR */
export const defaultKeysDir = (): string => join(homedir(), '.studio-medico');

/**
 * A secret that must not be in DATA_DIR nor in a backup (the chain key, the backup passphrase): the
 * variable, else its file; with neither, a file generated once in ~/.studio-medico (0600 in a 0700
 * folder). A file inside DATA_DIR is refused: whoever copies the data would copy the key with it.
 */
function secretOutsideDataDir(dataDir: string, variable: string, given: string | undefined, fileGiven: string | undefined, defaultName: string): string {
  if (given) return given;
  const file = resolve(fileGiven ?? join(defaultKeysDir(), defaultName));
  const inside = relative(dataDir, file);
  if (!inside.startsWith('..') && !isAbsolute(inside)) {
    throw new Error(`Configurazione non valida: ${variable}_FILE (${file}) è dentro DATA_DIR; va tenuto fuori dalla cartella dei dati e dai backup`);
  }
  if (!fileGiven) ensurePrivateDir(dirname(file));
  if (!fileGiven) createPrivateFile(file, randomBytes(32).toString('hex'));
  if (!existsSync(file)) throw new Error(`Configurazione non valida: ${variable}_FILE indica un file che non esiste (${file})`);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 16) throw new Error(`Configurazione non valida: ${file} contiene meno di 16 caratteri`);
  return secret;
}

/**
 * The VAPID key pair (RFC 8292): generated at the first start beside the other secrets, outside DATA_DIR and its
 * backups; a restored copy keeps sending with it, so the browsers' subscriptions stay valid.
 */
function vapidKeys(dataDir: string, fileGiven: string | undefined): { publicKey: string; privateKey: string } {
  const file = resolve(fileGiven ?? join(defaultKeysDir(), 'chiavi-vapid.json'));
  const inside = relative(dataDir, file);
  if (!inside.startsWith('..') && !isAbsolute(inside))
    throw new Error(`Configurazione non valida: VAPID_KEYS_FILE (${file}) è dentro DATA_DIR; va tenuto fuori dalla cartella dei dati e dai backup`);
  ensurePrivateDir(dirname(file));
  createPrivateFile(file, JSON.stringify(generateVAPIDKeys()));
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(`Configurazione non valida: ${file} non contiene le chiavi VAPID`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** 32 bytes from a secret of any length */
const keyOf = (secret: string): Buffer => createHash('sha256').update(secret).digest();

/** the PostgreSQL schemas of the scale-out configuration (DATABASE_URL) */
export const PG_SCHEMAS = { readModels: 'read_models', appDb: 'app' } as const;

/** beside the data directory, not in it: a backup of DATA_DIR never carries it, a lost DATA_DIR does not take it along */
export const defaultErasureLedger = (dataDir: string): string => `${resolve(dataDir)}-cancellazioni.jsonl`;

/** the backup passphrase alone, without creating DATA_DIR (a restore checks that folder is empty first) */
export function loadBackupPassphrase(env: NodeJS.ProcessEnv = process.env): string {
  const given = (name: string) => (env[name] === '' ? undefined : env[name]);
  const passphrase = given('BACKUP_PASSPHRASE');
  if (passphrase !== undefined && passphrase.length < 16) throw new Error('Configurazione non valida: BACKUP_PASSPHRASE: almeno 16 caratteri');
  return secretOutsideDataDir(resolve(env.DATA_DIR || './data'), 'BACKUP_PASSPHRASE', passphrase, given('BACKUP_PASSPHRASE_FILE'), 'passphrase-backup');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Configurazione non valida: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const paypalSet = [e.PAYPAL_BASE_URL, e.PAYPAL_CLIENT_ID, e.PAYPAL_CLIENT_SECRET].filter((v) => v !== undefined).length;
  if (paypalSet !== 0 && paypalSet !== 3) {
    throw new Error('Configurazione non valida: PAYPAL_BASE_URL, PAYPAL_CLIENT_ID e PAYPAL_CLIENT_SECRET vanno impostati insieme');
  }
  const production = e.NODE_ENV === 'production';
  if (production && e.PAYPAL_STAND_IN === 'true') throw new Error('Configurazione non valida: PAYPAL_STAND_IN non è ammesso in produzione');
  if (paypalSet === 3 && e.PAYPAL_STAND_IN === 'true') throw new Error('Configurazione non valida: PAYPAL_STAND_IN e PAYPAL_* si escludono a vicenda');
  const dataDir = resolve(e.DATA_DIR);
  ensurePrivateDir(dataDir);
  const chainKey = keyOf(secretOutsideDataDir(dataDir, 'CHAIN_KEY', e.CHAIN_KEY, e.CHAIN_KEY_FILE, 'chiave-catena'));
  const defaultDist = resolve(__dirname, '../../../../frontend/dist');
  return {
    production,
    port: e.PORT,
    dataDir,
    eventStore: eventStoreConfig(e, dataDir, production, chainKey),
    keyEncryption: {
      current: keyOf(secretOutsideDataDir(dataDir, 'KEY_ENCRYPTION_KEY', e.KEY_ENCRYPTION_KEY, e.KEY_ENCRYPTION_KEY_FILE, 'chiave-chiavi')),
      previous: e.KEY_ENCRYPTION_KEY_PREVIOUS ? [keyOf(e.KEY_ENCRYPTION_KEY_PREVIOUS)] : [],
    },
    readModels: e.DATABASE_URL
      ? { kind: 'postgres', connectionString: e.DATABASE_URL, schema: PG_SCHEMAS.readModels }
      : { kind: 'sqlite', filename: join(dataDir, 'read-models.db') },
    appDb: e.DATABASE_URL
      ? { kind: 'postgres', connectionString: e.DATABASE_URL, schema: PG_SCHEMAS.appDb }
      : { kind: 'sqlite', filename: join(dataDir, 'app.db') },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    sessionSecret: persistentSecret(dataDir, 'session', e.SESSION_SECRET),
    lookupSecret: persistentSecret(dataDir, 'lookup', e.LOOKUP_SECRET),
    chainKey,
    backupPassphrase: secretOutsideDataDir(dataDir, 'BACKUP_PASSPHRASE', e.BACKUP_PASSPHRASE, e.BACKUP_PASSPHRASE_FILE, 'passphrase-backup'),
    host: e.HOST,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : !production,
    practiceTimeZone: e.PRACTICE_TIME_ZONE,
    practice: { name: e.PRACTICE_NAME, logoUrl: e.PRACTICE_LOGO_URL, specialty: e.PRACTICE_SPECIALTY },
    frontendDist: e.FRONTEND_DIST ? resolve(e.FRONTEND_DIST) : existsSync(defaultDist) ? defaultDist : null,
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE ? e.COOKIE_SECURE === 'true' : production,
    runProjections: e.RUN_PROJECTIONS === 'true',
    workerHealthPort: e.WORKER_HEALTH_PORT ?? null,
    holdMinutes: e.HOLD_MINUTES,
    holdSweepSeconds: e.HOLD_SWEEP_SECONDS,
    cancellationCutoffHours: e.CANCELLATION_CUTOFF_HOURS,
    videoBaseUrl: e.VIDEO_BASE_URL,
    paypal:
      paypalSet === 3
        ? {
            baseUrl: e.PAYPAL_BASE_URL!,
            clientId: e.PAYPAL_CLIENT_ID!,
            clientSecret: e.PAYPAL_CLIENT_SECRET!,
            webhookId: e.PAYPAL_WEBHOOK_ID,
            timeoutMs: e.PAYPAL_TIMEOUT_MS,
          }
        : null,
    paypalSdkUrl: e.PAYPAL_SDK_URL,
    paypalCaptureGraceMs: e.PAYPAL_CAPTURE_GRACE_SECONDS * 1000,
    paypalStandIn: e.PAYPAL_STAND_IN ? e.PAYPAL_STAND_IN === 'true' : !production && paypalSet === 0,
    ...phoneProviders(e, production),
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/$/, ''),
      reminderHours: e.REMINDER_HOURS,
      worker: e.NOTIFY_WORKER === 'true',
      pollMs: e.NOTIFY_POLL_MS,
      leaseMs: e.NOTIFY_LEASE_SECONDS * 1000,
    },
    trustProxy: trustProxy(e.TRUST_PROXY),
    rateLimits: {
      loginAccount: e.RATE_LIMIT_LOGIN_ACCOUNT,
      loginClient: e.RATE_LIMIT_LOGIN_CLIENT,
      loginSlowdown: e.RATE_LIMIT_LOGIN_SLOWDOWN,
      registration: e.RATE_LIMIT_REGISTRATION,
      hold: e.RATE_LIMIT_HOLD,
      coupon: e.RATE_LIMIT_COUPON,
      socket: e.RATE_LIMIT_SOCKET,
      passwordReset: e.RATE_LIMIT_PASSWORD_RESET,
      emailConfirmation: e.RATE_LIMIT_EMAIL_CONFIRMATION,
      passwordCheck: e.RATE_LIMIT_PASSWORD_CHECK,
      webhook: e.RATE_LIMIT_WEBHOOK,
      socketsPerClient: e.RATE_LIMIT_SOCKETS_PER_CLIENT,
      prefix: e.RATE_LIMIT_PREFIX,
    },
    stsCertPath: e.STS_CERT_PATH ? resolve(e.STS_CERT_PATH) : null,
    foods: { dataDir: e.FOODS_DATA_DIR ? resolve(e.FOODS_DATA_DIR) : null, ciqualUrl: e.FOODS_CIQUAL_URL, svizzeraUrl: e.FOODS_SVIZZERA_URL },
    erasureLedger: e.ERASURE_LEDGER ? resolve(e.ERASURE_LEDGER) : defaultErasureLedger(dataDir),
    push: {
      vapid: vapidKeys(dataDir, e.VAPID_KEYS_FILE),
      subject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
      allowedEndpoints: originList(e.PUSH_ALLOWED_ENDPOINTS),
    },
    externalCalendar: externalCalendarConfig(e),
  };
}
