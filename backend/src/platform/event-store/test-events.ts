// What the event-store specs and the contract suite share: an event's metadata, a wait for a live delivery, an
// append refused for its expected revision.
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventMetadata } from '@studio/contracts';

export function testMetadata(extra: Partial<EventMetadata> = {}): EventMetadata {
  return { userId: 'test', role: 'system', at: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), ...extra };
}

/** Polls a condition; for live deliveries, instead of sleeping a fixed time and hoping. */
export async function waitFor(condition: () => boolean, what = 'condition', timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** the attempt fails with WrongExpectedRevisionError naming the stream's actual revision */
export async function expectWrongRevision(attempt: Promise<unknown>, actual: number | 'no_stream'): Promise<void> {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect((error as WrongExpectedRevisionError).actual).toBe(actual);
}
