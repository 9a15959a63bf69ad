import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG } from '../../kernel/tokens';
import { type Ports } from '../../kernel/ports';
import { WorkflowSweepService } from '../workflow-sweep.service';
import { ConfirmPaymentService, settledOf } from './confirm-payment.service';

/**
 * No money without a booking or a refund: the confirmation workflow declares the orders whose capture is unfinished,
 * and the one sweep (at start, once the read models caught up with the log, and every HOLD_SWEEP_SECONDS) resumes
 * them. This says how the start-up pass went for the payments (operators and the kill -9 test read the line), and
 * runs a pass on demand.
 */
@Injectable()
export class PaymentReconcilerService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Riconciliazione');
  private startupPassEnded!: () => void;
  /** settles once the start-up pass has ended (or at once without PayPal): tests wait for it, not for a time */
  readonly startupPass: Promise<void> = new Promise((resolve) => (this.startupPassEnded = resolve));

  constructor(
    @Inject(CONFIG) private readonly config: Ports['config'],
    private readonly sweep: WorkflowSweepService,
    private readonly payments: ConfirmPaymentService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.paypal) return this.startupPassEnded();
    void this.sweep.startupPass
      .then((outcomes) => {
        const pass = settledOf(outcomes);
        // said once per start: how many unsettled payments, how many ended
        this.logger.log(`Riconciliazione all’avvio conclusa: ${pass.looked} pagamenti esaminati, ${pass.settled} conclusi`);
      })
      .finally(() => this.startupPassEnded());
  }

  /**
   * One pass over the unsettled payments, queued with the sweep's (never overlapping). A capture asked for less than
   * `graceMs` ago (PAYPAL_CAPTURE_GRACE_SECONDS) may still be under way in its confirmation (PayPal's timeout ×
   * attempts): it is left to that confirmation.
   */
  run(graceMs = this.config.paypalCaptureGraceMs): Promise<{ settled: number; looked: number }> {
    return this.payments.reconcileUnsettled(graceMs);
  }
}
