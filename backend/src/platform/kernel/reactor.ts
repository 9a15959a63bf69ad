import type { RecordedEvent, Subscription } from '@studio/contracts';
import type { Ports } from './ports';
import { recordReactor, type RunningReactor } from './running-reactors';

/** how often a reactor stores how far it got */
export const REACTOR_CHECKPOINT_INTERVAL_MS = 1000;
/**
 * How many events of other streams a reactor passes over before it stores that it did. Without it a reactor's
 * checkpoint stayed at its last matching event, and each start scanned again every event after it: 5 million
 * availability events kept the app from answering for 20 s (reads bench). Fewer than this many are cheaper
 * to scan again than to store on every append (app.db commits with synchronous=FULL); a clean stop stores them all.
 */
export const REACTOR_PASSED_OVER_SAVE_EVERY = 10_000;

/**
 * A reactor: a checkpointed subscription that turns committed events into commands (the outbox's decisions, the
 * waiting list's offers). Its commands are idempotent, so the checkpoint is stored after handling: a crash in
 * between handles the event again, which appends nothing new. Several instances may run the same reactor.
 */
export async function startReactor(
  core: Pick<Ports, 'appDb' | 'eventStore'>,
  name: string,
  streamPrefixes: string[],
  handle: (event: RecordedEvent) => Promise<void>,
  onError: (e: unknown) => void,
): Promise<Subscription> {
  const row = await core.appDb.selectFrom('reactor_checkpoints').select('position').where('name', '=', name).executeTakeFirst();
  // the first start begins at the head: a reactor added to a running practice reacts to what happens from now on
  // (no confirmation emails for every booking of the past)
  let saved = row ? Number(row.position) : await core.eventStore.headPosition();
  if (!row) await core.appDb.insertInto('reactor_checkpoints').values({ name, position: saved }).execute();
  // The checkpoint is only a resume point (handling is idempotent), so it is written at most once per interval, not
  // once per event: app.db commits with synchronous=FULL, and an fsync per event held every request back.
  let latest = saved;
  let timer: NodeJS.Timeout | undefined;
  let pending: Promise<void> = Promise.resolve();
  // Closed by its store (the process is going: the stores close under it) rather than by its own close, the reactor
  // stops where it is: no retry, no checkpoint written, nothing reported. What it was handling is handled again from
  // the checkpoint at the next start, as after a crash.
  let closing = false;
  const storeGone = () => subscription.closed && !closing;
  const flush = () => {
    timer = undefined;
    // one write at a time, the newest wins; the handler does not wait for it
    pending = pending
      .then(async () => {
        const position = latest;
        if (position <= saved || storeGone()) return;
        await core.appDb
          .insertInto('reactor_checkpoints')
          .values({ name, position })
          .onConflict((oc) => oc.column('name').doUpdateSet({ position }))
          .execute();
        saved = position;
      })
      .catch(onError);
    return pending;
  };
  const save = (position: number) => {
    latest = Math.max(latest, position);
    // a handler that ends after the subscription closed (the stores may be going) leaves it to the next start
    if (timer || subscription.closed) return;
    timer = setTimeout(() => void flush(), REACTOR_CHECKPOINT_INTERVAL_MS);
    timer.unref();
  };
  // what a test waits for before it looks at the reactions (running-reactors.ts); the checkpoint above is what a restart uses
  const progress: RunningReactor = { name, streamPrefixes, handled: saved, handling: false, closed: () => subscription.closed };
  const passedOver = (position: number) => {
    progress.handled = Math.max(progress.handled, position);
    if (position - saved >= REACTOR_PASSED_OVER_SAVE_EVERY) save(position);
    else latest = Math.max(latest, position);
  };
  const subscription: Subscription = core.eventStore.subscribeToAll(
    { after: saved, streamPrefixes, onCheckpoint: passedOver },
    async (event) => {
      progress.handling = true;
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await handle(event);
            break;
          } catch (error) {
            if (subscription.closed) return;
            onError(error);
            if (attempt >= 5) break;
            await new Promise((r) => setTimeout(r, 50 * attempt));
          }
        }
        progress.handled = event.position;
        save(event.position);
      } finally {
        progress.handling = false;
      }
    },
    (e) => onError(e),
  );
  const unrecord = recordReactor(core.eventStore, progress);
  return {
    caughtUp: subscription.caughtUp,
    get closed() {
      return subscription.closed;
    },
    // a clean stop keeps the newest position, so a restart does not handle those events again; after its store closed
    // it (the stores are going, the shutdown's hooks run late) there is nothing left to write
    close: async () => {
      const storeClosedIt = subscription.closed && !closing;
      closing = true;
      unrecord();
      await subscription.close();
      clearTimeout(timer);
      if (!storeClosedIt) await flush();
    },
  };
}
