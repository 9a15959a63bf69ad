import { WrongExpectedRevisionError, parseRecordedEvent, type DomainEvent, type EventMetadata, type EventStore } from '@studio/contracts';
import { ConflictError } from '../common/errors';

/**
 * A stream's domain as three pure functions (no I/O, no clock: time comes in on the command).
 * `decide` throws AppError subclasses to reject a command.
 */
export interface Decider<State, Command, Event extends { type: string; data: unknown }> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export interface CommandResult<Event> {
  /** the events decided and appended (none when the command changed nothing) */
  events: Event[];
  /** revision of the stream's last event after the command; null when the stream still does not exist */
  nextRevision: number | null;
  /** global position of the last appended event, for read-your-writes; null when nothing was appended */
  position: number | null;
}

export const STALE_REVISION_MESSAGE = 'I dati sono stati modificati nel frattempo da un’altra richiesta: ricarica e riprova.';

/** the append lost to a concurrent writer (a 409); a decider's own refusals are plain ConflictErrors */
export class StaleRevisionError extends ConflictError {}

/**
 * Folded states by stream, per store: a stream is append-only, so the state at revision r stays
 * true, and the next command only reads and folds the events after it. Bounded (least recently
 * used out); keyed by decider too, since two deciders may fold one stream differently.
 */
const STATE_CACHE_SIZE = 10_000;
const stateCaches = new WeakMap<EventStore, Map<string, { decider: object; revision: number; state: unknown }>>();

/**
 * The write side's one narrowing: an event already checked against the catalogue (parseRecordedEvent,
 * parseDomainEvent), handed to a decider as its own union. A stream is written by its decider only (its name says
 * which), so a checked event of that stream is one of the decider's events.
 */
export function asDeciderEvent<Event extends { type: string; data: unknown }>(event: DomainEvent): Event {
  return event as unknown as Event;
}

/** a decider's state folded inside a workflow; a type the decider does not know (yet) changes nothing */
export function evolveWith<State, Event extends { type: string; data: unknown }>(
  decider: { evolve(state: State, event: Event): State | undefined },
  state: State,
  event: DomainEvent,
): State {
  return decider.evolve(state, asDeciderEvent<Event>(event)) ?? state;
}

/** the state a stream's events fold into, and the revision of its last event (null: no stream) */
export async function readState<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
): Promise<{ state: State; revision: number | null }> {
  let cache = stateCaches.get(store);
  if (!cache) stateCaches.set(store, (cache = new Map()));
  const hit = cache.get(streamName);
  const known = hit?.decider === decider ? hit : undefined;
  const newer = await store.readStream(streamName, known ? { fromRevision: known.revision + 1 } : {});
  // each event is checked against the catalogue once per process: the cache folds only the events after its revision
  const state = newer.reduce(
    (s, e) => decider.evolve(s, asDeciderEvent<Event>(parseRecordedEvent(e))),
    known ? (known.state as State) : decider.initialState(),
  );
  const revision = newer.length > 0 ? newer[newer.length - 1].revision : (known?.revision ?? null);
  if (revision !== null) {
    cache.delete(streamName);
    cache.set(streamName, { decider, revision, state });
    if (cache.size > STATE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return { state, revision };
}

/**
 * For commands that are safe to decide again: a stale revision only says another request wrote
 * the stream meanwhile, and the decider re-checks everything on the fresh stream. The expected
 * revision of each append still picks one winner.
 */
export async function decideAgainOnStaleRevision<T>(attempt: () => Promise<T>, tries = 8): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries || !(error instanceof StaleRevisionError)) throw error;
    }
  }
}

/** per store, the last command queued on each stream (see inTurn) */
const turns = new WeakMap<EventStore, Map<string, Promise<void>>>();

/**
 * Runs `command` once the commands queued before it on `stream` in this process have finished: each reads the
 * stream as the one before left it. For commands that would decide again on a stale revision anyway (flows and
 * reactors): racing, all but one of them lost their append on every round and decided again, up to their tries and
 * then a 409. Eight holds at a time on one doctor-day lost 1.7 appends per hold, and a few ran out of tries: a 409 on a
 * free slot. Other processes still race, and the expected revision still decides between them.
 */
export function inTurn<T>(store: EventStore, stream: string, command: () => Promise<T>): Promise<T> {
  let queues = turns.get(store);
  if (!queues) turns.set(store, (queues = new Map()));
  const before = queues.get(stream) ?? Promise.resolve();
  const run = before.then(command);
  const done = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(stream, done);
  void done.then(() => {
    if (queues.get(stream) === done) queues.delete(stream);
  });
  return run;
}

/**
 * The one command handler: read the stream, fold it, decide, append with the revision that was
 * read. A concurrent writer makes the append fail; that becomes a 409 for the user to retry on
 * fresh data, never a silent retry that could act on a state the user has not seen.
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: NoInfer<Command>,
  metadata: EventMetadata,
  /** what the user reads on a 409, in the words of the screen they are on */
  conflictMessage = STALE_REVISION_MESSAGE,
  /** completes the command from the state just read (see DecideOptions.complete) */
  complete?: (command: Command, state: State) => Command,
): Promise<CommandResult<Event>> {
  const { state, revision: lastRevision } = await readState(store, streamName, decider);
  const events = decider.decide(complete ? complete(command, state) : command, state);
  if (events.length === 0) return { events, nextRevision: lastRevision, position: null };

  try {
    const result = await store.append(
      streamName,
      events.map((e) => ({ type: e.type, data: e.data, metadata })),
      { expectedRevision: lastRevision ?? 'no_stream' },
    );
    return { events, nextRevision: result.nextRevision, position: result.position };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new StaleRevisionError(conflictMessage);
    throw error;
  }
}
