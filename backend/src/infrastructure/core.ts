import { ProjectionRunner, createReadModelStore } from '@studio/projections';
import type { AppConfig } from '../config/config';
import { createEventStore } from '../event-store/create-event-store';
import { ErasureLedger } from '../personal-data/erasure-ledger';
import { PersonalDataService } from '../personal-data/personal-data.service';
import { RateLimits } from '../security/rate-limits';
import { openAppDb } from '../kernel/app-db';
import { type Ports } from '../kernel/ports';
import { announceAppendsOnRedis, redisChangeFeed, runnerChangeFeed } from './change-feed';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { privateDatabaseFile } from '../security/private-files';
import { auditIndexInLog } from '../event-store/live-projections';
import { liveProjections } from './projections';

/** the stores every module shares, built before Nest so their lifecycle is explicit */
export interface Core extends Ports {
  /** stops announcing this process's appends to the others (scale-out on one SQLite file) */
  unannounce(): Promise<void>;
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
  const personalData = new PersonalDataService(appDb, config.lookupSecret, ledger);
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
  return { config, eventStore, readModels, appDb, personalData, runner, changes, limits, unannounce };
}

export async function closeCore(core: Core): Promise<void> {
  await core.changes.close();
  await core.unannounce();
  await core.runner.stop();
  await core.eventStore.close();
  await core.readModels.close();
  await core.appDb.destroy();
  await core.limits.close();
}
