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

/**
 * The reactors running on `eventStore` that have not yet handled every event of their streams up to `position`, or are
 * handling one: [] once what was committed up to there has had all its reactions. A reactor's position only moves
 * after its handler ends, so one that has handled up to p and has no event of its streams in (p, position] is done.
 */
export async function reactorsBehind(eventStore: EventStore, position: number): Promise<string[]> {
  const behind: string[] = [];
  for (const reactor of running.get(eventStore) ?? []) {
    // read before the store is asked: what the reactor does meanwhile only moves it on
    const { handled, handling } = reactor;
    if (reactor.closed()) continue;
    if (handling) behind.push(reactor.name);
    else if (handled < position) {
      const [next] = await eventStore.readAll({ after: handled, streamPrefixes: reactor.streamPrefixes, maxCount: 1 });
      if (next && next.position <= position) behind.push(reactor.name);
    }
  }
  return behind;
}
