import { loadConfig } from './config/config';
import { startApp } from './app';

async function main(): Promise<void> {
  const running = await startApp(loadConfig());
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error('Avvio non riuscito:', error);
  process.exit(1);
});
