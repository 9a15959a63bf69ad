import { type AuditEventRow, streamKind } from '@studio/contracts';
import type { RecordedEvent } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** the auditor's index of the whole log: one row per event, metadata only (data stays in the log) */
export interface AuditEventDoc extends AuditEventRow {
  /** whom the event concerns, when it names them: filters "by doctor" and "by patient" */
  doctorId: string | null;
  patientId: string | null;
}

const PERSON_STREAM = /^(?:patient|user|access)-(.+)$/;
const DOCTOR_DAY_STREAM = /^availability-(.+)-\d{4}-\d{2}-\d{2}$/;

function subjects(event: RecordedEvent): { doctorId: string | null; patientId: string | null } {
  const data = (event.data ?? {}) as { doctorId?: unknown; patientId?: unknown; subjectId?: unknown };
  const doctorId = typeof data.doctorId === 'string' ? data.doctorId : (DOCTOR_DAY_STREAM.exec(event.stream)?.[1] ?? null);
  const named = typeof data.patientId === 'string' ? data.patientId : typeof data.subjectId === 'string' ? data.subjectId : null;
  return { doctorId, patientId: named ?? PERSON_STREAM.exec(event.stream)?.[1] ?? null };
}

export const auditEventsProjection: ProjectionDefinition<AuditEventDoc> = {
  name: 'audit_events',
  // 2: rows keyed by position (was the event's random id)
  version: 2,
  streamPrefixes: [],
  // every type, those of later issues too: the catalogue is not closed for the auditor
  eventTypes: 'all',
  // The log's order, not the event's random UUID: rows go in at the end of the key's B-tree instead of at random
  // pages, which made every insert touch (and every commit write) pages all over the table. Zero-padded, so text
  // order is position order.
  documentId: (event) => String(event.position).padStart(16, '0'),
  evolve(_doc, event) {
    const m = event.metadata ?? ({} as RecordedEvent['metadata']);
    return {
      position: event.position,
      id: event.id,
      stream: event.stream,
      revision: event.revision,
      type: event.type,
      category: streamKind(event.stream),
      at: typeof m.at === 'string' ? m.at : event.recordedAt,
      recordedAt: event.recordedAt,
      userId: String(m.userId ?? ''),
      role: String(m.role ?? ''),
      correlationId: String(m.correlationId ?? ''),
      causationId: String(m.causationId ?? ''),
      ...subjects(event),
    };
  },
  indexes: {
    // the auditor's pages are newest first: each filter's index goes on in the log's order, so a page of a doctor with
    // years of events reads its 50 rows instead of sorting all of them
    stream: { type: 'text', value: (d) => d.stream, then: 'position' },
    category: { type: 'text', value: (d) => d.category, then: 'position' },
    type: { type: 'text', value: (d) => d.type, then: 'position' },
    at: { type: 'text', value: (d) => d.at },
    correlation_id: { type: 'text', value: (d) => d.correlationId, then: 'position' },
    doctor_id: { type: 'text', value: (d) => d.doctorId, then: 'position' },
    patient_id: { type: 'text', value: (d) => d.patientId, then: 'position' },
  },
};
