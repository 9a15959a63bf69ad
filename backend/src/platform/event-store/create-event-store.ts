import type { EventStore } from '@studio/contracts';
import type { EsdbEventStore } from './esdb-event-store';
import { PostgresEventStore } from './postgres-event-store';
import { SqliteEventStore } from './sqlite-event-store';

/** chainKey: signs every event's stream head (see hash-chain); kept outside DATA_DIR and the backups */
export type EventStoreConfig =
  | { kind: 'sqlite'; filename: string; writerThread?: boolean; chainKey?: Buffer }
  | { kind: 'eventstoredb'; connectionString: string; chainKey?: Buffer }
  | { kind: 'postgres'; connectionString: string; chainKey?: Buffer };

/** The config switch between the embedded and the scaled-out adapters; callers only see the port. */
export function createEventStore(config: EventStoreConfig): EventStore {
  switch (config.kind) {
    case 'sqlite':
      return new SqliteEventStore(config.filename, { writerThread: config.writerThread, chainKey: config.chainKey });
    case 'eventstoredb': {
      // loaded only when chosen: the EventStoreDB client (gRPC) was an eighth of every SQLite start-up's module loading
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { EsdbEventStore: Esdb } = require('./esdb-event-store') as { EsdbEventStore: typeof EsdbEventStore };
      return new Esdb(config.connectionString, { chainKey: config.chainKey });
    }
    case 'postgres':
      return new PostgresEventStore(config.connectionString, { chainKey: config.chainKey });
  }
}
