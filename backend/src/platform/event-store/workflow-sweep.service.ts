import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';

import { WorkflowRunner, type SweepOutcome } from './workflow-runner';

import { KernelPorts } from '../kernel/kernel-ports';

/**
 * The one sweep of unfinished workflows: at start (once the read models have caught up with the log, so each
 * workflow's query for its unfinished instances sees what the log says) and then every HOLD_SWEEP_SECONDS. Holds whose
 * time ran out are among them (end-hold's instances due by the clock: hold-expiry.service.ts): no other timer.
 */
@Injectable()
export class WorkflowSweepService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Workflows');
  private timer?: NodeJS.Timeout;
  private startup?: NodeJS.Timeout;
  private stopped = false;
  private sweeping: Promise<SweepOutcome[]> = Promise.resolve([]);
  private startupPassEnded!: (outcomes: SweepOutcome[]) => void;
  /** settles once the start-up pass has ended, with what it did: tests and reports wait for it, not for a time */
  readonly startupPass: Promise<SweepOutcome[]> = new Promise((resolve) => (this.startupPassEnded = resolve));

  constructor(
    private readonly kernel: KernelPorts,
    private readonly workflows: WorkflowRunner,
  ) {}

  onApplicationBootstrap(): void {
    // the projection runner starts after Nest's init: wait for it to reach the head before asking the read models
    this.startup = setTimeout(() => {
      void this.kernel.eventStore
        .headPosition()
        .then((head) => this.kernel.changes.waitFor(head, 30_000))
        .then(() => (this.stopped ? [] : this.sweep()))
        .then((outcomes) => this.startupPassEnded(outcomes))
        .catch((e) => (this.logger.error(`Ripresa all’avvio non riuscita: ${String(e)}`), this.startupPassEnded([])));
    }, 1000);
    this.startup.unref();
    const seconds = this.kernel.config.holdSweepSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => void this.sweep().catch((e) => this.logger.error(String(e))), seconds * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.startup);
    this.startupPassEnded([]);
    clearInterval(this.timer);
    await this.sweeping.catch(() => []);
  }

  /** one run of the periodic job, on one instance at a time (the payment reconciler's pass is one of its workflows): none where another instance holds it */
  sweep(): Promise<SweepOutcome[]> {
    this.sweeping = this.kernel.jobs.holds('workflow-sweep').then((mine) => (mine ? this.workflows.sweepAll() : []));
    return this.sweeping;
  }
}
