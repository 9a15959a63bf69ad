import { parseDomainEvent, parseRecordedEvent, type DomainEvent, type EventStore, type RecordedDomainEvent } from '@studio/contracts';
import { AppError } from '../common/errors';
import type { Decider } from './command-handler';
import type { DecideOptions } from './decide';

/**
 * An event of one of the streams a workflow follows, tagged with that stream: checked against the catalogue on its way
 * in (parseDomainEvent, as the deciders' and the projections' folds), so `evolve` narrows it by `type` with no casts.
 */
export type WorkflowEvent<Event extends { type: string; data: unknown } = DomainEvent> = Event & { stream: string };

/**
 * A flow across streams (docs/architettura.md, "Workflow") as pure functions, the deciders' counterpart:
 *
 * - `streams(input)`: the streams whose events make up the flow's state (a booking, a doctor-day, an order…);
 * - `initialState(input)` and `evolve(state, event)`: the state folded from those events in global order;
 * - `decide(state)`: the next step still to do, or null when the flow has reached its end.
 *
 * A step is a command on ONE stream that its decider makes idempotent (deciding it again once it was appended
 * yields no events). The state is read back from the log before every step, so a crash between two appends is
 * resumed by running the workflow again with the same input: the steps already appended are seen, the rest run.
 * `onRefused` turns a step refused by its decider (slot taken, coupon used up…) into a compensating step, or
 * null when the refusal needs no compensation; the refusal is then passed on to the caller.
 * No I/O, no clock inside: time and anything looked up come in on the input.
 */
export interface Workflow<Input, State, Step, Event extends { type: string; data: unknown } = DomainEvent> {
  name: string;
  streams(input: Input): string[];
  initialState(input: Input): State;
  evolve(state: State, event: WorkflowEvent<Event>): State;
  decide(state: State): Step | null;
  onRefused?(state: State, step: Step, refusal: AppError): Step | null;
  /** what a step does: a command on one stream through its decider, or a named effect (the runner executes it) */
  route?(step: Step, input: Input): StepAction;
}

/**
 * a step as a command on ONE stream, decided there by the runner through the one append path (decideOnStream), not
 * sent on the CommandBus: a step's decider is the workflow's choice, and the runner is where every step passes
 */
export interface DecideStep {
  stream: string;
  decider: Decider<any, any, any>;
  command: unknown;
  options?: DecideOptions;
}

/** a step outside the log (a PayPal capture or refund, an email): a handler registered on the runner by name */
export interface EffectStep {
  effect: string;
  args: unknown;
}

export type StepAction = DecideStep | EffectStep;

/** what running a step appended, for read-your-writes */
export interface StepResult {
  position: number | null;
}

export interface WorkflowRun<State> {
  state: State;
  /** global position of the last event the run appended, null when it appended nothing */
  position: number | null;
  steps: number;
}

/** folds the events of the workflow's streams, merged in global order */
export async function readWorkflowState<Input, State, Step, Event extends { type: string; data: unknown }>(
  store: EventStore,
  workflow: Workflow<Input, State, Step, Event>,
  input: Input,
): Promise<State> {
  const histories = await Promise.all(workflow.streams(input).map((stream) => checkedHistory(store, stream)));
  return evolveChecked(
    workflow,
    input,
    histories.flat().sort((a, b) => a.position - b.position),
  );
}

/**
 * Checked events by stream, per store. A workflow reads its streams again before every step, and a doctor-day holds
 * every toggle and hold of its day: each step read and checked all of them again. A stream is append-only, so what
 * was read up to a revision stays true; the next read fetches and checks only the newer events. Bounded (least
 * recently used out). Each list is replaced, never changed, so concurrent readers always see a whole prefix.
 */
const HISTORY_CACHE_STREAMS = 2_000;
const historyCaches = new WeakMap<EventStore, Map<string, RecordedDomainEvent[]>>();

async function checkedHistory(store: EventStore, stream: string): Promise<RecordedDomainEvent[]> {
  let cache = historyCaches.get(store);
  if (!cache) historyCaches.set(store, (cache = new Map()));
  const known = cache.get(stream) ?? [];
  const newer = await store.readStream(stream, known.length > 0 ? { fromRevision: known[known.length - 1].revision + 1 } : {});
  const events = newer.length === 0 ? known : [...known, ...newer.map(parseRecordedEvent)];
  cache.delete(stream);
  if (events.length > 0) cache.set(stream, events);
  if (cache.size > HISTORY_CACHE_STREAMS) cache.delete(cache.keys().next().value!);
  return events;
}

/**
 * Each event is checked against the catalogue before the workflow folds it (an invalid one throws InvalidEventError,
 * naming the event and the field). The workflow's own event union is the one narrowing here: its streams hold the
 * events of their deciders, as the stream names say.
 */
export function foldWorkflow<Input, State, Step, Event extends { type: string; data: unknown }>(
  workflow: Workflow<Input, State, Step, Event>,
  input: Input,
  events: Array<{ stream: string; type: string; data: unknown; position?: number }>,
): State {
  return evolveChecked(
    workflow,
    input,
    events.map((e, i) => parseDomainEvent(e, `alla posizione ${e.position ?? i} (${e.stream})`)),
  );
}

function evolveChecked<Input, State, Step, Event extends { type: string; data: unknown }>(
  workflow: Workflow<Input, State, Step, Event>,
  input: Input,
  events: Array<DomainEvent & { stream: string }>,
): State {
  return events.reduce((state, e) => workflow.evolve(state, e as unknown as WorkflowEvent<Event>), workflow.initialState(input));
}

/**
 * A step that cannot be done yet and needs no retry now (PayPal still reviewing a capture): the flow stops where it is,
 * and the sweep tries it again later without calling it a failure.
 */
export class StepDeferred extends Error {}

/** a workflow that never reaches its end is a bug, not a reason to loop for ever */
const MAX_STEPS = 32;

/**
 * Runs the workflow to its end: read → decide → execute one step, again, until `decide` answers null.
 * `execute` runs the step (a command through the one append path, or an effect); it throws an AppError when the step's decider
 * refuses it. Safe to call again for the same input at any time (after a crash, from a sweep, twice at once): every
 * step is idempotent and guarded by its stream's expected revision.
 */
export async function runWorkflow<Input, State, Step, Event extends { type: string; data: unknown }>(
  store: EventStore,
  workflow: Workflow<Input, State, Step, Event>,
  input: Input,
  execute: (step: Step) => Promise<StepResult>,
): Promise<WorkflowRun<State>> {
  let position: number | null = null;
  for (let steps = 0; steps < MAX_STEPS; steps++) {
    const state = await readWorkflowState(store, workflow, input);
    const step = workflow.decide(state);
    if (step === null) return { state, position, steps };
    try {
      position = (await execute(step)).position ?? position;
    } catch (error) {
      const compensation = error instanceof AppError ? (workflow.onRefused?.(state, step, error) ?? null) : null;
      if (compensation !== null) await execute(compensation);
      throw error;
    }
  }
  throw new Error(`Il flusso ${workflow.name} non si è concluso dopo ${MAX_STEPS} passi`);
}
