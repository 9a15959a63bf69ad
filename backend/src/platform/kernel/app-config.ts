/**
 * The configuration as the app reads it (config/config.ts loads and checks it from the environment): a kernel port's
 * type, here beside the other ports so the kernel imports nothing of the modules that use it.
 */
export interface RateLimitConfig {
  loginAccount: number;
  loginClient: number;
  loginSlowdown: number;
  registration: number;
  hold: number;
  coupon: number;
  socket: number;
  passwordReset: number;
  emailConfirmation: number;
  passwordCheck: number;
  webhook: number;
  socketsPerClient: number;
  prefix: string;
}

export interface AppConfig {
  production: boolean;
  port: number;
  dataDir: string;
  eventStore:
    | { kind: 'sqlite'; filename: string; writerThread: boolean; chainKey: Buffer }
    | { kind: 'eventstoredb'; connectionString: string; chainKey: Buffer }
    | { kind: 'postgres'; connectionString: string; chainKey: Buffer };
  readModels: { kind: 'sqlite'; filename: string } | { kind: 'postgres'; connectionString: string; schema?: string };
  appDb: { kind: 'sqlite'; filename: string } | { kind: 'postgres'; connectionString: string; schema?: string };
  redisUrl?: string;
  redisPrefix: string;
  sessionSecret: string;
  /** secret for the keyed email hash that lets login find an account without the email in clear */
  lookupSecret: string;
  /** signs the hash chain's heads (HMAC-SHA-256); from CHAIN_KEY or its file, outside DATA_DIR and the backups */
  chainKey: Buffer;
  /** wraps the subject keys stored in the database (KEY_ENCRYPTION_KEY); previous: still accepted during a rotation */
  keyEncryption: { current: Buffer; previous: Buffer[] };
  /** encrypts the backups (scrypt, AES-256-GCM); from BACKUP_PASSPHRASE or its file, never in an archive */
  backupPassphrase: string;
  host: string;
  seedDemo: boolean;
  practiceTimeZone: string;
  practice: { name: string; logoUrl: string; specialty: string };
  frontendDist: string | null;
  logLevel: string;
  cookieSecure: boolean;
  runProjections: boolean;
  /** null: the projections worker serves no health port */
  workerHealthPort: number | null;
  holdMinutes: number;
  holdSweepSeconds: number;
  cancellationCutoffHours: number;
  /** where online visits' rooms live: `<videoBaseUrl>/studio-<bookingId>` */
  videoBaseUrl: string;
  /** null: PayPal not configured, the payment endpoints answer 503 */
  paypal: { baseUrl: string; clientId: string; clientSecret: string; webhookId?: string; timeoutMs?: number } | null;
  /** PAYPAL_CAPTURE_GRACE_SECONDS in ms */
  paypalCaptureGraceMs: number;
  /** the JS SDK script (the stand-in's own when `paypalStandIn`) */
  paypalSdkUrl: string;
  /** main.ts starts the local PayPal stand-in and points `paypal` and `paypalSdkUrl` at it */
  paypalStandIn: boolean;
  /** null: no Twilio account (SMS and WhatsApp through Twilio off, its webhook 404) */
  twilio: { baseUrl: string; accountSid: string; authToken: string; smsFrom: string | null; whatsappFrom: string | null } | null;
  /** null: Meta's WhatsApp Cloud API not configured; appSecret checks the webhook's X-Hub-Signature-256 */
  whatsapp: { baseUrl: string; apiVersion: string; phoneNumberId: string; token: string; appSecret: string | null; verifyToken: string | null } | null;
  /** neither provider configured, outside production: main.ts starts the local stand-ins of both and points these at them */
  phoneStandIns: boolean;
  mail: {
    /** null: the local outbox (outside production) or nothing sent (production) */
    smtpUrl: string | null;
    from: string;
    publicUrl: string;
    reminderHours: number;
    worker: boolean;
    pollMs: number;
    leaseMs: number;
  };
  /** express 'trust proxy' (TRUST_PROXY); false: X-Forwarded-For is ignored */
  trustProxy: boolean | number | string[];
  rateLimits: RateLimitConfig;
  /** the erasure ledger's file (ERASURE_LEDGER), outside DATA_DIR and outside the backups */
  erasureLedger: string;
  /** STS_CERT_PATH; null outside production means a demo key generated in DATA_DIR (files not for sending) */
  stsCertPath: string | null;
  /** Web Push: the VAPID keys, the contact in the token, the private-network push services allowed anyway */
  push: { vapid: { publicKey: string; privateKey: string }; subject: string; allowedEndpoints: string[] };
  /** the doctors' CalDAV calendars: private-network servers allowed anyway, minutes between syncs (0: by hand), days ahead */
  externalCalendar: { allowedOrigins: string[]; syncMinutes: number; days: number };
  /** the publishers' food tables: the server's folder (null: none) and the official downloads */
  foods: { dataDir: string | null; ciqualUrl: string; svizzeraUrl: string };
}
