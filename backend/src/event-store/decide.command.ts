import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventMetadata, EventStore } from '@studio/contracts';
import { EVENT_STORE } from '../kernel/tokens';
import { decideAgainOnStaleRevision, handleCommand, inTurn, type CommandResult, type Decider } from './command-handler';

// any by default: the options of a step whose decider is not known by its type (a workflow's steps)
export interface DecideOptions<State = any, C = any> {
  /** what the user reads on a 409 when the append lost to another writer, in the words of their screen */
  conflictMessage?: string;
  /**
   * 'refuse' (the default, for a user's command): a lost append is a 409 to retry on fresh data, never a silent
   * retry acting on a state the user has not seen. 'decide-again' (for flows and reactors): the decider decides
   * again on the fresh stream, and only a lost append is retried.
   */
  onStale?: 'refuse' | 'decide-again';
  /** with 'decide-again': how many lost appends in a row before the 409 (a hot stream, such as a coupon's uses) */
  tries?: number;
  /**
   * Completes the command from the stream's state, read by the decision's own read: for a command that depends on
   * what the stream holds when it arrives (a toggle that did not say what it saw), without a read of its own first.
   * Called on the first attempt only: a decided-again attempt keeps the command it gave.
   */
  complete?: (command: C, state: State) => C;
}

/**
 * The one way a command reaches the log (DESIGN.md "Commands"): any feature sends `new Decide(stream, decider,
 * command, metadata)` on the CommandBus; the handler reads the stream, folds it, decides, and appends with the
 * revision it read. Features keep their domain in their deciders; none appends on its own.
 */
export class Decide<State, C, Event extends { type: string; data: unknown }> extends Command<CommandResult<Event>> {
  constructor(
    readonly stream: string,
    readonly decider: Decider<State, C, Event>,
    readonly command: NoInfer<C>,
    readonly metadata: EventMetadata,
    readonly options: DecideOptions<NoInfer<State>, NoInfer<C>> = {},
  ) {
    super();
  }
}

@CommandHandler(Decide)
export class DecideHandler implements ICommandHandler<Decide<unknown, unknown, { type: string; data: unknown }>> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute<State, C, Event extends { type: string; data: unknown }>(c: Decide<State, C, Event>): Promise<CommandResult<Event>> {
    let command = c.command;
    let complete = c.options.complete;
    // the command completed on the first attempt is the one every attempt after it decides
    const completeOnce = (given: C, state: State): C => {
      command = complete!(given, state);
      complete = undefined;
      return command;
    };
    const once = () => handleCommand(this.eventStore, c.stream, c.decider, command, c.metadata, c.options.conflictMessage, complete && completeOnce);
    // a user's command races (a lost append is their 409); a flow's takes its turn on the stream in this process
    return c.options.onStale === 'decide-again' ? decideAgainOnStaleRevision(() => inTurn(this.eventStore, c.stream, once), c.options.tries) : once();
  }
}
