import { Injectable } from '@nestjs/common';
import { availabilityRangeProblem, type AvailabilityChanged, type AvailabilityEvent } from '@studio/contracts';
import { availabilityRange, changedMessage } from './availability-slots.queries';
import type { ReadModelReader } from '@studio/projections';
import type { UserDoc } from '../../accounts/users';
import { ValidationError } from '../../../platform/common/errors';
import { type Ports } from '../../../platform/kernel/ports';
import { availabilitySlotsReadModel } from './read-models';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

@Injectable()
export class AvailabilityService {
  private readonly readModels: Ports['readModels'];

  constructor(private readonly kernel: KernelPorts) {
    this.readModels = kernel.readModels;
  }

  /** one event per slot of the range inside the doctor's working hours (GET /disponibilita/json) */
  range(doctor: UserDoc, start: string, end: string): Promise<AvailabilityEvent[]> {
    return checkedAvailabilityRange(this.readModels, doctor, start, end);
  }

  /** what a watcher missed after `since`, in order */
  async changesSince(doctorId: string, since: number): Promise<AvailabilityChanged[]> {
    const docs = await availabilitySlotsReadModel.find(
      this.readModels,
      { doctor_id: doctorId, position: { gt: since } },
      { orderBy: [{ column: 'position', direction: 'asc' }] },
    );
    return docs.map((d) => changedMessage(d.doc, d.position));
  }

  checkpoint(): Promise<number> {
    return availabilitySlotsReadModel.checkpoint(this.readModels);
  }
}

/** GET /disponibilita/json from any read model (the live one or an as-of replay), refusing a bad range */
export function checkedAvailabilityRange(readModels: ReadModelReader, doctor: UserDoc, start: string, end: string): Promise<AvailabilityEvent[]> {
  const problem = availabilityRangeProblem(start, end);
  if (problem) throw new ValidationError(problem.message, problem.code);
  return availabilityRange(readModels, doctor, start, end);
}
