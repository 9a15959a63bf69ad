import { Injectable } from '@nestjs/common';
import {
  diaryStreamName,
  practiceDay,
  type EventMetadata,
  type MeasurementView,
  type SelfMeasurementRequest,
  type SelfMeasurementView,
  type SessionUser,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { ClinicalRecordService } from '../../clinical/clinical-record';
import { DiaryAccess } from './diary-access';
import { AcceptSelfMeasurement, ReportSelfMeasurement } from './diary.commands';
import { diaryReadModel } from './read-models';

/**
 * Weight (and waist) the patient measures at home: kept on the diary's stream, marked self-reported, never among the
 * record's measurements (the ones BMI and the energy equations read) until a treating doctor accepts one; accepted, it
 * becomes a measurement of the record, with the height of the latest measurement taken at the practice.
 */
@Injectable()
export class SelfMeasurementsService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly access: DiaryAccess,
    private readonly clinical: ClinicalRecordService,
  ) {}

  async report(user: SessionUser, input: SelfMeasurementRequest, metadata: EventMetadata): Promise<SelfMeasurementView> {
    if (input.date > practiceDay(this.kernel.clock.now(), this.kernel.config.practiceTimeZone))
      throw new ValidationError('La data della misurazione è nel futuro.', 'data_futura');
    const measurementId = randomUUID();
    const content = await this.kernel.personalData.seal(user.id, input);
    const { position } = await this.kernel.commands.execute<ReportSelfMeasurement, { position: number | null }>(
      new ReportSelfMeasurement(diaryStreamName(user.id), { type: 'ReportSelfMeasurement', patientId: user.id, measurementId, content }, metadata),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return { id: measurementId, ...input, selfReported: true, acceptedAs: null, loggedAt: metadata.at };
  }

  async list(user: SessionUser, patientId: string): Promise<SelfMeasurementView[]> {
    await this.access.mayRead(user, patientId);
    const out: SelfMeasurementView[] = [];
    for (const m of (await diaryReadModel.get(this.kernel.readModels, patientId))?.doc.measurements ?? []) {
      const value = await this.kernel.personalData.open<SelfMeasurementRequest>(m.content);
      if (value === null) throw new NotFoundError('I dati di questo paziente sono stati cancellati.', 'dati_cancellati');
      out.push({ id: m.id, ...value, selfReported: true, acceptedAs: m.acceptedAs, loggedAt: m.loggedAt });
    }
    await this.access.logRead(user, patientId, 'misurazioni autorilevate');
    return out.sort((a, b) => a.date.localeCompare(b.date));
  }

  /** a treating doctor takes a self-reported measure into the record */
  async accept(user: SessionUser, patientId: string, measurementId: string, metadata: EventMetadata): Promise<MeasurementView> {
    const reported = (await this.list(user, patientId)).find((m) => m.id === measurementId);
    if (!reported) throw new NotFoundError('Misurazione del paziente non trovata.', 'misurazione_non_trovata');
    if (reported.acceptedAs) throw new ConflictError('Questa misurazione è già stata accettata nella cartella clinica.', 'misurazione_gia_accettata');
    const latest = (await this.clinical.measurements(user, patientId)).at(-1);
    if (!latest) throw new AppError(422, 'dati_mancanti', 'Per accettare il peso autorilevato serve prima una misurazione in studio con l’altezza.');
    const recorded = await this.clinical.addMeasurement(
      user,
      patientId,
      { date: reported.date, weightKg: reported.weightKg, heightCm: latest.heightCm, ...(reported.waistCm ? { waistCm: reported.waistCm } : {}) },
      metadata,
    );
    const { position } = await this.kernel.commands.execute<AcceptSelfMeasurement, { position: number | null }>(
      new AcceptSelfMeasurement(
        diaryStreamName(patientId),
        {
          type: 'AcceptSelfMeasurement',
          patientId,
          measurementId,
          doctorId: user.id,
          treats: await this.access.treats(user, patientId),
          clinicalMeasurementId: recorded.id,
        },
        metadata,
      ),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return recorded;
  }
}
