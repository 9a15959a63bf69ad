import { AUDIT_CATEGORIES, type AuditEventRow, type AuditEventsQuery, type EventStore, type RecordedEvent } from '@studio/contracts';
import { auditEventsProjection, type AuditEventDoc } from './audit-events.projection';
import { auditEventsReadModel } from './read-models';
import type { ReadModelStore, Where } from '@studio/projections';
import type { AuditLogFilter } from '../../platform/event-store/audit-log';
import { auditIndexInLog } from '../../platform/event-store/live-projections';
import type { SqliteEventStore } from '../../platform/event-store/sqlite-event-store';

/** where the auditor's list is read from: the log itself, or the audit_events read model (see live-projections) */
export interface AuditIndex {
  /** newest first, at most `limit`, older than `filter.before` */
  page(filter: AuditLogFilter): Promise<AuditEventRow[]>;
  /** the row of the event at `position` */
  at(position: number): Promise<AuditEventRow | null>;
}

/** the query's filters, as the index takes them (instants already checked and normalised by the caller) */
export function auditFilter(q: AuditEventsQuery, limit: number): AuditLogFilter {
  return {
    ...(q.stream ? { stream: q.stream } : {}),
    ...(q.category ? { categories: AUDIT_CATEGORIES[q.category] } : {}),
    ...(q.type ? { type: q.type } : {}),
    ...(q.correlation ? { correlationId: q.correlation } : {}),
    ...(q.doctor ? { doctorId: q.doctor } : {}),
    ...(q.patient ? { patientId: q.patient } : {}),
    ...(q.from ? { from: new Date(q.from).toISOString() } : {}),
    ...(q.to ? { to: new Date(q.to).toISOString() } : {}),
    ...(q.after ? { before: q.after } : {}),
    limit,
  };
}

export function auditIndexFor(store: EventStore, readModels: ReadModelStore): AuditIndex {
  return auditIndexInLog(store, readModels.kind) ? logIndex(store) : readModelIndex(readModels);
}

/** the list's row, the same fields the audit_events projection keeps (its evolve, without the data it never shows) */
function row(event: Omit<RecordedEvent, 'data'>): AuditEventRow {
  const doc = auditEventsProjection.evolve(null, { ...event, data: null } as never) as AuditEventDoc;
  return withoutSubjects(doc);
}

function withoutSubjects(d: AuditEventDoc): AuditEventRow {
  const { doctorId: _d, patientId: _p, ...rest } = d;
  return rest;
}

function logIndex(store: SqliteEventStore): AuditIndex {
  return {
    page: async (filter) => (await store.auditEvents(filter)).map(row),
    at: async (position) => {
      const event = await store.eventAt(position);
      return event ? row(event) : null;
    },
  };
}

function readModelIndex(readModels: ReadModelStore): AuditIndex {
  return {
    page: async (f) => {
      const where: Where = {};
      if (f.stream) where.stream = f.stream;
      if (f.categories) where.category = { in: [...f.categories] };
      if (f.type) where.type = f.type;
      if (f.correlationId) where.correlation_id = f.correlationId;
      if (f.doctorId) where.doctor_id = f.doctorId;
      if (f.patientId) where.patient_id = f.patientId;
      if (f.from || f.to) where.at = { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) };
      if (f.before) where.position = { lt: f.before };
      const docs = await auditEventsReadModel.find(readModels, where, {
        orderBy: [{ column: 'position', direction: 'desc' }],
        limit: f.limit,
      });
      return docs.map((d) => withoutSubjects(d.doc));
    },
    at: async (position) => {
      const [found] = await auditEventsReadModel.find(readModels, { position }, { limit: 1 });
      return found ? withoutSubjects(found.doc) : null;
    },
  };
}
