import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventMetadata, EventStore } from '@studio/contracts';
import { EVENT_STORE } from '../kernel/tokens';
import { decideAgainOnStaleRevision, handleCommand, inTurn, type CommandResult, type Decider } from './command-handler';

export interface DecideOptions {
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
    readonly options: DecideOptions = {},
  ) {
    super();
  }
}

@CommandHandler(Decide)
export class DecideHandler implements ICommandHandler<Decide<unknown, unknown, { type: string; data: unknown }>> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute<State, C, Event extends { type: string; data: unknown }>(c: Decide<State, C, Event>): Promise<CommandResult<Event>> {
    const once = () => handleCommand(this.eventStore, c.stream, c.decider, c.command, c.metadata, c.options.conflictMessage);
    // a user's command races (a lost append is their 409); a flow's takes its turn on the stream in this process
    return c.options.onStale === 'decide-again' ? decideAgainOnStaleRevision(() => inTurn(this.eventStore, c.stream, once), c.options.tries) : once();
  }
}
