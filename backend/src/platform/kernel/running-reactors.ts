import type { EventStore } from '@studio/contracts';

/** what one running reactor has done, as this process sees it (kept in memory only: nothing is written for it) */
export interface RunningReactor {
  readonly name: string;
  readonly streamPrefixes: string[];
  /** every matching event up to here has been handled: the start position, then the last event handled or passed over */
  handled: number;
  /** an event is being handled (its retries included) */
  handling: boolean;
  readonly closed: () => boolean;
}

// per event store: two apps in one process (a restart, two instances) each wait for their own reactors
const running = new WeakMap<EventStore, Set<RunningReactor>>();

/** records a reactor starting on `eventStore`; the answer takes it off the record */
export function recordReactor(eventStore: EventStore, reactor: RunningReactor): () => void {
  let reactors = running.get(eventStore);
  if (!reactors) running.set(eventStore, (reactors = new Set()));
  reactors.add(reactor);
  return () => reactors.delete(reactor);
}

/** the reactors running on `eventStore` now (testing/settle.ts waits for them) */
export function runningReactors(eventStore: EventStore): readonly RunningReactor[] {
  return [...(running.get(eventStore) ?? [])];
}
