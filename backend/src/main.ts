import { loadConfig, type AppConfig } from './config/config';
import { StartupRefusal, listenRefusal, productionChecks } from './config/startup-checks';
import { startApp } from './app';
import { startPaypalStandIn, type PaypalStandIn } from './payments/paypal/paypal-stand-in';

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

/** the environment as a checked configuration; what is wrong with it is a refusal, said in one sentence */
function configuration(): AppConfig {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    throw new StartupRefusal((error as Error).message);
  }
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
  const { config, standIn } = await withPaypalStandIn(configuration());
  // BENCH_HTTP_ADAPTER=fastify: the Fastify variant that the bench measures against Express (app-fastify.ts; its
  // packages are devDependencies, so it is loaded only when asked for)
  const start = process.env.BENCH_HTTP_ADAPTER === 'fastify' ? (await import('./app-fastify')).startFastifyApp : startApp;
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
