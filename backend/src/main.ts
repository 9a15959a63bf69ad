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

async function main(): Promise<void> {
  const { config, standIn } = await withPaypalStandIn(configuration());
  const running = await startApp(config).catch((error: unknown) => {
    throw listenRefusal(error, config.port) ?? error;
  });
  const stop = async () => {
    await running.close();
    await standIn?.close();
    process.exit(0);
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
