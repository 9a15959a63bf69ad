import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_CATEGORIES, type RecordedEvent } from '@studio/contracts';
import { InMemoryEventStore } from '@studio/projections';
import { auditEventsProjection, type AuditEventDoc } from '../../areas/audit/audit-events.projection';
import { auditQuery, type AuditLogFilter } from './audit-log';
import { auditIndexInLog } from './live-projections';
import { liveProjections, rebuildableProjections } from '../../app/infrastructure/projections';
import { SqliteEventStore } from './sqlite-event-store';

/** events whose subjects come from every place the projection looks, and from none */
const EVENTS: { stream: string; type: string; data: unknown; metadata: Record<string, unknown> }[] = [
  { stream: 'availability-med1-2030-03-04', type: 'SlotOpened', data: { doctorId: 'med1', slotId: 's' }, metadata: { at: '2030-03-01T10:00:00.000Z' } },
  // the doctor from the doctor-day stream's name, a hyphen in the id included
  { stream: 'availability-med-2-2030-03-04', type: 'SlotClosed', data: { slotId: 's' }, metadata: { at: '2030-03-01T11:00:00.000Z' } },
  // not a doctor-day: no date at the end
  { stream: 'availability-med3', type: 'SlotClosed', data: {}, metadata: { at: '2030-03-01T12:00:00.000Z' } },
  // a doctorId that is not text does not count; the name of the stream does
  { stream: 'availability-med4-2030-03-05', type: 'SlotOpened', data: { doctorId: 7 }, metadata: { at: '2030-03-01T12:30:00.000Z' } },
  { stream: 'booking-b1', type: 'BookingHeld', data: { doctorId: 'med1', patientId: 'p1' }, metadata: { at: '2030-03-02T09:00:00.000Z', correlationId: 'c1' } },
  { stream: 'patient-p2', type: 'QuestionnaireAnswered', data: { answers: {} }, metadata: { at: '2030-03-02T10:00:00.000Z', correlationId: 'c1' } },
  { stream: 'user-p3', type: 'UserRegistered', data: { userId: 'p3' }, metadata: { correlationId: 'c2' } },
  { stream: 'access-p4', type: 'PersonalDataAccessed', data: { subjectId: 'p4', what: 'diet' }, metadata: { at: '2030-03-03T08:00:00.000Z' } },
  // subjectId names the person over the stream's name; a patientId over both
  { stream: 'access-p5', type: 'PersonalDataAccessed', data: { subjectId: 'p6' }, metadata: { at: 42 } },
  { stream: 'user-p7', type: 'PersonalDataErased', data: { patientId: 'p8', subjectId: 'p9' }, metadata: { at: '2030-03-03T09:00:00.000Z' } },
  { stream: 'food-f1', type: 'FoodCreated', data: null, metadata: { at: '2030-03-04T00:00:00.000Z' } },
  { stream: 'diet-d1', type: 'DietSaved', data: [1, 2], metadata: { at: '2030-03-04T01:00:00.000Z' } },
  { stream: 'receipts', type: 'ReceiptIssued', data: { patientId: 'p1' }, metadata: { at: '2030-03-04T02:00:00.000Z' } },
  { stream: 'user-', type: 'UserRegistered', data: {}, metadata: { at: '2030-03-04T03:00:00.000Z' } },
];

describe("the auditor's index in the SQLite log", () => {
  let dir: string;
  let store: SqliteEventStore;
  let recorded: RecordedEvent[];
  let docs: AuditEventDoc[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-log-'));
    store = new SqliteEventStore(join(dir, 'events.db'));
    // events appended before the indexes exist are indexed when they are built (an existing log)
    for (const e of EVENTS.slice(0, 5))
      await store.append(e.stream, [{ type: e.type, data: e.data, metadata: e.metadata as never }], { expectedRevision: 'any' });
    store.setAuditIndex(true);
    for (const e of EVENTS.slice(5)) await store.append(e.stream, [{ type: e.type, data: e.data, metadata: e.metadata as never }], { expectedRevision: 'any' });
    recorded = await store.readAll();
    docs = recorded.map((e) => auditEventsProjection.evolve(null, e as never) as AuditEventDoc);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** what the audit_events read model answers: its documents, filtered as its indexes are, newest first */
  const expected = (keep: (d: AuditEventDoc) => boolean, limit = 100) =>
    docs
      .filter(keep)
      .sort((a, b) => b.position - a.position)
      .slice(0, limit)
      .map((d) => d.position);
  const actual = async (filter: Omit<AuditLogFilter, 'limit'>, limit = 100) => (await store.auditEvents({ ...filter, limit })).map((e) => e.position);

  it('filters by doctor, patient, category, type, correlation and time as the audit_events projection does', async () => {
    for (const doctorId of ['med1', 'med-2', 'med3', 'med4', '7']) expect(await actual({ doctorId })).toEqual(expected((d) => d.doctorId === doctorId));
    for (const patientId of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', ''])
      expect(await actual({ patientId })).toEqual(expected((d) => d.patientId === patientId));
    for (const kinds of Object.values(AUDIT_CATEGORIES))
      expect(await actual({ categories: kinds })).toEqual(expected((d) => (kinds as readonly string[]).includes(d.category)));
    expect(await actual({ categories: ['receipts'] })).toEqual(expected((d) => d.category === 'receipts'));
    expect(await actual({ type: 'SlotClosed' })).toEqual(expected((d) => d.type === 'SlotClosed'));
    expect(await actual({ correlationId: 'c1' })).toEqual(expected((d) => d.correlationId === 'c1'));
    expect(await actual({ stream: 'access-p5' })).toEqual(expected((d) => d.stream === 'access-p5'));
    const from = '2030-03-02T00:00:00.000Z';
    const to = '2030-03-03T08:00:00.000Z';
    expect(await actual({ from, to })).toEqual(expected((d) => d.at >= from && d.at <= to));
    // an event without a command time is placed at the store's own timestamp
    const stamped = docs.find((d) => d.stream === 'user-p3')!;
    expect(await actual({ from: stamped.at, to: stamped.at })).toEqual(expected((d) => d.at === stamped.at));
    // every doctor and patient of the fixtures was found somewhere, so no filter above passed by matching nothing
    expect(new Set(docs.map((d) => d.doctorId))).toEqual(new Set(['med1', 'med-2', 'med4', null]));
    expect(new Set(docs.map((d) => d.patientId))).toEqual(new Set(['p1', 'p2', 'p3', 'p4', 'p6', 'p8', null]));
  });

  it('pages newest first with the position cursor, filters combined', async () => {
    expect(await actual({}, 3)).toEqual(expected(() => true, 3));
    const first = await actual({}, 5);
    expect(await actual({ before: first[4] }, 5)).toEqual(expected((d) => d.position < first[4], 5));
    expect(await actual({ doctorId: 'med1', categories: ['booking'] })).toEqual(expected((d) => d.doctorId === 'med1' && d.category === 'booking'));
    const heads = await store.auditEvents({ limit: 1 });
    const { data: _data, ...last } = recorded[recorded.length - 1];
    expect(heads).toEqual([last]);
  });

  it('answers every filter from its index, newest first without sorting', () => {
    const db = new Database(join(dir, 'events.db'), { readonly: true });
    try {
      const plan = (filter: Omit<AuditLogFilter, 'limit'>) => {
        const { sql, params } = auditQuery({ ...filter, limit: 51 });
        return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join(' | ');
      };
      for (const [filter, index] of [
        [{ doctorId: 'med1' }, 'events_audit_doctor'],
        [{ patientId: 'p1' }, 'events_audit_patient'],
        [{ type: 'SlotOpened' }, 'events_audit_type'],
        [{ correlationId: 'c1' }, 'events_audit_correlation'],
        [{ categories: ['booking'] }, 'events_audit_category'],
        [{ doctorId: 'med1', before: 3 }, 'events_audit_doctor'],
      ] as const) {
        expect(plan(filter)).toContain(index);
        expect(plan(filter)).not.toContain('TEMP B-TREE');
      }
      // a closed time window reads only its range (and sorts it); an open one walks the log newest first
      expect(plan({ from: '2030-03-02T00:00:00.000Z', to: '2030-03-03T00:00:00.000Z' })).toContain('events_audit_at');
    } finally {
      db.close();
    }
  });

  it('drops its indexes where the log is not the index', async () => {
    const other = new SqliteEventStore(':memory:');
    try {
      other.setAuditIndex(true);
      other.setAuditIndex(false);
      expect(await other.auditEvents({ limit: 10 })).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('is the index only for an SQLite log with SQLite read models: elsewhere the audit_events projection runs', () => {
    expect(auditIndexInLog(store, 'sqlite')).toBe(true);
    expect(liveProjections(store, 'sqlite').map((p) => p.name)).not.toContain('audit_events');
    // the runner still follows the whole log: its checkpoints reach the head past events no read model folds
    expect(liveProjections(store, 'sqlite').some((p) => p.streamPrefixes.length === 0)).toBe(true);
    expect(rebuildableProjections(store, 'sqlite').map((p) => p.name)).not.toContain('log_head');
    expect(liveProjections(store, 'postgres').map((p) => p.name)).toContain('audit_events');
    expect(liveProjections(new InMemoryEventStore(), 'sqlite').map((p) => p.name)).toContain('audit_events');
  });
});
