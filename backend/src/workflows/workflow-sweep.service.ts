import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { WorkflowRunner } from '../event-store/workflow-runner';
import { CHANGE_FEED, CONFIG, EVENT_STORE } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';

/**
 * The one sweep of unfinished workflows: at start (once the read models have caught up with the log, so each
 * workflow's query for its unfinished instances sees what the log says) and then on the hold sweep's period.
 */
@Injectable()
export class WorkflowSweepService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Workflows');
  private timer?: NodeJS.Timeout;
  private startup?: NodeJS.Timeout;
  private stopped = false;
  private sweeping: Promise<number> = Promise.resolve(0);

  constructor(
    @Inject(CONFIG) private readonly config: Ports['config'],
    @Inject(EVENT_STORE) private readonly eventStore: Ports['eventStore'],
    @Inject(CHANGE_FEED) private readonly changes: Ports['changes'],
    private readonly workflows: WorkflowRunner,
  ) {}

  onApplicationBootstrap(): void {
    // the projection runner starts after Nest's init: wait for it to reach the head before asking the read models
    this.startup = setTimeout(() => {
      void this.eventStore
        .headPosition()
        .then((head) => this.changes.waitFor(head, 30_000))
        .then(() => (this.stopped ? 0 : this.sweep()))
        .catch((e) => this.logger.error(`Ripresa all’avvio non riuscita: ${String(e)}`));
    }, 1000);
    this.startup.unref();
    const seconds = this.config.holdSweepSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => void this.sweep().catch((e) => this.logger.error(String(e))), seconds * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.startup);
    clearInterval(this.timer);
    await this.sweeping.catch(() => 0);
  }

  private sweep(): Promise<number> {
    this.sweeping = this.workflows.resumeAll();
    return this.sweeping;
  }
}
