import { Injectable } from '@nestjs/common';
import type { SessionUser } from '@studio/contracts';
import { ForbiddenError, NotFoundError } from '../../../platform/common/errors';
import { AccessLogService } from '../../../platform/personal-data/access-log.service';
import { UsersService } from '../../accounts/users';
import { ClinicalRecordService } from '../../clinical/clinical-record';
import { NOT_TREATING_DIARY } from './diary.decider';

/** what the patient's access log says was read (reads of one reader on one day are shown grouped) */
export const DIARY_READ = 'diary';

/**
 * Who may read a patient's diary: the patient, and a doctor who treats them by the clinical record's own rule (a paid
 * visit or a care the patient shared). Not the segreteria, not the auditor: the diary is health data.
 */
@Injectable()
export class DiaryAccess {
  constructor(
    private readonly users: UsersService,
    private readonly clinical: ClinicalRecordService,
    private readonly accessLog: AccessLogService,
  ) {}

  async mayRead(user: SessionUser, patientId: string): Promise<void> {
    if (user.role === 'patient') {
      if (user.id !== patientId) throw new ForbiddenError('Puoi consultare solo il tuo diario alimentare.', 'diario_altrui');
      return;
    }
    if (user.role === 'admin') throw new ForbiddenError('Il diario alimentare è un dato sanitario: la segreteria non lo vede.', 'diario_riservato');
    if (user.role !== 'doctor') throw new ForbiddenError('Il diario alimentare è riservato al paziente e ai medici che lo seguono.', 'diario_riservato');
    await this.patientExists(patientId);
    if (!(await this.treats(user, patientId))) throw new ForbiddenError(NOT_TREATING_DIARY, 'paziente_non_seguito');
  }

  /** a doctor's right to write (comment, accept a measure): decided here, ruled on by the decider */
  async treats(user: SessionUser, patientId: string): Promise<boolean> {
    return user.role === 'doctor' && this.clinical.treats(user.id, patientId);
  }

  async patientExists(patientId: string): Promise<void> {
    const patient = await this.users.get(patientId);
    if (patient?.role !== 'patient') throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
  }

  /** a read by someone other than the patient goes to the patient's access log before the data leaves */
  async logRead(user: SessionUser, patientId: string, detail: string): Promise<void> {
    if (user.id !== patientId) await this.accessLog.recordAccess(user, patientId, DIARY_READ, detail);
  }
}
