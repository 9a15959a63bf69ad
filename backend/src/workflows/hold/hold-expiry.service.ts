import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';

import type { EventMetadata } from '@studio/contracts';
import type { BookingDoc } from '../../booking/bookings.projection';
import { randomUUID } from 'node:crypto';

import { WorkflowRunner } from '../../event-store/workflow-runner';
import { endHoldWorkflow } from './end-hold.workflow';
import { HoldService } from './hold.service';
import { KernelPorts } from '../../kernel/kernel-ports';

const BATCH = 200;

/**
 * Gives back the slots of holds whose time ran out. Every instance may sweep: the deciders make
 * a second release of the same hold a no-op, and the expected revision keeps concurrent sweeps apart.
 */
@Injectable()
export class HoldExpiryService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('HoldExpiry');
  private timer?: NodeJS.Timeout;
  /** sweeps run one after another, so the timer and a test's expireDue never overlap */
  private sweeping: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly kernel: KernelPorts,
    private readonly holds: HoldService,
    private readonly workflows: WorkflowRunner,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.kernel.config.holdSweepSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => void this.expireDue().catch((e) => this.logger.error(String(e))), seconds * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping.catch(() => 0);
  }

  /** releases every hold due by the clock's now; resolves with how many ended, once the read models show it */
  expireDue(): Promise<number> {
    this.sweeping = this.sweeping.catch(() => 0).then(() => this.sweep());
    return this.sweeping;
  }

  private async sweep(): Promise<number> {
    const now = this.kernel.clock.now().toISOString();
    const correlationId = randomUUID();
    const metadata: EventMetadata = { userId: 'system', role: 'system', at: now, correlationId, causationId: correlationId };
    let ended = 0;
    let last = 0;
    for (;;) {
      const due = await this.kernel.readModels.find<BookingDoc>('bookings', { status: 'held', expires_at: { lte: now } }, { limit: BATCH });
      let progressed = false;
      for (const { doc } of due) {
        try {
          const position = await this.holds.endHold(doc, 'expired', metadata);
          if (position) (ended++, (last = Math.max(last, position)), (progressed = true));
        } catch (error) {
          // the next sweep tries again
          this.logger.warn(`Prenotazione ${doc.id} non scaduta: ${String(error)}`);
        }
      }
      if (last) await this.kernel.changes.waitFor(last);
      if (due.length < BATCH || !progressed) break;
    }
    // holds replaced by a newer one whose slot a crash left held: finish giving it back (end-hold's unfinished)
    await this.workflows.resume(endHoldWorkflow);
    return ended;
  }
}
