import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  DUPLICATE_EMAIL_MESSAGE,
  type EventMetadata,
  type NewPatientRequest,
  type PatientListItem,
  type PatientSummary,
  type SessionUser,
} from '@studio/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/common/errors';
import { AccessLogService } from '../../../platform/personal-data/access-log.service';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { UsersService, usersReadModel } from '../../accounts/users';
import { bookingsReadModel } from '../../scheduling/booking';
import { ClinicalRecordService, clinicalRecordsReadModel } from '../clinical-record';

/** a booking that is a visit: to come (confirmed) or been (confirmed in the past, completed) */
const VISIT_STATUSES = ['confirmed', 'completed'];
/** the access log's words for a read of the list */
const LIST_READ = 'elenco dei pazienti';

interface PatientPersonal {
  name: string;
  surname: string;
  phone?: string;
  email?: string;
  taxcode?: string;
}
const NOT_TREATED = 'Puoi vedere solo i pazienti che segui: una visita pagata con te o una cura condivisa dal paziente.';

/** what a search matches: letters and digits only, lower case ("RSS MRA", "+39 333…") */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * The practice's patients: created at the desk (POST /api/patients) and listed (GET /api/patients?q=) for the segreteria
 * (all) and a doctor (theirs: the record's rule, a paid visit or a care the patient shared). Names, phones and birth dates
 * are personal data: each patient listed gets an entry in their access log before the answer leaves.
 */
@Injectable()
export class PatientsService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly records: ClinicalRecordService,
    private readonly accessLog: AccessLogService,
  ) {}

  /** a patient account without a password anyone knows: with an email, the patient claims it with "Password dimenticata?" */
  async create(user: SessionUser, input: NewPatientRequest, metadata: EventMetadata): Promise<{ id: string }> {
    if (user.role !== 'admin' && user.role !== 'doctor') throw new ForbiddenError('Solo la segreteria o un medico possono registrare un paziente.');
    const userId = randomUUID();
    const duplicate = () => new ConflictError(DUPLICATE_EMAIL_MESSAGE, 'email_esistente');
    if (input.email) {
      if (await this.users.emailTaken(input.email)) throw duplicate();
      // one email, one account: the same claim as a registration or an invitation
      if (!(await this.users.claimEmail(input.email, userId, metadata))) throw duplicate();
    }
    const { name, surname, phone, taxcode } = input;
    const { position } = await this.users.register(
      { role: 'patient', userId, name, surname, email: input.email ?? '', password: randomBytes(24).toString('base64url'), phone, taxcode },
      metadata,
    );
    if (position) await this.kernel.changes.waitFor(position);
    return { id: userId };
  }

  async list(user: SessionUser, query: string | undefined): Promise<PatientListItem[]> {
    const ids = user.role === 'admin' ? await this.everyPatient() : user.role === 'doctor' ? await this.treatedBy(user.id) : null;
    if (!ids) throw new ForbiddenError('L’elenco dei pazienti è riservato ai medici e alla segreteria.');
    const wanted = folded(query ?? '');
    const found: PatientListItem[] = [];
    for (const id of ids) {
      const opened = await this.opened(id);
      if (!opened) continue;
      const { personal } = opened;
      const keys = [
        personal.name,
        personal.surname,
        `${personal.name}${personal.surname}`,
        `${personal.surname}${personal.name}`,
        personal.taxcode ?? '',
        personal.phone ?? '',
      ];
      if (wanted && !keys.some((k) => folded(k).includes(wanted))) continue;
      found.push(await this.item(user, id, personal));
    }
    // recorded before the identities leave: an unrecorded read cannot happen
    for (const item of found) await this.accessLog.recordAccess(user, item.id, 'personal_data', LIST_READ);
    return found.sort((a, b) => a.surname.localeCompare(b.surname, 'it') || a.name.localeCompare(b.name, 'it'));
  }

  /** GET /api/patients/:id: the patient header; the segreteria any patient, a doctor one they treat */
  async summary(user: SessionUser, patientId: string): Promise<PatientSummary> {
    const opened = await this.opened(patientId);
    if (!opened) throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    if (user.role === 'doctor' && !(await this.records.treats(user.id, patientId))) throw new ForbiddenError(NOT_TREATED, 'paziente_non_seguito');
    if (user.role !== 'doctor' && user.role !== 'admin') throw new ForbiddenError('I dati dei pazienti sono riservati ai medici e alla segreteria.');
    const item = await this.item(user, patientId, opened.personal);
    await this.accessLog.recordAccess(user, patientId, 'personal_data', 'scheda del paziente');
    return { ...item, email: opened.personal.email ?? '' };
  }

  private async opened(id: string): Promise<{ personal: PatientPersonal } | null> {
    const account = await this.users.get(id);
    const personal = account?.role === 'patient' ? await this.users.openPersonal<PatientPersonal>(account) : null;
    return personal ? { personal } : null;
  }

  /** next and last visit: a doctor sees their own, the segreteria any doctor's */
  private async item(user: SessionUser, id: string, personal: PatientPersonal): Promise<PatientListItem> {
    const now = this.kernel.clock.now().toISOString();
    const bookings = (await bookingsReadModel.find(this.kernel.readModels, { patient_id: id }))
      .map((b) => b.doc)
      .filter((b) => VISIT_STATUSES.includes(b.status) && (user.role !== 'doctor' || b.doctorId === user.id));
    const next = bookings.filter((b) => b.status === 'confirmed' && b.start >= now).sort((a, b) => a.start.localeCompare(b.start))[0];
    const last = bookings.filter((b) => b.start < now).sort((a, b) => b.start.localeCompare(a.start))[0];
    return {
      id,
      name: personal.name,
      surname: personal.surname,
      birthDate: await this.birthDate(id),
      phone: personal.phone ?? '',
      nextVisit: next?.start ?? null,
      lastVisit: last?.start ?? null,
    };
  }

  private async everyPatient(): Promise<string[]> {
    return (await usersReadModel.find(this.kernel.readModels, { role: 'patient' })).map((u) => u.id);
  }

  /** the record's rule (ClinicalRecordService.treats) over the patients the doctor has met or been given */
  private async treatedBy(doctorId: string): Promise<string[]> {
    const booked = (await bookingsReadModel.find(this.kernel.readModels, { doctor_id: doctorId })).map((b) => b.doc.patientId);
    const shared = (await clinicalRecordsReadModel.find(this.kernel.readModels, {})).filter((r) => r.doc.sharedWith.includes(doctorId)).map((r) => r.id);
    const ids: string[] = [];
    for (const id of new Set([...booked, ...shared])) if (await this.records.treats(doctorId, id)) ids.push(id);
    return ids;
  }

  /** the birth date the record keeps (sealed), which tells namesakes apart; null without a record */
  private async birthDate(patientId: string): Promise<string | null> {
    const record = (await clinicalRecordsReadModel.get(this.kernel.readModels, patientId))?.doc.record;
    return record ? ((await this.kernel.personalData.open<{ birthDate?: string }>(record.content))?.birthDate ?? null) : null;
  }
}
