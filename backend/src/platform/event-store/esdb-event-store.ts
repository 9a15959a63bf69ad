import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type JSONType,
  type Position,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  checkExpectedRevision,
  matchesPrefixes,
  type AppendResult,
  type EventHandler,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '@studio/contracts';
import { chained, storedHash } from './hash-chain';
import { deferred, reportSubscriptionError, sleep, startSubscription, toError } from './support';

export interface EsdbEventStoreOptions {
  /** Delay before resubscribing after a drop; doubles per failed attempt up to the max. */
  resubscribeMinDelayMs?: number;
  resubscribeMaxDelayMs?: number;
  /** signs every appended event's stream head (see hash-chain) */
  chainKey?: Buffer;
}

/**
 * The production adapter over EventStoreDB / KurrentDB (gRPC client 6.x).
 *
 * Our global position is the event's commit position. Appends made through gRPC are implicit
 * transactions: every event is its own committed record whose commit position equals its prepare
 * position, so the commit position alone is unique and increasing, and `{commit: p, prepare: p}`
 * addresses the event again. `after` must therefore be 0 or a position this store handed out.
 */
export class EsdbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();
  private readonly minDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly chainKey?: Buffer;

  constructor(connectionString: string, options: EsdbEventStoreOptions = {}) {
    this.client = EventStoreDBClient.connectionString(connectionString);
    this.minDelayMs = options.resubscribeMinDelayMs ?? 100;
    this.maxDelayMs = options.resubscribeMaxDelayMs ?? 5_000;
    this.chainKey = options.chainKey;
  }

  async append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const expected = options.expectedRevision;
    // The hash chain needs the previous event's hash, so every append reads the stream head and
    // then appends with exactly that revision: a concurrent writer makes the server refuse it
    // instead of forking the chain. 'any' and 'stream_exists' then simply try again on the new head.
    for (let attempt = 1; ; attempt++) {
      const last = await this.lastOfStream(stream);
      checkExpectedRevision(stream, expected, last?.revision ?? -1);
      if (events.length === 0) return { nextRevision: last?.revision ?? -1, position: last?.position ?? 0 };
      let previousHash = storedHash(last?.metadata);
      const first = (last?.revision ?? -1) + 1;
      const chainedEvents = events.map((event, i) => {
        const signing = this.chainKey && { key: this.chainKey, stream, revision: first + i };
        const metadata = chained(event.type, event.data, event.metadata, previousHash, signing);
        previousHash = metadata.hash as string;
        return { ...event, metadata };
      });
      try {
        const result = await this.client.appendToStream(stream, chainedEvents.map(toEventData), {
          expectedRevision: last ? BigInt(last.revision) : NO_STREAM,
        });
        const nextRevision = Number(result.nextExpectedRevision);
        // The server reports the last event's commit position; only very old servers omit it.
        const position = result.position ? Number(result.position.commit) : ((await this.lastOfStream(stream))?.position ?? 0);
        return { nextRevision, position };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const retriable = (expected === 'any' || expected === 'stream_exists') && attempt < 20;
        if (retriable) continue;
        const actual = typeof error.actualVersion === 'bigint' && error.actualVersion >= 0n ? Number(error.actualVersion) : 'no_stream';
        throw new WrongExpectedRevisionError(stream, expected, actual);
      }
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const read = this.client.readStream(stream, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : START,
      maxCount: options.maxCount,
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = fromEsdb(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0;
    const maxCount = options.maxCount ?? Infinity;
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    // readAll in this client has no server-side filter, so system events and other prefixes are
    // skipped here, and maxCount is applied after filtering.
    const read = this.client.readAll({ direction: FORWARDS, fromPosition: after > 0 ? at(after) : START });
    await consume(read, (resolved) => {
      const event = fromEsdb(resolved);
      // The server's fromPosition is inclusive; ours is exclusive.
      if (event && event.position > after && matchesPrefixes(event.stream, options.streamPrefixes)) events.push(event);
      return events.length < maxCount;
    });
    return events;
  }

  async headPosition(): Promise<number> {
    return this.newestMatching(undefined, 0);
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler, onError: (error: Error) => void = reportSubscriptionError): Subscription {
    const prefixes = options.streamPrefixes?.length ? options.streamPrefixes : undefined;
    let last = options.after ?? 0;
    let head: number | undefined;
    let current: AllStreamSubscription | undefined;
    const caughtUp = deferred();

    const run = async (closed: () => boolean) => {
      let attempt = 0;
      while (!closed()) {
        let sub: AllStreamSubscription | undefined;
        try {
          // The newest matching event at subscribe time: once it is handled we are caught up.
          // (The server's own caughtUp signal arrives before buffered events are handled.)
          head ??= await this.newestMatching(prefixes, last);
          if (closed()) return;
          if (last >= head) caughtUp.resolve();
          sub = current = this.client.subscribeToAll({
            fromPosition: last > 0 ? at(last) : START,
            // Filtered on the server; without prefixes still keep system streams out.
            filter: prefixes ? streamNameFilter({ prefixes }) : streamNameFilter({ regex: '^[^$]' }),
          });
          for await (const resolved of sub) {
            const event = fromEsdb(resolved);
            // `<= last` also drops a repeat of the resume position, whichever way the server treats it.
            if (!event || event.position <= last) continue;
            if (closed()) return;
            try {
              await handler(event);
            } catch (error) {
              throw new HandlerFailed(toError(error));
            }
            last = event.position;
            attempt = 0;
            if (last >= head) caughtUp.resolve();
          }
        } catch (error) {
          if (error instanceof HandlerFailed) throw error.cause;
          // Anything else is a dropped connection or a failed subscribe: resubscribe from `last`.
        } finally {
          if (sub) {
            sub.unsubscribe().catch(() => undefined);
            sub.destroy();
          }
        }
        if (!closed()) await sleep(Math.min(this.maxDelayMs, this.minDelayMs * 2 ** attempt++));
      }
    };

    return startSubscription(this.subscriptions, caughtUp, run, onError, async () => {
      if (current) {
        await current.unsubscribe().catch(() => undefined);
        current.destroy();
      }
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }

  private async lastOfStream(stream: string): Promise<RecordedEvent | undefined> {
    const [last] = await this.readStream(stream, { direction: 'backwards', maxCount: 1 });
    return last;
  }

  /** Position of the newest non-system event after `floor` whose stream matches; `floor` if none. */
  private async newestMatching(prefixes: string[] | undefined, floor: number): Promise<number> {
    let newest = floor;
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END });
    await consume(read, (resolved) => {
      const position = commitOf(resolved);
      if (position !== undefined && position <= floor) return false;
      const event = fromEsdb(resolved);
      if (!event || !matchesPrefixes(event.stream, prefixes)) return true;
      newest = event.position;
      return false;
    });
    return newest;
  }
}

class HandlerFailed extends Error {
  constructor(override readonly cause: Error) {
    super(cause.message);
  }
}

/** Feeds events to `visit` until it returns false, then cancels the gRPC call instead of leaking it. */
async function consume<E>(read: StreamingRead<E>, visit: (event: E) => boolean): Promise<void> {
  try {
    for await (const event of read) if (!visit(event)) break;
  } finally {
    read.cancel().catch(() => undefined);
  }
}

function at(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

function toEventData(event: NewEvent) {
  return jsonEvent({
    id: event.id ?? randomUUID(),
    type: event.type,
    // The client types JSON data as object | array | string; any JSON value serialises the same.
    data: (event.data ?? null) as JSONType,
    metadata: event.metadata,
  });
}

/** Older servers report 2^64-1 as the position of events read from a stream (not from $all). */
const NO_POSITION = 2n ** 63n;

function commitOf(resolved: ResolvedEvent | AllStreamResolvedEvent): number | undefined {
  const commit = resolved.event?.position?.commit;
  if (commit !== undefined && commit < NO_POSITION) return Number(commit);
  return resolved.commitPosition !== undefined ? Number(resolved.commitPosition) : undefined;
}

/** Our events only: system streams ($...), links and system event types never surface. */
function fromEsdb(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || !event.isJson || event.streamId.startsWith('$') || event.type.startsWith('$')) return undefined;
  return {
    id: event.id,
    stream: event.streamId,
    revision: Number(event.revision),
    position: commitOf(resolved) ?? 0,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    recordedAt: event.created.toISOString(),
  };
}
