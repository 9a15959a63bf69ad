import { Inject, Injectable, type Type } from '@nestjs/common';
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
 * The one append path under every command handler and every workflow step: reads the stream, folds it, decides, and
 * appends with the revision it read (a lost append is a 409, or decided again with `onStale: 'decide-again'`).
 * Features do not call it: they send their command class on the CommandBus, and its handler (DecideWith) calls it.
 */
export function decideOnStream<State, C, Event extends { type: string; data: unknown }>(
  eventStore: EventStore,
  stream: string,
  decider: Decider<State, C, Event>,
  given: NoInfer<C>,
  metadata: EventMetadata,
  options: DecideOptions<NoInfer<State>, NoInfer<C>> = {},
): Promise<CommandResult<Event>> {
  let command = given;
  let complete = options.complete;
  // the command completed on the first attempt is the one every attempt after it decides
  const completeOnce = (c: C, state: State): C => {
    command = complete!(c, state);
    complete = undefined;
    return command;
  };
  const once = () => handleCommand(eventStore, stream, decider, command, metadata, options.conflictMessage, complete && completeOnce);
  // a user's command races (a lost append is their 409); a flow's takes its turn on the stream in this process
  return options.onStale === 'decide-again' ? decideAgainOnStaleRevision(() => inTurn(eventStore, stream, once), options.tries) : once();
}

/**
 * A command on one stream, sent on the CommandBus: each feature declares one class per command, named after what it
 * does (`class ToggleSlot extends StreamCommand<…> {}`), with its handler beside it (`DecideWith`). `command` is the
 * decider's command; `options` add to (and override) the handler's own.
 */
export abstract class StreamCommand<C, Event extends { type: string; data: unknown }> extends Command<CommandResult<Event>> {
  constructor(
    readonly stream: string,
    readonly command: C,
    readonly metadata: EventMetadata,
    readonly options: DecideOptions<any, C> = {},
  ) {
    super();
  }
}

/**
 * The base of a command's handler: decides it with the feature's decider through the one append path, e.g.
 * `@CommandHandler(ToggleSlot) export class ToggleSlotHandler extends DecideWith(availabilityDecider, { … }) {}`.
 * `defaults`: the options this command always has (its 409 message, decide-again…).
 */
export function DecideWith<State, C, Event extends { type: string; data: unknown }>(
  decider: Decider<State, C, Event>,
  defaults: DecideOptions<NoInfer<State>, any> = {},
): Type<ICommandHandler<StreamCommand<C, Event>, CommandResult<Event>>> {
  @Injectable()
  class DeciderCommandHandler implements ICommandHandler<StreamCommand<C, Event>, CommandResult<Event>> {
    constructor(@Inject(EVENT_STORE) readonly eventStore: EventStore) {}

    execute(c: StreamCommand<C, Event>): Promise<CommandResult<Event>> {
      return decideOnStream(this.eventStore, c.stream, decider, c.command, c.metadata, { ...defaults, ...c.options });
    }
  }
  return DeciderCommandHandler;
}

/**
 * One handler per command that a decider takes with the same options: `handlersOf(bookingDecider, [CancelBooking,
 * RecordOutcome])` registers, for each command class, a handler that decides it with that decider (DecideWith), so a
 * feature declares its command classes and lists them once instead of a handler class each. A command with options
 * of its own (a toggle's `complete`) keeps a handler class of its own.
 */
export function handlersOf<State, C, Event extends { type: string; data: unknown }>(
  decider: Decider<State, C, Event>,
  commands: Type<StreamCommand<any, Event>>[],
  defaults: DecideOptions<NoInfer<State>, any> = {},
): Type<ICommandHandler<StreamCommand<C, Event>, CommandResult<Event>>>[] {
  return commands.map((command) => {
    const handler = class extends DecideWith(decider, defaults) {};
    Object.defineProperty(handler, 'name', { value: `${command.name}Handler` });
    CommandHandler(command)(handler);
    return handler;
  });
}

type AnyDecider = Decider<any, any, { type: string; data: unknown }>;
/** the command of `type` that a decider takes: `StreamCommand<CommandOf<typeof scheduleDecider, 'AddClosure'>, …>` */
export type CommandOf<D extends AnyDecider, T extends string> = Extract<Parameters<D['decide']>[0], { type: T }>;
/** the events a decider decides */
export type EventOf<D extends AnyDecider> = ReturnType<D['decide']>[number];
