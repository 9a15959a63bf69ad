import { loadConfig, type AppConfig } from './config/config';
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

async function main(): Promise<void> {
  const { config, standIn } = await withPaypalStandIn(loadConfig());
  const running = await startApp(config);
  const stop = async () => {
    await running.close();
    await standIn?.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error('Avvio non riuscito:', error);
  process.exit(1);
});
