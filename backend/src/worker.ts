import { loadConfig } from './platform/config/config';
import { StartupRefusal, checkSecrets, checkSharedSecrets } from './platform/config/startup-checks';
import { openCore, closeCore } from './app/infrastructure/core';
import { publishChangesToRedis, runnerChangeFeed } from './app/infrastructure/change-feed';
import { serveWorkerHealth } from './platform/http/health.controller';

/** scale-out: the only process that writes read models; backends learn of changes through Redis */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  checkSharedSecrets(process.env);
  try {
    config = loadConfig();
  } catch (error) {
    throw new StartupRefusal((error as Error).message);
  }
  if (config.production) checkSecrets(process.env);
  const core = await openCore({ ...config, runProjections: true });
  const unpublish = config.redisUrl ? publishChangesToRedis(core.runner, config.redisUrl, config.redisPrefix) : async () => undefined;
  // answering before the runner has caught up: /readyz says not yet, /healthz that the process is there
  const health = config.workerHealthPort ? await serveWorkerHealth(config.workerHealthPort, core.eventStore, runnerChangeFeed(core.runner)) : null;
  await core.runner.start();
  console.log('Proiezioni aggiornate: in ascolto di nuovi eventi');
  const stop = async () => {
    health?.close();
    await unpublish();
    await closeCore(core);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  if (e instanceof StartupRefusal) console.error(`Avvio rifiutato: ${e.message}`);
  else console.error('Worker delle proiezioni non avviato:', e);
  process.exit(1);
});
