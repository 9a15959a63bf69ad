import { Injectable } from '@nestjs/common';

import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';
import { endHoldWorkflow, type EndHoldInput } from './end-hold.workflow';
import { doctorDayOf } from '../availability';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { bookingsReadModel } from '../booking';

const BATCH = 200;

/**
 * Holds whose time ran out: unfinished instances of the end-hold workflow (a hold is a flow that ends by its deadline),
 * so the one sweep (workflow-sweep.service.ts, at start and every HOLD_SWEEP_SECONDS) gives their slots back; no
 * timer of its own. Every instance may sweep: the deciders make a second release of the same hold a no-op, and the
 * expected revision keeps concurrent sweeps apart. A sweep takes up to 200 of them, the next one the rest.
 */
@Injectable()
export class HoldExpiryService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly workflows: WorkflowRunner,
  ) {
    workflows.resumes(endHoldWorkflow, () => this.expired());
  }

  /** the holds due by the clock's now (a hold whose payment is in review has no expiry in the read model) */
  private async expired(): Promise<EndHoldInput[]> {
    const now = this.kernel.clock.now().toISOString();
    const due = await bookingsReadModel.find(this.kernel.readModels, { status: 'held', expires_at: { lte: now } }, { limit: BATCH });
    return due.map(({ doc }) => ({
      bookingId: doc.id,
      doctorId: doc.doctorId,
      day: doctorDayOf(doc.start),
      start: doc.start,
      reason: 'expired' as const,
      now,
      ...(doc.locationId ? { locationId: doc.locationId } : {}),
    }));
  }

  /**
   * The end-hold workflow's pass of the sweep, on demand (tests, with the sweep's timer off): every hold due ends, and
   * what a crash left half-way; resolves with how many holds expired, once the read models show it.
   */
  async expireDue(): Promise<number> {
    const outcomes = await this.workflows.resumeWith(endHoldWorkflow);
    return outcomes.filter((o) => o.error === undefined && o.input.reason === 'expired').length;
  }
}
