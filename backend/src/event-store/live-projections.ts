import type { EventStore } from '@studio/contracts';
import { allProjections, auditEventsProjection, type ProjectionDefinition } from '@studio/projections';
import { SqliteEventStore } from './sqlite-event-store';

/**
 * Whether the auditor's index is the log itself: an SQLite log with the read models beside it. With the read models
 * in PostgreSQL (scale-out) or the log in EventStoreDB, the index is the audit_events read model, filled by the
 * projection runner in its batches, one transaction per batch, and rebuilt in bulk.
 */
export function auditIndexInLog(store: EventStore, readModels: 'sqlite' | 'postgres'): store is SqliteEventStore {
  return store instanceof SqliteEventStore && readModels === 'sqlite';
}

/** the projections the runner keeps: every read model, and the auditor's index when the log cannot serve it */
export function liveProjections(store: EventStore, readModels: 'sqlite' | 'postgres'): ProjectionDefinition[] {
  return auditIndexInLog(store, readModels) ? allProjections : [...allProjections, auditEventsProjection];
}
