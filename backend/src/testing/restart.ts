import { rmSync } from 'node:fs';
import { closeCore } from '../app/infrastructure/core';
import { startPaypalStandIn, type PaypalStandIn } from '../areas/payments/paypal/paypal-stand-in';
import { paypalEnv } from './payments';
import { WorkflowRunner } from '../platform/event-store/workflow-runner';
import { PaymentReconcilerService } from '../areas/payments/workflows';
import { WorkflowSweepService } from '../platform/event-store/workflow-sweep.service';
import { startTestApp, startTestAppIn, type TestApp } from './test-app';
import type { Clock } from '../platform/common/clock';

/**
 * The process dies at the k-th workflow step from now (counted across every workflow the runner executes, nested ones
 * included): that step and everything after it never happen, as in a killed process. Answers a promise that settles
 * when the process "died", and the count of steps executed so far.
 */
export function dieAtStep(app: TestApp, k: number): { died: Promise<void>; steps: () => number } {
  const runner = app.app.get(WorkflowRunner);
  const execute = runner.executeStep.bind(runner);
  let count = 0;
  let died!: () => void;
  const dead = new Promise<void>((resolve) => (died = resolve));
  jest.spyOn(runner, 'executeStep').mockImplementation((action, metadata) => {
    count++;
    if (count < k) return execute(action, metadata);
    died();
    return new Promise(() => undefined);
  });
  return { died: dead, steps: () => count };
}

/**
 * Drops the app without its shutdown (a dead process runs no hooks: its flows stay where they stopped), closes its
 * stores so the files are free, and starts a new app on the same data files. Resolves once the new app's start-up
 * sweep (and the payments' report of it) has ended.
 */
export async function restartOnSameFiles(app: TestApp, env: Record<string, string>, clock: Clock): Promise<TestApp> {
  // its timers stop (the hooks that wait for a flow the "death" froze never return: nothing awaits them)
  void app.app.close().catch(() => undefined);
  const server = app.app.getHttpServer() as import('node:http').Server;
  server.closeAllConnections?.();
  server.close();
  await closeCore(app.core);
  return afterStartupPass(await startTestAppIn(app.dataDir, env, undefined, clock));
}

/**
 * Resolves once the app's start-up sweep (and the payments' report of it) has ended and the read models show what it
 * did. A test that counts or kills steps starts after it: the pass runs a second after start and would otherwise take
 * the test's own flow in the middle, executing its steps alongside the request's.
 */
export async function afterStartupPass(app: TestApp): Promise<TestApp> {
  await app.app.get(WorkflowSweepService).startupPass;
  await app.app.get(PaymentReconcilerService).startupPass;
  await app.core.changes.waitFor(await app.core.eventStore.headPosition());
  return app;
}

/**
 * A test of a restart, in its describe block: a PayPal stand-in for the suite, the first app, and the app started after
 * it on the same data files (no sweep timer: only the start-up pass resumes). Everything is closed after the suite.
 */
export function restartSuite(clock: Clock): {
  readonly pp: PaypalStandIn;
  /** the first app, on a fresh data dir */
  start(): Promise<TestApp>;
  /** the first app's process goes away (its shutdown runs, its stores close, its files stay); a new one starts on them */
  restart(): Promise<TestApp>;
} {
  let pp: PaypalStandIn | undefined;
  let first: TestApp | undefined;
  let second: TestApp | undefined;
  const env = () => ({ HOLD_SWEEP_SECONDS: '0', ...paypalEnv(pp!) });
  beforeAll(async () => {
    pp = await startPaypalStandIn();
  });
  afterAll(async () => {
    // the second app's close removes the data dir they share
    if (second) await second.close();
    else if (first) rmSync(first.dataDir, { recursive: true, force: true });
    await pp?.close();
  });
  return {
    get pp() {
      return pp!;
    },
    start: async () => (first = await startTestApp(env(), undefined, clock)),
    async restart() {
      await first!.app.close();
      await closeCore(first!.core);
      return (second = await startTestAppIn(first!.dataDir, env(), undefined, clock));
    },
  };
}
