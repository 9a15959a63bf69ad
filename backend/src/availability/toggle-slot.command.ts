import { Command, CommandHandler, type ICommandHandler, CommandBus } from '@nestjs/cqrs';
import { availabilityStreamName, slotAppearance, statusAfterToggle, type EventMetadata, type ToggleResponse, type WorkingHours } from '@studio/contracts';
import { availabilityDecider, doctorDayOf } from './availability.decider';
import { Decide } from '../event-store/decide.command';

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
  constructor(private readonly commands: CommandBus) {}

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
    const [event] = result.events;
    const status = statusAfterToggle(event.type);
    const { color, textColor } = slotAppearance(status);
    return { id: event.data.slotId, color, textColor, status, position: result.position };
  }
}
