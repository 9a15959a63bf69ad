import type { EventStore } from '@studio/contracts';
import type { RunningApp } from '../app/app';
import { NotificationsService } from '../areas/notifications/mail/notifications.service';
import { runningReactors } from '../platform/kernel/running-reactors';

/**
 * The reactors running on `eventStore` that have not yet handled every event of their streams up to `position`, or are
 * handling one: [] once what was committed up to there has had all its reactions. A reactor's position only moves
 * after its handler ends, so one that has handled up to p and has no event of its streams in (p, position] is done.
 */
export async function reactorsBehind(eventStore: EventStore, position: number): Promise<string[]> {
  const behind: string[] = [];
  for (const reactor of runningReactors(eventStore)) {
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

/**
 * Waits until the app has done what it does on its own after a commit: every reactor has handled every event of its
 * streams up to the store's head and handles none, the read models hold that head, and the outbox has sent what is
 * due by the app's clock. Each of these may append (a decided message, a sent one, the next channel after a
 * failure), so it goes round again until the head stays put. Conditions, not pauses: a loaded machine only makes it
 * slower. Throws, naming the reactors still behind, after `timeoutMs`.
 */
export async function settle(app: Pick<RunningApp, 'app' | 'core'>, timeoutMs = 10_000): Promise<void> {
  const { eventStore, changes } = app.core;
  const end = Date.now() + timeoutMs;
  const notifications = app.app.get(NotificationsService);
  for (let head = await eventStore.headPosition(); ;) {
    for (;;) {
      const behind = await reactorsBehind(eventStore, head);
      if (!behind.length) break;
      if (Date.now() > end) throw new Error(`reattori non arrivati alla posizione ${head} in ${timeoutMs} ms: ${behind.join(', ')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    await changes.waitFor(head, Math.max(1, end - Date.now()));
    await notifications.runDue();
    const now = await eventStore.headPosition();
    if (now === head) return;
    head = now;
  }
}
