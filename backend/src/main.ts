import { existsSync } from 'node:fs';
import { loadConfig, type AppConfig } from './platform/config/config';
import { foodsDataDir } from './areas/nutrition/catalogue';
import { StartupRefusal, checkSharedSecrets, listenRefusal, productionChecks } from './platform/config/startup-checks';
import { startApp } from './app/app';
import { startPaypalStandIn, type PaypalStandIn } from './areas/payments/paypal/paypal-stand-in';
import { startMetaStandIn, startTwilioStandIn } from './areas/notifications/phone';

/** the demo pays against a local stand-in of PayPal (REST API and JS SDK); see PAYPAL_STAND_IN */
async function withPaypalStandIn(config: AppConfig): Promise<{ config: AppConfig; standIn: PaypalStandIn | null }> {
  if (!config.paypalStandIn) return { config, standIn: null };
  const standIn = await startPaypalStandIn();
  console.warn(`Pagamenti SIMULATI: PayPal sostituito da un servizio locale (${standIn.baseUrl}). Nessun addebito reale.`);
  return {
    standIn,
    config: {
      ...config,
      paypal: { baseUrl: standIn.baseUrl, clientId: standIn.clientId, clientSecret: standIn.clientSecret, webhookId: standIn.webhookId },
      paypalSdkUrl: standIn.sdkUrl,
    },
  };
}

/** the demo's text messages go to local stand-ins of Twilio and of Meta's Cloud API (no provider configured, outside production) */
async function withPhoneStandIns(config: AppConfig): Promise<{ config: AppConfig; close: () => Promise<void> }> {
  if (!config.phoneStandIns) return { config, close: async () => undefined };
  const [twilio, meta] = await Promise.all([startTwilioStandIn(), startMetaStandIn()]);
  console.warn(`SMS e WhatsApp SIMULATI: Twilio e Meta sostituiti da servizi locali (${twilio.baseUrl}, ${meta.baseUrl}). Nessun messaggio reale.`);
  const { accountSid, authToken, smsFrom, whatsappFrom } = twilio;
  const { apiVersion, phoneNumberId, token, appSecret, verifyToken } = meta;
  return {
    config: {
      ...config,
      twilio: { baseUrl: twilio.baseUrl, accountSid, authToken, smsFrom, whatsappFrom },
      whatsapp: { baseUrl: meta.baseUrl, apiVersion, phoneNumberId, token, appSecret, verifyToken },
    },
    close: async () => {
      await Promise.all([twilio.close(), meta.close()]);
    },
  };
}

/** the environment as a checked configuration; what is wrong with it is a refusal, said in one sentence */
function configuration(): AppConfig {
  let config: AppConfig;
  checkSharedSecrets(process.env);
  try {
    config = loadConfig();
  } catch (error) {
    throw new StartupRefusal((error as Error).message);
  }
  // the demo of `npm start` (NODE_ENV unset: development) imports the publishers' tables from beside the checkout when
  // they are there; the test and production starts of the same file do not
  const development = (process.env.NODE_ENV || 'development') === 'development';
  if (development && config.foods.dataDir === null && existsSync(foodsDataDir({}))) config.foods.dataDir = foodsDataDir({});
  const report = productionChecks(config, process.env);
  for (const note of report.notes) console.log(note);
  for (const warning of report.warnings) console.warn(`Attenzione: ${warning}`);
  return config;
}

/** a shutdown that has not finished by then exits 1 rather than hang (the drain itself is bounded at 5 s) */
const SHUTDOWN_BOUND_MS = 15_000;

/**
 * SIGTERM or SIGINT: stop accepting, answer the requests in flight, drain the event writer, close the
 * read models, the app database and the limits, then exit 0; exit 1 past the bound or on an error.
 */
async function main(): Promise<void> {
  const paid = await withPaypalStandIn(configuration());
  const { standIn } = paid;
  const { config, close: closePhoneStandIns } = await withPhoneStandIns(paid.config);
  // BENCH_HTTP_ADAPTER=fastify: the Fastify variant that the bench measures against Express (app-fastify.ts; its
  // packages are devDependencies, so it is loaded only when asked for)
  const start = process.env.BENCH_HTTP_ADAPTER === 'fastify' ? (await import('./app/app-fastify')).startFastifyApp : startApp;
  const running = await start(config).catch((error: unknown) => {
    throw listenRefusal(error, config.port) ?? error;
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: arresto in corso (nuove richieste rifiutate, quelle in corso completate)…`);
    setTimeout(() => {
      console.error(`Arresto non completato in ${SHUTDOWN_BOUND_MS / 1000} s: uscita forzata.`);
      process.exit(1);
    }, SHUTDOWN_BOUND_MS).unref();
    running
      .close()
      .then(() => standIn?.close())
      .then(() => closePhoneStandIns())
      .then(
        () => {
          console.log('Arresto completato.');
          process.exit(0);
        },
        (error: unknown) => {
          console.error('Arresto non riuscito:', error);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // a refusal is the operator's to fix: the sentence alone, no stack trace
  if (error instanceof StartupRefusal) console.error(`Avvio rifiutato: ${error.message}`);
  else console.error('Avvio non riuscito:', error);
  process.exit(1);
});
