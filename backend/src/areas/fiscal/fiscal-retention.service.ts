import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { fiscalKeyExpired } from '../../platform/personal-data/fiscal-keys';
import { KernelPorts } from '../../platform/kernel/kernel-ports';

/**
 * Shreds the fiscal keys whose legal period is over (personal-data/fiscal-keys.ts): at start and once a day. After that,
 * an erased patient's receipts can no longer be opened either; the documents' numbers and amounts stay in the log.
 */
@Injectable()
export class FiscalRetentionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Conservazione fiscale');
  private timer?: NodeJS.Timeout;

  constructor(private readonly kernel: KernelPorts) {}

  onApplicationBootstrap(): void {
    const run = () => void this.shredIfHolder().catch((e) => this.logger.warn(`chiavi fiscali scadute: ${String(e)}`));
    run();
    this.timer = setInterval(run, 24 * 3600_000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** one run of the periodic job, on one instance at a time (each shredding is also a line of the erasure ledger): null when another instance holds the job */
  async shredIfHolder(): Promise<string[] | null> {
    return (await this.kernel.jobs.holds('fiscal-retention')) ? this.shredExpired() : null;
  }

  /** the fiscal keys past their period, destroyed (each written to the erasure ledger); answers their ids */
  async shredExpired(): Promise<string[]> {
    const now = this.kernel.clock.now();
    const expired = (await this.kernel.personalData.subjectsStartingWith('fiscal:')).filter((id) => fiscalKeyExpired(id, now));
    for (const id of expired) await this.kernel.personalData.destroyKey(id, { erasedAt: now.toISOString(), erasedBy: 'system', erasedByRole: 'system' });
    return expired;
  }
}
