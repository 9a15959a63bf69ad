import { randomUUID } from 'node:crypto';
import {
  checkExpectedRevision,
  matchesPrefixes,
  type AppendResult,
  type EventHandler,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '@studio/contracts';

/** The event-store port in memory, for projection tests only; the real adapters have their own contract suite. */
export class InMemoryEventStore implements EventStore {
  private readonly log: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly wakers = new Set<() => void>();
  private readonly subscriptions = new Set<Subscription>();

  async append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const existing = this.streams.get(stream) ?? [];
    const current = existing.length - 1;
    checkExpectedRevision(stream, options.expectedRevision, current);
    const recordedAt = new Date().toISOString();
    for (const e of events) {
      const recorded: RecordedEvent = {
        id: e.id ?? randomUUID(),
        stream,
        revision: existing.length,
        position: this.log.length + 1,
        type: e.type,
        data: structuredClone(e.data),
        metadata: structuredClone(e.metadata),
        recordedAt,
      };
      existing.push(recorded);
      this.log.push(recorded);
    }
    this.streams.set(stream, existing);
    for (const wake of this.wakers) wake();
    return { nextRevision: existing.length - 1, position: this.log.length };
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events = this.streams.get(stream) ?? [];
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? events.length - 1 : 0);
    const picked = backwards ? events.filter((e) => e.revision <= from).reverse() : events.filter((e) => e.revision >= from);
    return picked.slice(0, options.maxCount ?? Infinity).map((e) => structuredClone(e));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    // positions are 1-based indexes into the log
    for (let i = options.after ?? 0; i < this.log.length && out.length < (options.maxCount ?? Infinity); i++) {
      if (matchesPrefixes(this.log[i].stream, options.streamPrefixes)) out.push(structuredClone(this.log[i]));
    }
    return out;
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler, onError: (error: Error) => void = () => undefined): Subscription {
    let checkpoint = options.after ?? 0;
    let closed = false;
    let markCaughtUp!: () => void;
    let failCatchUp!: (e: Error) => void;
    const caughtUp = new Promise<void>((resolve, reject) => ((markCaughtUp = resolve), (failCatchUp = reject)));
    caughtUp.catch(() => undefined);
    let wake = () => {};
    const subscription: Subscription = {
      caughtUp,
      get closed() {
        return closed;
      },
      close: async () => {
        closed = true;
        this.subscriptions.delete(subscription);
        failCatchUp(new Error('Sottoscrizione chiusa prima di essere in pari'));
        wake();
      },
    };
    const run = async () => {
      while (!closed) {
        const length = this.log.length;
        const [next] = await this.readAll({ after: checkpoint, maxCount: 1, streamPrefixes: options.streamPrefixes });
        if (!next) {
          markCaughtUp();
          await new Promise<void>((resolve) => {
            // an append between the read and here would otherwise never wake us
            if (this.log.length !== length || closed) return resolve();
            wake = () => (this.wakers.delete(wake), resolve());
            this.wakers.add(wake);
          });
          continue;
        }
        if (closed) return;
        await handler(next);
        checkpoint = next.position;
      }
    };
    this.subscriptions.add(subscription);
    run().catch((error: unknown) => {
      const err = error instanceof Error ? error : new Error(String(error));
      failCatchUp(err);
      void subscription.close();
      onError(err);
    });
    return subscription;
  }

  async headPosition(): Promise<number> {
    return this.log.length;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
  }
}
