import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventMetadata, EventStore } from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from '../common/clock';
import { CHANGE_FEED, EVENT_STORE, type ChangeFeed } from '../kernel/tokens';
import { decideOnStream } from './decide';
import { StepDeferred, readWorkflowState, runWorkflow, type StepAction, type StepResult, type Workflow, type WorkflowRun } from './workflow';

/** a named effect a workflow's step asks for: it does its I/O and records the outcome with a command */
export type EffectHandler = (args: any, metadata: EventMetadata) => Promise<StepResult>;

/** a workflow the sweep resumes, with the query for its instances left half-way (by a crash, by PayPal down…) */
interface Resumable {
  workflow: Workflow<any, any, any, any>;
  unfinished: () => Promise<unknown[]>;
  options: ResumeOptions<any>;
}

export interface ResumeOptions<Input> {
  /** the metadata a resumed instance's events carry (default: the system's, with a new correlation id) */
  metadata?: (input: Input) => Promise<EventMetadata>;
  /** runs a resumed instance through the feature's own queue (receipts: one doctor at a time, in payment order) */
  via?: (input: Input, run: () => Promise<WorkflowRun<any>>) => Promise<WorkflowRun<any>>;
}

/** what the sweep did with one unfinished instance: the state it left it in, and the error that stopped it, if any */
export interface SweepOutcome<Input = unknown, State = unknown> {
  workflow: string;
  input: Input;
  state: State;
  error?: unknown;
}

/**
 * The one runner of every workflow (DESIGN "Workflows"): it reads the flow's state from the log, asks its `decide`
 * for the next step, executes it (a command on one stream, through the one append path `decideOnStream`, or a named effect) and starts again until the flow
 * is done. Progress is the log itself: each step appends to a stream the workflow follows, so a crash between two
 * steps is resumed by running the same input again. `resumeAll` is the one sweep: each workflow registered with
 * `resumes` declares the query for its unfinished instances, and the sweep runs each of them to its end.
 */
@Injectable()
export class WorkflowRunner {
  private readonly logger = new Logger('Workflows');
  private readonly effects = new Map<string, EffectHandler>();
  private readonly resumable: Resumable[] = [];
  private resuming: Promise<SweepOutcome[]> = Promise.resolve([]);

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CHANGE_FEED) private readonly changes: ChangeFeed,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** registers the handler of a named effect (once per name) */
  effect(name: string, handler: EffectHandler): void {
    if (this.effects.has(name)) throw new Error(`Effetto ${name} già registrato`);
    this.effects.set(name, handler);
  }

  /** registers a workflow with the sweep, with the query for its unfinished instances (their inputs) */
  resumes<Input>(workflow: Workflow<Input, any, any, any>, unfinished: () => Promise<Input[]>, options: ResumeOptions<Input> = {}): void {
    this.resumable.push({ workflow, unfinished, options });
  }

  /** runs the workflow for this input to its end (safe again at any time: every step is idempotent) */
  run<Input, State, Step, Event extends { type: string; data: unknown }>(
    workflow: Workflow<Input, State, Step, Event>,
    input: Input,
    metadata: EventMetadata,
  ): Promise<WorkflowRun<State>> {
    const route = workflow.route;
    if (!route) throw new Error(`Il flusso ${workflow.name} non dice dove vanno i suoi passi (route)`);
    return runWorkflow(this.eventStore, workflow, input, (step) => this.executeStep(route(step, input), metadata));
  }

  /** one step of any workflow: the one place they all pass (where the crash tests kill the process) */
  async executeStep(action: StepAction, metadata: EventMetadata): Promise<StepResult> {
    if ('effect' in action) {
      const handler = this.effects.get(action.effect);
      if (!handler) throw new Error(`Effetto ${action.effect} non registrato`);
      return handler(action.args, metadata);
    }
    return decideOnStream(this.eventStore, action.stream, action.decider, action.command, metadata, action.options);
  }

  /**
   * The sweep: every unfinished instance of every registered workflow, run to its end. Safe at any time and on
   * every instance of the app; sweeps run one after another. Answers how many instances ran to their end.
   */
  async resumeAll(): Promise<number> {
    return finished(await this.sweepAll());
  }

  /** the same, answering what became of each instance (the start-up pass reports it) */
  sweepAll(): Promise<SweepOutcome[]> {
    return this.queue(this.resumable);
  }

  /** the same, for one workflow only */
  async resume(workflow: Workflow<any, any, any, any>): Promise<number> {
    return finished(await this.queue(this.resumable.filter((r) => r.workflow === workflow)));
  }

  /** one workflow's registered instances, or those of another query of it (the reconciler's own grace), with outcomes */
  resumeWith<Input, State>(workflow: Workflow<Input, State, any, any>, unfinished?: () => Promise<Input[]>): Promise<SweepOutcome<Input, State>[]> {
    const registered = this.resumable.filter((r) => r.workflow === workflow);
    const resumable = unfinished ? [{ workflow, unfinished, options: registered[0]?.options ?? {} }] : registered;
    return this.queue(resumable) as Promise<SweepOutcome<Input, State>[]>;
  }

  private queue(resumable: Resumable[]): Promise<SweepOutcome[]> {
    const next = this.resuming.catch(() => []).then(() => this.sweep(resumable));
    this.resuming = next;
    return next;
  }

  private async sweep(resumable: Resumable[]): Promise<SweepOutcome[]> {
    const outcomes: SweepOutcome[] = [];
    let last = 0;
    for (const { workflow, unfinished, options } of resumable) {
      for (const input of await unfinished()) {
        const metadata = options.metadata ? await options.metadata(input) : this.systemMetadata();
        try {
          const go = () => this.run(workflow, input, metadata);
          const run = await (options.via ? options.via(input, go) : go());
          outcomes.push({ workflow: workflow.name, input, state: run.state });
          if (run.position) last = Math.max(last, run.position);
        } catch (error) {
          // a refusal was compensated by the workflow; a deferred step (PayPal still reviewing) waits quietly; anything
          // else waits for the next sweep
          if (!(error instanceof StepDeferred)) this.logger.warn(`Flusso ${workflow.name} non ripreso: ${String(error)}`);
          outcomes.push({ workflow: workflow.name, input, state: await readWorkflowState(this.eventStore, workflow, input), error });
          last = Math.max(last, await this.eventStore.headPosition());
        }
      }
      // the next workflow's query reads the read models: they show what this one did first (an orphan hold given back
      // before the series that made it books that visit again)
      if (last) await this.changes.waitFor(last);
    }
    return outcomes;
  }

  private systemMetadata(): EventMetadata {
    const correlationId = randomUUID();
    return { userId: 'system', role: 'system', at: this.clock.now().toISOString(), correlationId, causationId: correlationId };
  }
}

const finished = (outcomes: SweepOutcome[]) => outcomes.filter((o) => o.error === undefined).length;
