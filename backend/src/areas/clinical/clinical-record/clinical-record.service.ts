import { Injectable } from '@nestjs/common';

import {
  attachmentFileName,
  attachmentTypeOf,
  parseRecordedEvent,
  type AttachmentType,
  type AttachmentView,
  clinicalStreamName,
  larnDefaultTargets,
  ageInYears,
  type DietTargetsAnswer,
  practiceDay,
  type BmrEquation,
  type ClinicalRecordContent,
  type ClinicalRecordPresence,
  type ClinicalRecordView,
  type DietTargetsRequest,
  type EnergyView,
  type EventMetadata,
  type LabResultRequest,
  type LabResultView,
  type MeasurementRequest,
  type MeasurementView,
  type Sealed,
  type SessionUser,
  type VisitNoteRequest,
  type VisitNoteView,
  readAllergies,
} from '@studio/contracts';
import type { ClinicalRecordDoc } from './clinical-record.projection';
import { randomUUID } from 'node:crypto';

import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import {
  AddAttachment,
  RecordLabResult,
  RecordMeasurement,
  RevokeCareShare,
  SetDietTargets,
  SetRecord,
  ShareCare,
  SignVisitNote,
  type ClinicalWrite,
} from './clinical-record.commands';

import { AccessLogService } from '../../../platform/personal-data/access-log.service';
import { UsersService } from '../../accounts/users';
import { NOT_TREATING } from './clinical-record.decider';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { derived, energyFrom } from './clinical-figures';
import { bookingsReadModel } from '../../scheduling/booking';
import { clinicalRecordsReadModel } from './read-models';

/** a booking that makes a doctor the patient's doctor: paid and confirmed, or held and over (never a mere hold) */
const TREATING_BOOKING_STATUSES = ['confirmed', 'completed', 'no_show'];

/** what the access log says was read */
export const CLINICAL_READ = 'clinical_record';

export interface OpenedRecord {
  patientId: string;
  doc: ClinicalRecordDoc | null;
  record: ClinicalRecordContent | null;
  measurements: MeasurementView[];
}

@Injectable()
export class ClinicalRecordService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly accessLog: AccessLogService,
  ) {}

  // ---- who may read and write -------------------------------------------------------------

  /** does this doctor treat this patient: a paid/confirmed booking with them, or a care the patient shared */
  async treats(doctorId: string, patientId: string, doc?: ClinicalRecordDoc | null): Promise<boolean> {
    const record = doc === undefined ? await this.doc(patientId) : doc;
    if (record?.sharedWith.includes(doctorId)) return true;
    const bookings = await bookingsReadModel.find(this.kernel.readModels, { patient_id: patientId, doctor_id: doctorId });
    return bookings.some((b) => TREATING_BOOKING_STATUSES.includes(b.doc.status));
  }

  /** the reader's right to the record's content, refused in Italian: the patient their own, a treating doctor */
  private async mayRead(user: SessionUser, patientId: string): Promise<ClinicalRecordDoc | null> {
    if (user.role === 'patient') {
      if (user.id !== patientId) throw new ForbiddenError('Puoi consultare solo la tua cartella clinica.', 'cartella_altrui');
      return this.doc(patientId);
    }
    if (user.role === 'admin') throw new ForbiddenError('La segreteria vede se la cartella clinica esiste, non il suo contenuto.', 'cartella_riservata');
    if (user.role !== 'doctor')
      throw new ForbiddenError('I dati sanitari della cartella clinica sono riservati ai medici che seguono il paziente.', 'cartella_riservata');
    await this.patientExists(patientId);
    const doc = await this.doc(patientId);
    if (!(await this.treats(user.id, patientId, doc))) throw new ForbiddenError(NOT_TREATING, 'paziente_non_seguito');
    return doc;
  }

  private async patientExists(patientId: string): Promise<void> {
    const user = await this.users.get(patientId);
    if (user?.role !== 'patient') throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
  }

  /** a read of health data by someone other than the patient goes to the patient's access log before it leaves */
  private async logRead(user: SessionUser, patientId: string, detail: string): Promise<void> {
    if (user.id !== patientId) await this.accessLog.recordAccess(user, patientId, CLINICAL_READ, detail);
  }

  private async doc(patientId: string): Promise<ClinicalRecordDoc | null> {
    return (await clinicalRecordsReadModel.get(this.kernel.readModels, patientId))?.doc ?? null;
  }

  private async open<T>(sealed: Sealed): Promise<T> {
    const value = await this.kernel.personalData.open<T>(sealed);
    if (value === null) throw new NotFoundError('I dati di questo paziente sono stati cancellati.', 'dati_cancellati');
    return value;
  }

  // ---- reads ---------------------------------------------------------------------------------

  /** the segreteria (and everyone who may read it): whether a record exists, nothing of its content */
  async presence(user: SessionUser, patientId: string): Promise<ClinicalRecordPresence> {
    if (user.role !== 'admin' && user.role !== 'doctor') throw new ForbiddenError('Non hai i permessi per questa operazione.');
    // a doctor learns even this much only of a patient they treat: that someone has a clinical record is health data
    const doc = user.role === 'doctor' ? await this.mayRead(user, patientId) : (await this.patientExists(patientId), await this.doc(patientId));
    return { patientId, exists: !!doc?.record };
  }

  async view(user: SessionUser, patientId: string): Promise<ClinicalRecordView> {
    const doc = await this.mayRead(user, patientId);
    const opened = await this.opened(patientId, doc);
    const view: ClinicalRecordView = {
      patientId,
      record: opened.record,
      updatedAt: doc?.record?.at ?? null,
      measurements: opened.measurements,
      notes: await this.notes(doc),
      labs: await this.labs(doc),
      attachments: await this.attachments(doc),
      targets: doc?.targets ? await this.open<DietTargetsRequest>(doc.targets.content) : null,
      sharedWith: doc?.sharedWith ?? [],
    };
    await this.logRead(user, patientId, 'cartella clinica');
    return view;
  }

  async measurements(user: SessionUser, patientId: string): Promise<MeasurementView[]> {
    const doc = await this.mayRead(user, patientId);
    const { measurements } = await this.opened(patientId, doc);
    await this.logRead(user, patientId, 'misurazioni');
    return measurements;
  }

  async energy(user: SessionUser, patientId: string, equation: BmrEquation, pal: number): Promise<EnergyView> {
    const doc = await this.mayRead(user, patientId);
    const opened = await this.opened(patientId, doc);
    const energy = energyFrom(opened, equation, pal);
    await this.logRead(user, patientId, 'fabbisogno energetico');
    return energy;
  }

  /** the diet's targets: the ones set, or the LARN 2014 defaults from the energy need (Mifflin, PAL 1,45) */
  async targets(user: SessionUser, patientId: string): Promise<DietTargetsAnswer> {
    const doc = await this.mayRead(user, patientId);
    const opened = await this.opened(patientId, doc);
    const latest = opened.measurements.at(-1) ?? null;
    await this.logRead(user, patientId, 'obiettivi della dieta');
    const allergies = opened.record?.allergies ?? [];
    // sex and age today: the LARN reference intakes of vitamins and minerals depend on them
    const today = practiceDay(this.kernel.clock.now(), this.kernel.config.practiceTimeZone);
    const person = opened.record ? { sex: opened.record.sex, ageYears: ageInYears(opened.record.birthDate, today) } : null;
    if (doc?.targets)
      return {
        targets: await this.open<DietTargetsRequest>(doc.targets.content),
        isDefault: false,
        weightKg: latest?.weightKg ?? null,
        allergies,
        person,
      };
    let energyKcal = 2000;
    let age = 40;
    try {
      const energy = energyFrom(opened, 'mifflin', 1.45);
      energyKcal = energy.tdeeKcal;
      age = energy.age;
    } catch {
      // without sex, birth date or a measurement the default energy is a round 2000 kcal, adjustable
    }
    return { targets: larnDefaultTargets(energyKcal, age), isDefault: true, weightKg: latest?.weightKg ?? null, allergies, person };
  }

  /** the record and the measurements, opened, oldest measurement first with their derived values */
  async opened(patientId: string, doc: ClinicalRecordDoc | null): Promise<OpenedRecord> {
    const stored = doc?.record ? await this.open<ClinicalRecordContent>(doc.record.content) : null;
    // a record written before the list was structured holds plain strings: read them as allergens or free text
    const record = stored && { ...stored, allergies: readAllergies(stored.allergies) };
    const raw: (MeasurementRequest & { id: string })[] = [];
    for (const entry of doc?.measurements ?? []) raw.push({ id: entry.id, ...(await this.open<MeasurementRequest>(entry.content)) });
    raw.sort((a, b) => a.date.localeCompare(b.date));
    return { patientId, doc, record, measurements: raw.map((m) => derived(m, record)) };
  }

  private async notes(doc: ClinicalRecordDoc | null): Promise<VisitNoteView[]> {
    const notes: VisitNoteView[] = [];
    const names = new Map<string, string>();
    for (const n of doc?.notes ?? []) {
      if (!names.has(n.authorId)) {
        const author = await this.users.get(n.authorId);
        names.set(n.authorId, author ? await this.users.displayName(author) : 'medico');
      }
      const content = await this.open<Omit<VisitNoteRequest, 'corrects'>>(n.content);
      notes.push({
        id: n.id,
        visitDate: content.visitDate,
        text: content.text,
        authorId: n.authorId,
        authorName: names.get(n.authorId)!,
        signedAt: n.at,
        corrects: n.corrects,
        correctedBy: (doc?.notes ?? []).filter((c) => c.corrects === n.id).map((c) => c.id),
      });
    }
    return notes;
  }

  private async attachments(doc: ClinicalRecordDoc | null): Promise<AttachmentView[]> {
    const out: AttachmentView[] = [];
    for (const a of doc?.attachments ?? [])
      out.push({
        id: a.id,
        name: attachmentFileName(await this.open<string>(a.name), a.mediaType as AttachmentType),
        mediaType: a.mediaType as AttachmentType,
        sizeBytes: a.sizeBytes,
        addedAt: a.at,
      });
    return out;
  }

  /** one attachment's bytes, for whoever may read the record; a read by someone else than the patient is logged */
  async attachment(user: SessionUser, patientId: string, attachmentId: string): Promise<{ name: string; mediaType: AttachmentType; bytes: Buffer }> {
    const doc = await this.mayRead(user, patientId);
    const entry = doc?.attachments.find((a) => a.id === attachmentId);
    if (!entry) throw new NotFoundError('Allegato non trovato.', 'allegato_non_trovato');
    const [event] = (await this.kernel.eventStore.readStream(clinicalStreamName(patientId), { fromRevision: entry.revision, maxCount: 1 })).map(
      parseRecordedEvent,
    );
    if (event?.type !== 'AttachmentAdded' || event.data.attachmentId !== attachmentId) throw new NotFoundError('Allegato non trovato.', 'allegato_non_trovato');
    // named by its sniffed type also when it was stored before names were
    const name = attachmentFileName(await this.open<string>(entry.name), event.data.mediaType);
    const bytes = Buffer.from(await this.open<string>(event.data.content), 'base64');
    await this.logRead(user, patientId, `allegato ${attachmentId}`);
    return { name, mediaType: event.data.mediaType, bytes };
  }

  async addAttachment(user: SessionUser, patientId: string, givenName: string, bytes: Buffer, metadata: EventMetadata): Promise<AttachmentView> {
    if (bytes.length === 0) throw new ValidationError('Il file è vuoto.', 'allegato_vuoto');
    const mediaType = attachmentTypeOf(bytes);
    if (!mediaType) throw new UnsupportedTypeError();
    const attachmentId = randomUUID();
    const fileName = attachmentFileName(givenName, mediaType);
    const name = await this.kernel.personalData.seal(patientId, fileName);
    await this.write(
      user,
      patientId,
      AddAttachment,
      (treats, content) => ({ type: 'AddAttachment', patientId, authorId: user.id, treats, content, attachmentId, mediaType, sizeBytes: bytes.length, name }),
      bytes.toString('base64'),
      metadata,
    );
    return { id: attachmentId, name: fileName, mediaType, sizeBytes: bytes.length, addedAt: metadata.at };
  }

  private async labs(doc: ClinicalRecordDoc | null): Promise<LabResultView[]> {
    const labs: LabResultView[] = [];
    for (const l of doc?.labs ?? []) labs.push({ id: l.id, ...(await this.open<LabResultRequest>(l.content)) });
    return labs.sort((a, b) => a.date.localeCompare(b.date));
  }

  // ---- writes ----------------------------------------------------------------------------------

  /** staff writes: only a doctor who treats the patient (the decider refuses the others) */
  private async write<C extends ClinicalWrite>(
    user: SessionUser,
    patientId: string,
    Write: new (stream: string, command: C['command'], metadata: EventMetadata) => C,
    command: (treats: boolean, content: Sealed) => C['command'],
    value: unknown,
    metadata: EventMetadata,
  ) {
    if (user.role !== 'doctor') throw new ForbiddenError('Solo il medico che segue il paziente scrive nella cartella clinica.', 'cartella_riservata');
    await this.patientExists(patientId);
    const treats = await this.treats(user.id, patientId);
    // health data: sealed with the patient's own key before it reaches the log (never sealed for a refused write)
    const content = treats ? await this.kernel.personalData.seal(patientId, value) : { keyId: patientId, iv: '', tag: '', data: '' };
    const { position } = await this.kernel.commands.execute<ClinicalWrite, { position: number | null }>(
      new Write(clinicalStreamName(patientId), command(treats, content), metadata),
    );
    if (position) await this.kernel.changes.waitFor(position);
  }

  async setRecord(user: SessionUser, patientId: string, input: ClinicalRecordContent, metadata: EventMetadata): Promise<ClinicalRecordView> {
    this.notInFuture(input.birthDate, 'La data di nascita');
    if (input.diagnosis) this.notInFuture(input.diagnosis.date, 'La data della diagnosi');
    await this.write(user, patientId, SetRecord, (treats, content) => ({ type: 'SetRecord', patientId, authorId: user.id, treats, content }), input, metadata);
    return this.view(user, patientId);
  }

  async addMeasurement(user: SessionUser, patientId: string, input: MeasurementRequest, metadata: EventMetadata): Promise<MeasurementView> {
    this.notInFuture(input.date, 'La data della misurazione');
    const measurementId = randomUUID();
    await this.write(
      user,
      patientId,
      RecordMeasurement,
      (treats, content) => ({ type: 'RecordMeasurement', patientId, authorId: user.id, treats, content, measurementId }),
      input,
      metadata,
    );
    const doc = await this.doc(patientId);
    const stored = doc?.record ? await this.open<ClinicalRecordContent>(doc.record.content) : null;
    // a record written before the list was structured holds plain strings: read them as allergens or free text
    const record = stored && { ...stored, allergies: readAllergies(stored.allergies) };
    return derived({ id: measurementId, ...input }, record);
  }

  async signNote(user: SessionUser, patientId: string, input: VisitNoteRequest, metadata: EventMetadata): Promise<VisitNoteView> {
    this.notInFuture(input.visitDate, 'La data della visita');
    const noteId = randomUUID();
    const { corrects, ...content } = input;
    await this.write(
      user,
      patientId,
      SignVisitNote,
      (treats, sealed) => ({ type: 'SignVisitNote', patientId, authorId: user.id, treats, content: sealed, noteId, corrects: corrects ?? null }),
      content,
      metadata,
    );
    return (await this.notes(await this.doc(patientId))).find((n) => n.id === noteId)!;
  }

  async addLabResult(user: SessionUser, patientId: string, input: LabResultRequest, metadata: EventMetadata): Promise<LabResultView> {
    this.notInFuture(input.date, 'La data del referto');
    const labId = randomUUID();
    await this.write(
      user,
      patientId,
      RecordLabResult,
      (treats, content) => ({ type: 'RecordLabResult', patientId, authorId: user.id, treats, content, labId }),
      input,
      metadata,
    );
    return { id: labId, ...input };
  }

  async setTargets(user: SessionUser, patientId: string, input: DietTargetsRequest, metadata: EventMetadata): Promise<DietTargetsRequest> {
    await this.write(
      user,
      patientId,
      SetDietTargets,
      (treats, content) => ({ type: 'SetDietTargets', patientId, authorId: user.id, treats, content }),
      input,
      metadata,
    );
    return input;
  }

  async shareCare(user: SessionUser, doctorId: string, share: boolean, metadata: EventMetadata): Promise<{ sharedWith: string[] }> {
    const doctor = await this.users.get(doctorId);
    const stream = clinicalStreamName(user.id);
    const { position } = await this.kernel.commands.execute<ShareCare | RevokeCareShare, { position: number | null }>(
      share
        ? new ShareCare(stream, { type: 'ShareCare', patientId: user.id, doctorId, isDoctor: doctor?.role === 'doctor' }, metadata)
        : new RevokeCareShare(stream, { type: 'RevokeCareShare', patientId: user.id, doctorId }, metadata),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return { sharedWith: (await this.doc(user.id))?.sharedWith ?? [] };
  }

  private notInFuture(date: string, what: string): void {
    if (date > practiceDay(this.kernel.clock.now(), this.kernel.config.practiceTimeZone)) throw new ValidationError(`${what} è nel futuro.`, 'data_futura');
  }
}

/** the content is not a PDF, a JPEG or a PNG, whatever its name says: 415 */
class UnsupportedTypeError extends AppError {
  constructor() {
    super(415, 'tipo_non_ammesso', 'Sono ammessi solo file PDF, JPEG o PNG (il tipo è verificato dal contenuto).');
  }
}
