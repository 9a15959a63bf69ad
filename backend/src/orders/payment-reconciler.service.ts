import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CONFIG, EVENT_STORE, CHANGE_FEED, type Core } from '../infrastructure/core';
import { OrdersService } from './orders.service';

/**
 * No money without a booking or a refund: at start (once the read models caught up with the log) and with the workflow
 * sweep (HOLD_SWEEP_SECONDS), every order with an unfinished capture is settled by asking PayPal (OrdersService.reconcile).
 */
@Injectable()
export class PaymentReconcilerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Riconciliazione');
  private timer?: NodeJS.Timeout;
  private startup?: NodeJS.Timeout;
  private startupPassEnded!: () => void;
  /** settles once the start-up pass has ended (or at once without PayPal): tests wait for it, not for a time */
  readonly startupPass: Promise<void> = new Promise((resolve) => (this.startupPassEnded = resolve));
  private stopped = false;
  private running: Promise<{ settled: number; looked: number }> = Promise.resolve({ settled: 0, looked: 0 });

  constructor(
    @Inject(CONFIG) private readonly config: Core['config'],
    @Inject(EVENT_STORE) private readonly eventStore: Core['eventStore'],
    @Inject(CHANGE_FEED) private readonly changes: Core['changes'],
    private readonly orders: OrdersService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.paypal) return this.startupPassEnded();
    this.startup = setTimeout(() => {
      void this.eventStore
        .headPosition()
        .then((head) => this.changes.waitFor(head, 30_000))
        .then(() => (this.stopped ? undefined : this.run()))
        // said once per start (operators, and the kill -9 test, read it): how many unsettled payments, how many ended
        .then((pass) => pass && this.logger.log(`Riconciliazione all’avvio conclusa: ${pass.looked} pagamenti esaminati, ${pass.settled} conclusi`))
        .catch((e) => this.logger.error(`Riconciliazione all’avvio non riuscita: ${String(e)}`))
        .finally(() => this.startupPassEnded());
    }, 1000);
    this.startup.unref();
    const seconds = this.config.holdSweepSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => void this.run().catch((e) => this.logger.error(String(e))), seconds * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.startup);
    this.startupPassEnded();
    clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }

  /**
   * One pass over the unsettled payments, after the one before (timer, start-up and tests never overlap). A capture
   * asked for less than `graceMs` ago (PAYPAL_CAPTURE_GRACE_SECONDS) may still be under way in its confirmation
   * (PayPal's timeout × attempts): it is left to that confirmation.
   */
  run(graceMs = this.config.paypalCaptureGraceMs): Promise<{ settled: number; looked: number }> {
    this.running = this.running.catch(() => ({ settled: 0, looked: 0 })).then(() => this.orders.reconcileUnsettled(graceMs));
    return this.running;
  }
}
