import { Injectable } from '@nestjs/common';

import {
  waitingListStreamName,
  type EventMetadata,
  type SessionUser,
  type WaitingListEntryView,
  type WaitingListRequest,
  practiceDay,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';

import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';

import { UsersService } from '../../accounts/users';
import { JoinWaitingList, LeaveWaitingList } from './waiting-list.commands';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { waitingListEntriesReadModel } from './read-models';

@Injectable()
export class WaitingListService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
  ) {}

  private system(causationId?: string): EventMetadata {
    const id = randomUUID();
    return { userId: 'system', role: 'system', at: this.kernel.clock.now().toISOString(), correlationId: id, causationId: causationId ?? id };
  }

  /** POST /api/waiting-list */
  async join(user: SessionUser, request: WaitingListRequest, metadata: EventMetadata): Promise<WaitingListEntryView> {
    const doctor = await this.users.getDoctor(request.doctor_id);
    const today = practiceDay(this.kernel.clock.now(), this.kernel.config.practiceTimeZone);
    if (request.from < today) throw new ValidationError('Il primo giorno non può essere già passato.');
    const entryId = randomUUID();
    const result = await this.kernel.commands.execute(
      new JoinWaitingList(
        waitingListStreamName(doctor.id),
        { type: 'Join', entryId, doctorId: doctor.id, patientId: user.id, from: request.from, to: request.to, at: metadata.at },
        metadata,
      ),
    );
    // read-your-writes: the patient's list (and a leave) read the read model next
    if (result.position) await this.kernel.changes.waitFor(result.position);
    return { id: entryId, doctorId: doctor.id, doctorName: await this.users.displayName(doctor), from: request.from, to: request.to, status: 'waiting' };
  }

  /** DELETE /api/waiting-list/:id: answers the patient's lines left */
  async leave(user: SessionUser, entryId: string, metadata: EventMetadata): Promise<WaitingListEntryView[]> {
    // which doctor's list holds it, from the read model; the decider checks again that it is still waiting
    const entry = (await waitingListEntriesReadModel.get(this.kernel.readModels, entryId))?.doc;
    if (!entry) throw new NotFoundError('Iscrizione alla lista d’attesa non trovata.', 'iscrizione_non_trovata');
    if (entry.patientId !== user.id) throw new ForbiddenError('Puoi togliere solo le tue iscrizioni alla lista d’attesa.');
    if (entry.status !== 'waiting') throw new ConflictError('Non sei più in questa lista d’attesa.', 'non_in_lista');
    const { position } = await this.kernel.commands.execute(
      new LeaveWaitingList(waitingListStreamName(entry.doctorId), { type: 'Leave', entryId, reason: 'left', at: metadata.at }, metadata),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return this.mine(user);
  }

  /** GET /api/me/waiting-list: the patient's places in line, in the order of the doctors' list (one place per doctor) */
  async mine(user: SessionUser): Promise<WaitingListEntryView[]> {
    const doctors = await this.users.listDoctors();
    const entries = (await waitingListEntriesReadModel.find(this.kernel.readModels, { patient_id: user.id }))
      .map((d) => d.doc)
      .filter((e) => e.status === 'waiting');
    return doctors.flatMap((doctor) =>
      entries
        .filter((e) => e.doctorId === doctor.id)
        .map((e) => ({
          id: e.id,
          doctorId: doctor.id,
          doctorName: doctor.name,
          from: e.from,
          to: e.to,
          status: e.offer ? ('offered' as const) : ('waiting' as const),
        })),
    );
  }
}
