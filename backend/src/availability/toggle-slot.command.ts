import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler, CommandBus } from '@nestjs/cqrs';
import { availabilityStreamName, slotAppearance, statusAfterToggle, type EventMetadata, type ToggleResponse, type WorkingHours } from '@studio/contracts';
import { availabilityDecider, doctorDayOf } from './availability.decider';
import { Decide } from '../event-store/decide.command';
import { CHANGE_FEED, type Core } from '../infrastructure/core';

/**
 * How long a toggle waits for the read model before answering anyway. In process the wait is a few milliseconds;
 * only projections that are down (the scale-out worker being restarted) reach it. The event is committed by then, so
 * the answer stays 200: a 500 would invite a retry, and a retried toggle flips the slot back.
 */
export const TOGGLE_READ_MODEL_WAIT_MS = 500;

export class ToggleSlotCommand extends Command<ToggleResponse & { position: number | null }> {
  constructor(
    readonly doctorId: string,
    readonly start: string,
    readonly end: string,
    readonly workingHours: WorkingHours,
    readonly metadata: EventMetadata,
  ) {
    super();
  }
}

@CommandHandler(ToggleSlotCommand)
export class ToggleSlotHandler implements ICommandHandler<ToggleSlotCommand> {
  private readonly logger = new Logger('ToggleSlot');

  constructor(
    private readonly commands: CommandBus,
    @Inject(CHANGE_FEED) private readonly changes: Core['changes'],
  ) {}

  async execute(c: ToggleSlotCommand): Promise<ToggleResponse & { position: number | null }> {
    const stream = availabilityStreamName(c.doctorId, doctorDayOf(c.start));
    const result = await this.commands.execute(
      new Decide(
        stream,
        availabilityDecider,
        { type: 'ToggleSlot', doctorId: c.doctorId, start: c.start, end: c.end, workingHours: c.workingHours },
        c.metadata,
        { conflictMessage: 'Il calendario è stato modificato nel frattempo: ricarica e riprova.' },
      ),
    );
    // read your writes: the week the doctor loads next (another week, another tab) already shows this toggle, and
    // the push to the watchers has left before the answer
    if (result.position !== null)
      await this.changes
        .waitFor(result.position, TOGGLE_READ_MODEL_WAIT_MS)
        .catch((error: Error) => this.logger.warn(`toggle risposto senza il read model: ${error.message}`));
    const [event] = result.events;
    const status = statusAfterToggle(event.type);
    const { color, textColor } = slotAppearance(status);
    return { id: event.data.slotId, color, textColor, status, position: result.position };
  }
}
