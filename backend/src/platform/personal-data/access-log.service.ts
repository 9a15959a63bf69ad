import { Injectable } from '@nestjs/common';
import { type EventMetadata, type PersonalDataAccessed, type Sealed, type SessionUser, accessStreamName } from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { readDoctorProfileState } from '../config/practice-settings';
import { RecordAccess } from './access-log.commands';
import { type Ports } from '../kernel/ports';
import { KernelPorts } from '../kernel/kernel-ports';

/** what was read; free text for later features (the diet reads pass 'diet') */
export type AccessedData = 'questionnaire_answers' | 'personal_data' | 'audit_event' | 'diet' | (string & {});

/** who a member of staff is at the moment of a read, kept in the read's record */
export type ReaderIdentity = Pick<PersonalDataAccessed, 'viewerName' | 'viewerRegisterNumber'>;

/**
 * The access log the Garante's health-dossier guidelines expect: every read of a person's
 * personal or health data appends `PersonalDataAccessed` to `access-<subjectId>`. Callers await
 * it BEFORE handing the data out, so a log that cannot be written fails the read instead of
 * letting it through unrecorded. Its own stream, so it never races the patient's deciders.
 */
@Injectable()
export class AccessLogService {
  private readonly readModels: Ports['readModels'];

  constructor(private readonly kernel: KernelPorts) {
    this.readModels = kernel.readModels;
  }

  async recordAccess(
    viewer: SessionUser,
    subjectId: string,
    what: AccessedData,
    detail?: string,
    cause?: Pick<EventMetadata, 'correlationId' | 'causationId'>,
  ): Promise<void> {
    const correlationId = cause?.correlationId ?? randomUUID();
    const data: PersonalDataAccessed = {
      subjectId,
      viewerId: viewer.id,
      viewerRole: viewer.role,
      what,
      ...(detail ? { detail } : {}),
      ...(await this.readerIdentity(viewer)),
    };
    const metadata = {
      userId: viewer.id,
      role: viewer.role,
      at: this.kernel.clock.now().toISOString(),
      correlationId,
      causationId: cause?.causationId ?? correlationId,
    };
    await this.kernel.commands.execute(new RecordAccess(accessStreamName(subjectId), { type: 'RecordAccess', access: data }, metadata));
  }

  /**
   * A member of staff as they are now (the account's name, and a doctor's register number when set), so the log keeps
   * who read whatever is renamed later. Nothing for a patient: their name is theirs to have erased, and is looked up
   * when the log is shown.
   */
  async readerIdentity(viewer: SessionUser): Promise<ReaderIdentity> {
    if (viewer.role === 'patient') return {};
    // the users feature's read model (users.projection.ts): the kernel reads its document, it cannot import the feature
    const account = (await this.readModels.get<{ personal: Sealed | null }>('users', viewer.id))?.doc;
    const personal = account?.personal ? await this.kernel.personalData.open<{ name: string; surname: string }>(account.personal) : null;
    const viewerName = personal ? `${personal.name} ${personal.surname}` : viewer.name;
    if (viewer.role !== 'doctor') return { viewerName };
    const registerNumber = (await readDoctorProfileState(this.readModels, viewer.id)).profile?.registerNumber ?? '';
    return { viewerName, ...(registerNumber ? { viewerRegisterNumber: registerNumber } : {}) };
  }
}
