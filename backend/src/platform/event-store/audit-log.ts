import type Database from 'better-sqlite3';
import type { RecordedEvent } from '@studio/contracts';

/**
 * The auditor's index served by the SQLite log itself: indexes on expressions of the events table, the same
 * values the audit_events projection computes in JavaScript (see audit-events.projection.ts), so the auditor's
 * pages read the log in place and a replay writes no row per event. Each expression is written once here and used
 * both in its CREATE INDEX and in the queries: SQLite takes an expression index only for the very same expression.
 * Only built-in deterministic functions, so any connection (the writer thread, the sqlite3 shell, a backup) can
 * write to the table. Every index also holds the rowid (the position): a filter's page walks it newest first.
 */
export const AUDIT_SQL = {
  /** streamKind: the stream name up to its first '-' */
  category: `(CASE WHEN instr(stream, '-') > 0 THEN substr(stream, 1, instr(stream, '-') - 1) ELSE stream END)`,
  /** the command time in the metadata, else the store's timestamp */
  at: `(CASE WHEN json_type(metadata, '$.at') = 'text' THEN json_extract(metadata, '$.at') ELSE recorded_at END)`,
  correlation: `(json_extract(metadata, '$.correlationId'))`,
  /** data.doctorId, else the doctor of a doctor-day stream (availability-<doctor>-YYYY-MM-DD) */
  doctor: `(CASE WHEN json_type(data, '$.doctorId') = 'text' THEN json_extract(data, '$.doctorId')
    WHEN stream GLOB 'availability-?*-[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN substr(stream, 14, length(stream) - 24) END)`,
  /** data.patientId, else data.subjectId, else the person of a patient-, user- or access- stream */
  patient: `(CASE WHEN json_type(data, '$.patientId') = 'text' THEN json_extract(data, '$.patientId')
    WHEN json_type(data, '$.subjectId') = 'text' THEN json_extract(data, '$.subjectId')
    WHEN stream GLOB 'patient-?*' THEN substr(stream, 9) WHEN stream GLOB 'user-?*' THEN substr(stream, 6)
    WHEN stream GLOB 'access-?*' THEN substr(stream, 8) END)`,
} as const;

const INDEXES: Record<string, string> = {
  events_audit_type: 'type',
  events_audit_category: AUDIT_SQL.category,
  events_audit_at: AUDIT_SQL.at,
  events_audit_correlation: AUDIT_SQL.correlation,
  events_audit_doctor: AUDIT_SQL.doctor,
  events_audit_patient: AUDIT_SQL.patient,
};

/** creates (once: on a large log the first start reads it once) or drops the auditor's indexes on the events table */
export function setAuditIndexes(db: Database.Database, enabled: boolean): void {
  db.transaction(() => {
    for (const [name, expression] of Object.entries(INDEXES))
      db.exec(enabled ? `CREATE INDEX IF NOT EXISTS ${name} ON events (${expression})` : `DROP INDEX IF EXISTS ${name}`);
  }).immediate();
}

/** the auditor's filters, all optional but the page size; `before` is the paging cursor (a position) */
export interface AuditLogFilter {
  stream?: string;
  /** stream kinds (the part of the name before the first '-') */
  categories?: readonly string[];
  type?: string;
  correlationId?: string;
  doctorId?: string;
  patientId?: string;
  /** ISO instants, inclusive, on the event's command time */
  from?: string;
  to?: string;
  before?: number;
  limit: number;
}

/** an event without its data: what the auditor's list shows (the data is read only for the detail) */
export type LoggedEventHead = Omit<RecordedEvent, 'data'>;

/** the page's SQL and its parameters, newest first */
export function auditQuery(f: AuditLogFilter): { sql: string; params: (string | number)[] } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const add = (sql: string, ...values: (string | number)[]) => (where.push(sql), params.push(...values));
  if (f.stream !== undefined) add('stream = ?', f.stream);
  if (f.categories) add(`${AUDIT_SQL.category} IN (${f.categories.map(() => '?').join(', ') || 'NULL'})`, ...f.categories);
  if (f.type !== undefined) add('type = ?', f.type);
  if (f.correlationId !== undefined) add(`${AUDIT_SQL.correlation} = ?`, f.correlationId);
  if (f.doctorId !== undefined) add(`${AUDIT_SQL.doctor} = ?`, f.doctorId);
  if (f.patientId !== undefined) add(`${AUDIT_SQL.patient} = ?`, f.patientId);
  if (f.from !== undefined) add(`${AUDIT_SQL.at} >= ?`, f.from);
  if (f.to !== undefined) add(`${AUDIT_SQL.at} <= ?`, f.to);
  if (f.before !== undefined) add('position < ?', f.before);
  params.push(f.limit);
  return {
    sql: `SELECT position, id, stream, revision, type, metadata, recorded_at FROM events ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY position DESC LIMIT ?`,
    params,
  };
}
