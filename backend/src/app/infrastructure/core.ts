import { ProjectionRunner, createReadModelStore } from '@studio/projections';
import type { AppConfig } from '../../platform/config/config';
import { createEventStore } from '../../platform/event-store/create-event-store';
import { ErasureLedger } from '../../platform/personal-data/erasure-ledger';
import { PersonalDataService } from '../../platform/personal-data/personal-data.service';
import { subjectKeyWrapping } from '../../platform/personal-data/subject-key-wrapping';
import { ErasureFeed } from '../../platform/personal-data/erasure-feed';
import { DatabaseErasureLedger } from '../../platform/personal-data/database-erasure-ledger';
import { PgJobLeases, everyJobHere, type JobLeases } from '../../platform/kernel/job-leases';
import { RateLimits } from '../../platform/security/rate-limits';
import { openAppDb } from '../../platform/kernel/app-db';
import { type Ports } from '../../platform/kernel/ports';
import { announceAppendsOnRedis, redisChangeFeed, runnerChangeFeed } from './change-feed';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store';
import { privateDatabaseFile } from '../../platform/common/private-files';
import { auditIndexInLog } from '../../platform/event-store/live-projections';
import { liveProjections } from './projections';

/** the stores every module shares, built before Nest so their lifecycle is explicit */
export interface Core extends Ports {
  /** stops announcing this process's appends to the others (scale-out on one SQLite file) */
  unannounce(): Promise<void>;
  /** with keys in PostgreSQL: how this instance hears of erasures made by the others */
  erasureFeed?: ErasureFeed;
  /** which periodic jobs run here: with PostgreSQL one instance per job, else all */
  jobs: JobLeases;
}

export async function openCore(config: AppConfig): Promise<Core> {
  const eventStore = createEventStore(config.eventStore);
  // a log from before the chain was signed is signed once, as it is (see signUnsignedLog)
  if (eventStore instanceof SqliteEventStore) eventStore.signUnsignedLog(config.eventStore.chainKey);
  // the read models hold sealed personal data too: owner-only like the rest
  if (config.readModels.kind === 'sqlite') privateDatabaseFile(config.readModels.filename);
  const readModels = await createReadModelStore(config.readModels);
  const appDb = await openAppDb(config.appDb);
  const ledger = new ErasureLedger(config.erasureLedger);
  ledger.ensureExists();
  // several instances may share the keys: each drops an erased person's key from its cache when told
  const erasureFeed = config.appDb.kind === 'postgres' ? new ErasureFeed(config.appDb.connectionString) : undefined;
  const databaseLedger = config.appDb.kind === 'postgres' ? new DatabaseErasureLedger(appDb) : undefined;
  await databaseLedger?.ensureExists();
  const personalData = new PersonalDataService(appDb, config.lookupSecret, {
    ledger,
    databaseLedger,
    wrapping: subjectKeyWrapping(config),
    erasures: erasureFeed,
  });
  // the auditor's index: the SQLite log's own indexes beside SQLite read models, else a read model (live-projections)
  if (eventStore instanceof SqliteEventStore) eventStore.setAuditIndex(auditIndexInLog(eventStore, readModels.kind));
  const projections = liveProjections(eventStore, readModels.kind);
  const runner = new ProjectionRunner({ store: eventStore, readModels, projections });
  // without a local runner (scale-out), the projections worker's changes arrive through Redis
  const changes =
    !config.runProjections && config.redisUrl
      ? redisChangeFeed(config.redisUrl, config.redisPrefix, async () =>
          Math.min(...(await Promise.all(projections.map((p) => readModels.checkpoint(p.name))))),
        )
      : runnerChangeFeed(runner);
  const limits = new RateLimits(config.rateLimits, config.redisUrl);
  // several processes on one SQLite event file learn of each other's appends through Redis
  const unannounce =
    config.redisUrl && eventStore instanceof SqliteEventStore ? announceAppendsOnRedis(eventStore, config.redisUrl, config.redisPrefix) : async () => undefined;
  const jobs = config.appDb.kind === 'postgres' ? new PgJobLeases(config.appDb.connectionString) : everyJobHere;
  return { config, eventStore, readModels, appDb, personalData, runner, changes, limits, unannounce, erasureFeed, jobs };
}

export async function closeCore(core: Core): Promise<void> {
  await core.changes.close();
  await core.unannounce();
  await core.runner.stop();
  await core.eventStore.close();
  await core.readModels.close();
  await core.erasureFeed?.close();
  await core.jobs.close();
  await core.appDb.destroy();
  await core.limits.close();
}
