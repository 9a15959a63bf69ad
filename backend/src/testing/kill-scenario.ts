import { orderStreamName } from '@studio/contracts';
import type { StepAction } from '../platform/event-store/workflow';
import type { PaypalStandIn } from '../areas/payments/paypal/paypal-stand-in';
import type { ManualClock, TestApp } from './test-app';

// What the kill-at-every-step test is made of: a scenario (its steps, how it starts, what must hold after a restart)
// and the checks every scenario shares.

export interface World {
  app: TestApp;
  pp: PaypalStandIn;
  clock: ManualClock;
  medico1: string;
}
export interface Scenario<Ctx> {
  /** the steps of an uninterrupted run, as the runner executes them (stream prefix and command, or the effect) */
  steps: string[];
  arrange(w: World): Promise<Ctx>;
  /** starts the flow (an HTTP request, or what a reaction follows); never awaited past the process' death */
  act(w: World, ctx: Ctx): Promise<unknown>;
  /** in an uninterrupted run: the state the flow's end shows (for flows a reaction carries on) */
  ended?(w: World, ctx: Ctx): Promise<void>;
  /** after the restart: the flow ended, once */
  check(w: World, ctx: Ctx, k: number): Promise<void>;
}

export const types = async (app: TestApp, stream: string) => (await app.core.eventStore.readStream(stream)).map((e) => e.type);
export const count = (list: string[], type: string) => list.filter((t) => t === type).length;
export const label = (action: StepAction) =>
  'effect' in action ? action.effect : `${action.stream.split('-')[0]}:${(action.command as { type: string }).type}`;

/** no order holds money PayPal captured without being booked or refunded, and nothing of it twice */
export async function moneySettled(app: TestApp, pp: PaypalStandIn): Promise<void> {
  for (const [orderId, order] of pp.orders) {
    const log = await types(app, orderStreamName(orderId));
    // the stand-in outlives each test's app: only this app's orders
    if (log.length === 0) continue;
    if (order.capture?.status === 'COMPLETED') {
      expect([orderId, count(log, 'PaymentCaptured')]).toEqual([orderId, 1]);
      // booked, or given back (a cancelled booking: both), each once
      expect([orderId, count(log, 'OrderPlaced'), count(log, 'PaymentRefunded')]).toEqual([orderId, expect.any(Number), expect.any(Number)]);
      expect(count(log, 'OrderPlaced') + count(log, 'PaymentRefunded')).toBeGreaterThanOrEqual(1);
      expect(Math.max(count(log, 'OrderPlaced'), count(log, 'PaymentRefunded'))).toBe(1);
    } else expect([orderId, count(log, 'PaymentCaptured')]).toEqual([orderId, 0]);
  }
}
