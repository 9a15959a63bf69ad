import type { EventStore, ProjectionDefinition } from '@studio/contracts';
import { SqliteEventStore } from './sqlite-event-store';

/**
 * Whether the auditor's index is the log itself: an SQLite log with the read models beside it. With the read models
 * in PostgreSQL (scale-out) or the log in EventStoreDB, the index is the audit_events read model, filled by the
 * projection runner in its batches, one transaction per batch, and rebuilt in bulk.
 */
export function auditIndexInLog(store: EventStore, readModels: 'sqlite' | 'postgres'): store is SqliteEventStore {
  return store instanceof SqliteEventStore && readModels === 'sqlite';
}

/**
 * Folds nothing, on every stream: with it the runner's subscription reads the whole log and every checkpoint follows
 * its head, as when the auditor's index (every stream) was one of the projections. Without it an event that no read
 * model folds (a read recorded on access-…) would leave the checkpoints behind, and a wait on its position (the
 * scale-out change feed reads the least checkpoint) would last until its timeout. Not a read model: nothing to rebuild.
 */
export const logHeadProjection: ProjectionDefinition = {
  name: 'log_head',
  version: 1,
  streamPrefixes: [],
  eventTypes: [],
  documentId: () => null,
  evolve: (doc) => doc,
  indexes: {},
};

/** what an admin may rebuild: the runner's read models, not the log's head */
export const rebuildable = (projections: readonly ProjectionDefinition[]): ProjectionDefinition[] => projections.filter((p) => p !== logHeadProjection);
