import type { EventStore } from '@studio/contracts';
import { EsdbEventStore } from './esdb-event-store';
import { SqliteEventStore } from './sqlite-event-store';

export type EventStoreConfig = { kind: 'sqlite'; filename: string; writerThread?: boolean } | { kind: 'eventstoredb'; connectionString: string };

/** The config switch between the embedded and the scaled-out adapter; callers only see the port. */
export function createEventStore(config: EventStoreConfig): EventStore {
  switch (config.kind) {
    case 'sqlite':
      return new SqliteEventStore(config.filename, { writerThread: config.writerThread });
    case 'eventstoredb':
      return new EsdbEventStore(config.connectionString);
  }
}
