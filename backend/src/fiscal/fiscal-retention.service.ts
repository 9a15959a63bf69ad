import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { PERSONAL_DATA } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';
import { fiscalKeyExpired } from '../personal-data/fiscal-keys';

/**
 * Shreds the fiscal keys whose legal period is over (personal-data/fiscal-keys.ts): at start and once a day. After that,
 * an erased patient's receipts can no longer be opened either; the documents' numbers and amounts stay in the log.
 */
@Injectable()
export class FiscalRetentionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Conservazione fiscale');
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(PERSONAL_DATA) private readonly personalData: Ports['personalData'],
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    const run = () => void this.shredExpired().catch((e) => this.logger.warn(`chiavi fiscali scadute: ${String(e)}`));
    run();
    this.timer = setInterval(run, 24 * 3600_000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** the fiscal keys past their period, destroyed (each written to the erasure ledger); answers their ids */
  async shredExpired(): Promise<string[]> {
    const now = this.clock.now();
    const expired = (await this.personalData.subjectsStartingWith('fiscal:')).filter((id) => fiscalKeyExpired(id, now));
    for (const id of expired) await this.personalData.destroyKey(id, { erasedAt: now.toISOString(), erasedBy: 'system', erasedByRole: 'system' });
    return expired;
  }
}
