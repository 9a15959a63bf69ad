import { Injectable } from '@nestjs/common';
import {
  ENCRYPTED_PLACEHOLDER,
  ERASED_PLACEHOLDER,
  Sealed,
  STREAM_PREFIX,
  availabilityStreamName,
  bookingStreamName,
  orderStreamName,
  userStreamName,
  type AsOfPatientRecord,
  availabilityRangeProblem,
  type AuditEventDetail,
  type AuditEventRow,
  type AuditEventsPage,
  type AuditEventsQuery,
  type AvailabilityEvent,
  type ChainVerification,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
  type SessionUser,
} from '@studio/contracts';
import { bookingsReadModel } from '../scheduling/booking';
import { ordersReadModel } from '../payments/orders';
import { type ReadModel, type ReadModelStore, applyEvents, createReadModelStore } from '@studio/projections';
import { usersReadModel } from '../accounts/users';
import { availabilityRange, availabilitySlotsReadModel } from '../scheduling/availability';
import { NotFoundError, ValidationError } from '../../platform/common/errors';
import { ErasePatient } from '../accounts/users';
import { SessionSocketsGateway } from '../../platform/auth';
import { KernelPorts } from '../../platform/kernel/kernel-ports';
import { ChainVerifier } from '../../platform/event-store/hash-chain';
import { type Ports } from '../../platform/kernel/ports';
import { AccessLogService } from '../../platform/personal-data/access-log.service';
import { auditFilter, auditIndexFor, type AuditIndex } from './audit-index';

/**
 * Who may see personal fields in clear in the history: the admin (segreteria, acting for the
 * data controller). The auditor checks the history, not people's health, so reads it sealed
 * (data minimisation). Every decrypted read is recorded in the subject's access log.
 */
export const mayDecrypt = (role: SessionUser['role']): boolean => role === 'admin';

const PAGE = 50;
const DAY_MS = 86_400_000;

@Injectable()
export class AuditService {
  /** the auditor's list: the log itself on SQLite, else the audit_events read model (see live-projections) */
  private readonly index: AuditIndex;

  private readonly readModels: Ports['readModels'];

  constructor(
    private readonly kernel: KernelPorts,
    private readonly accessLog: AccessLogService,
    private readonly sessionSockets: SessionSocketsGateway,
  ) {
    this.readModels = kernel.readModels;
    this.index = auditIndexFor(kernel.eventStore, kernel.readModels);
  }

  async events(q: AuditEventsQuery): Promise<AuditEventsPage> {
    if (q.from && q.to && Date.parse(q.to) < Date.parse(q.from))
      throw new ValidationError('La fine dell’intervallo deve seguire l’inizio.', 'intervallo_non_valido');
    const limit = q.limit ?? PAGE;
    const rows = await this.index.page(auditFilter(q, limit + 1));
    const page = await this.withAccessKinds(rows.slice(0, limit));
    return { events: page, next: rows.length > limit ? page[page.length - 1].position : null };
  }

  /**
   * A read of personal data says what was read (only its kind: "dati anagrafici", "dieta"…), so that /storico can group
   * repeated reads (same reader, same kind, same hour) as the person's own list does: one read of each access stream's
   * revisions on the page.
   */
  private async withAccessKinds(rows: AuditEventRow[]): Promise<AuditEventRow[]> {
    const byStream = new Map<string, AuditEventRow[]>();
    for (const r of rows) if (r.type === 'PersonalDataAccessed') byStream.set(r.stream, [...(byStream.get(r.stream) ?? []), r]);
    for (const [stream, reads] of byStream) {
      const revisions = reads.map((r) => r.revision);
      const from = Math.min(...revisions);
      const events = await this.kernel.eventStore.readStream(stream, { fromRevision: from, maxCount: Math.max(...revisions) - from + 1 });
      const kinds = new Map(events.map((e) => [e.revision, (e.data as { what?: unknown }).what]));
      for (const r of reads) {
        const what = kinds.get(r.revision);
        if (typeof what === 'string') r.what = what;
      }
    }
    return rows;
  }

  /** the patients' ids, for the auditor's patient field (names stay sealed for the auditor: the field shows a short code) */
  async patientIds(): Promise<{ id: string }[]> {
    const users = await usersReadModel.find(this.readModels, { role: 'patient' });
    return users.map((u) => ({ id: u.id }));
  }

  async event(viewer: SessionUser, position: number): Promise<AuditEventDetail> {
    const found = await this.index.at(position);
    if (!found) throw new NotFoundError('Evento non trovato.', 'evento_non_trovato');
    const [event] = await this.kernel.eventStore.readStream(found.stream, { fromRevision: found.revision, maxCount: 1 });
    if (!event) throw new NotFoundError('Evento non trovato.', 'evento_non_trovato');
    // health data of the clinical record: the segreteria sees that it exists, never its content, not even here
    const decrypt = mayDecrypt(viewer.role) && !found.stream.startsWith(STREAM_PREFIX.clinical);
    const subjects = new Set<string>();
    const data = await this.reveal(event.data, decrypt, subjects);
    // recorded before the answer leaves: an unrecordable read is no read
    for (const subject of subjects) await this.accessLog.recordAccess(viewer, subject, 'audit_event', event.id);
    return { ...found, data, metadata: { ...event.metadata }, decrypted: decrypt && subjects.size > 0 };
  }

  /** sealed fields become the placeholder, or their clear value for a viewer who may read them */
  private async reveal(value: unknown, decrypt: boolean, subjects: Set<string>): Promise<unknown> {
    if (Array.isArray(value)) return Promise.all(value.map((v) => this.reveal(v, decrypt, subjects)));
    if (value === null || typeof value !== 'object') return value;
    const sealed = Sealed.safeParse(value);
    if (sealed.success) {
      if (!decrypt) return ENCRYPTED_PLACEHOLDER;
      const clear = await this.kernel.personalData.open(sealed.data).catch(() => null);
      if (clear === null) return ERASED_PLACEHOLDER;
      subjects.add(sealed.data.keyId);
      return clear;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await this.reveal(v, decrypt, subjects);
    return out;
  }

  /** one stream, or the whole log in global order */
  async verify(stream?: string): Promise<ChainVerification> {
    // every event's head must carry the chain key's signature: recomputed hashes alone do not pass
    const verifier = new ChainVerifier(this.kernel.config.eventStore.chainKey);
    if (stream) {
      for (const e of await this.kernel.eventStore.readStream(stream)) verifier.visit(e);
      if (verifier.checked === 0) throw new NotFoundError('Flusso di eventi non trovato.', 'flusso_non_trovato');
    } else {
      let after = 0;
      for (;;) {
        const batch = await this.kernel.eventStore.readAll({ after, maxCount: 2000 });
        if (batch.length === 0) break;
        for (const e of batch) verifier.visit(e);
        after = batch[batch.length - 1].position;
      }
    }
    return { scope: stream ?? 'tutto il registro', checked: verifier.checked, ok: verifier.firstBroken === null, firstBroken: verifier.firstBroken };
  }

  /**
   * What GET /disponibilita/json answered at `at`: the doctor's account and doctor-day streams
   * replayed up to that instant (the command time each event carries) into a temporary in-memory
   * read model, then the same mapping the live endpoint uses. The live read model is not touched.
   */
  async availabilityAsOf(doctorId: string, start: string, end: string, at: string): Promise<AvailabilityEvent[]> {
    return availabilityAsOf(this.kernel.eventStore, doctorId, start, end, at);
  }

  /** a patient's bookings and orders as they were at `at`, from the same projections as /home */
  async patientAsOf(viewer: SessionUser, patientId: string, at: string): Promise<AsOfPatientRecord> {
    const live = await usersReadModel.get(this.readModels, patientId);
    if (!live || live.doc.role !== 'patient') throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    const bookings = await bookingsReadModel.find(this.readModels, { patient_id: patientId });
    const orders = await ordersReadModel.find(this.readModels, { patient_id: patientId });
    const streams = [userStreamName(patientId), ...bookings.map((b) => bookingStreamName(b.id)), ...orders.map((o) => orderStreamName(o.id))];
    const record = await replayAsOf(this.kernel.eventStore, streams, at, [usersReadModel, bookingsReadModel, ordersReadModel], async (readModels) => ({
      user: (await usersReadModel.get(readModels, patientId))?.doc ?? null,
      bookings: (await bookingsReadModel.find(readModels, { patient_id: patientId })).map((b) => b.doc),
      orders: (await ordersReadModel.find(readModels, { patient_id: patientId })).map((o) => o.doc),
    }));
    // the name is read from the live account: erasure is forever, also looking back
    let name = ENCRYPTED_PLACEHOLDER;
    if (!live.doc.personal) name = ERASED_PLACEHOLDER;
    else if (mayDecrypt(viewer.role)) {
      const personal = await this.kernel.personalData.open<{ name: string; surname: string }>(live.doc.personal);
      if (personal) {
        await this.accessLog.recordAccess(viewer, patientId, 'personal_data', 'storico');
        name = `${personal.name} ${personal.surname}`;
      } else name = ERASED_PLACEHOLDER;
    }
    return {
      patientId,
      at: new Date(at).toISOString(),
      name: record.user ? name : '—',
      bookings: record.bookings
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((b) => ({ id: b.id, doctorId: b.doctorId, start: b.start, end: b.end, status: b.status })),
      orders: record.orders.map((o) => ({ id: o.id, bookingId: o.bookingId, productName: o.productName, amountCents: o.amountCents, status: 'placed' })),
    };
  }

  /**
   * Right to erasure: the erasure event records who and when, then the key goes (crypto-shredding).
   * Bookings and orders stay (tax records); their sealed fields can no longer be opened.
   */
  async erase(patientId: string, metadata: EventMetadata): Promise<{ patientId: string; erasedAt: string }> {
    const { position } = await this.kernel.commands.execute(
      new ErasePatient(userStreamName(patientId), { type: 'ErasePatient', patientId, erasedBy: metadata.userId, erasedByRole: metadata.role }, metadata),
    );
    // destroying the key also ends the person's sessions; their open sockets close on every instance
    await this.kernel.personalData
      .destroyKey(patientId, { erasedAt: metadata.at, erasedBy: metadata.userId, erasedByRole: metadata.role })
      .finally(() => this.sessionSockets.endUser(patientId));
    await this.kernel.changes.waitFor(position!);
    return { patientId, erasedAt: metadata.at };
  }
}

/** when the event happened: the command time in its metadata, else the store's own timestamp */
export const recordedTime = (e: RecordedEvent): string => (typeof e.metadata?.at === 'string' ? e.metadata.at : e.recordedAt);

/**
 * Replays `streams` up to the instant `at` (each event's command time) into a temporary
 * in-memory read model with the live projections' own evolve, and lets `read` query it. The
 * live read model is never touched; the temporary one is dropped right after.
 */
export async function replayAsOf<T>(
  store: EventStore,
  streams: string[],
  at: string,
  readModels: ReadModel<any>[],
  read: (temp: ReadModelStore) => Promise<T>,
): Promise<T> {
  const projections = readModels.map((m) => m.projection);
  const instant = Date.parse(at);
  const events: RecordedEvent[] = [];
  for (const stream of streams) {
    for (const e of await store.readStream(stream)) if (Date.parse(recordedTime(e)) <= instant) events.push(e);
  }
  events.sort((a, b) => a.position - b.position);
  const temp = await createReadModelStore({ kind: 'sqlite', filename: ':memory:' });
  try {
    for (const def of projections) await temp.ensureCollection(def);
    await temp.transaction(async (tx) => {
      for (const def of projections) await applyEvents(tx, def, events);
    });
    return await read(temp);
  } finally {
    await temp.close();
  }
}

/** what GET /disponibilita/json answered at `at`: the doctor's account and doctor-day streams only */
export async function availabilityAsOf(store: EventStore, doctorId: string, start: string, end: string, at: string): Promise<AvailabilityEvent[]> {
  const from = Date.parse(start);
  const to = Date.parse(end);
  const days: string[] = [];
  // availabilityRange refuses too wide a range; only its streams are read here
  for (let d = Math.floor(from / DAY_MS) * DAY_MS; d < to && days.length <= 63; d += DAY_MS) days.push(new Date(d).toISOString().slice(0, 10));
  const streams = [userStreamName(doctorId), ...days.map((day) => availabilityStreamName(doctorId, day))];
  return replayAsOf(store, streams, at, [usersReadModel, availabilitySlotsReadModel], async (readModels) => {
    const doctor = (await usersReadModel.get(readModels, doctorId))?.doc;
    if (!doctor || doctor.role !== 'doctor') throw new NotFoundError('Medico non trovato a quella data.', 'medico_non_trovato');
    const problem = availabilityRangeProblem(start, end);
    if (problem) throw new ValidationError(problem.message, problem.code);
    return availabilityRange(readModels, doctor, start, end);
  });
}
