/**
 * npm run scale-out: the scale-out topology on this machine (worker + two backends, one SQLite
 * event file, PostgreSQL, Redis) until Ctrl-C. PostgreSQL and Redis must be running
 * (SCALE_OUT_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres; REDIS_URL, default
 * redis://127.0.0.1:6379).
 */
import { startTopology } from './topology';

async function main(): Promise<void> {
  const topology = await startTopology({ log: (line) => console.log(line) });
  console.log(
    `Istanza A: ${topology.a.base}\nIstanza B: ${topology.b.base}\nEventi: ${topology.dataDir}/events.db\nPostgreSQL: ${topology.databaseUrl}\nRedis, prefisso: ${topology.redisPrefix}`,
  );
  console.log('Ctrl-C per fermare (database e cartella temporanei vengono eliminati).');
  const stop = async () => {
    await topology.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
