import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { WorkflowSweepService } from '../../../platform/event-store/workflow-sweep.service';
import { ConfirmPaymentService, settledOf } from './confirm-payment.service';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

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
    private readonly kernel: KernelPorts,
    private readonly sweep: WorkflowSweepService,
    private readonly payments: ConfirmPaymentService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.kernel.config.paypal) return this.startupPassEnded();
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
  run(graceMs = this.kernel.config.paypalCaptureGraceMs): Promise<{ settled: number; looked: number }> {
    return this.payments.reconcileUnsettled(graceMs);
  }
}
