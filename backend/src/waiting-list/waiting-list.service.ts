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

import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../common/errors';
import { readState } from '../event-store/command-handler';

import { UsersService } from '../users';
import { waitingListDecider } from './waiting-list.decider';
import { Decide } from '../event-store/decide.command';
import { KernelPorts } from '../kernel/kernel-ports';

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
      new Decide(
        waitingListStreamName(doctor.id),
        waitingListDecider,
        { type: 'Join', entryId, doctorId: doctor.id, patientId: user.id, from: request.from, to: request.to, at: metadata.at },
        metadata,
        { onStale: 'decide-again' },
      ),
    );
    void result;
    return { id: entryId, doctorId: doctor.id, doctorName: await this.users.displayName(doctor), from: request.from, to: request.to, status: 'waiting' };
  }

  /** DELETE /api/waiting-list/:id: answers the patient's lines left */
  async leave(user: SessionUser, entryId: string, metadata: EventMetadata): Promise<WaitingListEntryView[]> {
    for (const doctor of await this.users.listDoctors()) {
      const stream = waitingListStreamName(doctor.id);
      const { state } = await readState(this.kernel.eventStore, stream, waitingListDecider);
      const entry = state.entries.find((e) => e.entryId === entryId);
      if (!entry) continue;
      if (entry.patientId !== user.id) throw new ForbiddenError('Puoi togliere solo le tue iscrizioni alla lista d’attesa.');
      if (entry.status !== 'waiting') throw new ConflictError('Non sei più in questa lista d’attesa.', 'non_in_lista');
      await this.kernel.commands.execute(
        new Decide(stream, waitingListDecider, { type: 'Leave', entryId, reason: 'left', at: metadata.at }, metadata, { onStale: 'decide-again' }),
      );
      return this.mine(user);
    }
    throw new NotFoundError('Iscrizione alla lista d’attesa non trovata.', 'iscrizione_non_trovata');
  }

  /** GET /api/me/waiting-list: the patient's places in line */
  async mine(user: SessionUser): Promise<WaitingListEntryView[]> {
    const doctors = await this.users.listDoctors();
    const views: WaitingListEntryView[] = [];
    for (const doctor of doctors) {
      const { state } = await readState(this.kernel.eventStore, waitingListStreamName(doctor.id), waitingListDecider);
      for (const e of state.entries) {
        if (e.patientId === user.id && e.status === 'waiting')
          views.push({ id: e.entryId, doctorId: doctor.id, doctorName: doctor.name, from: e.from, to: e.to, status: e.offer ? 'offered' : 'waiting' });
      }
    }
    return views;
  }
}
