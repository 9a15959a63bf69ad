import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  availabilityStreamName,
  canonicalSlotStart,
  slotAppearance,
  statusAfterToggle,
  type EventMetadata,
  type ToggleResponse,
  type WorkingHours,
} from '@studio/contracts';
import { availabilityDecider, doctorDayOf, SLOT_CHANGED_MESSAGE, type AvailabilityCommand, type DoctorDay } from './availability.decider';
import { Decide } from '../event-store/decide.command';
import { CHANGE_FEED } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';

/**
 * How long a toggle waits for the read model before answering anyway. In process the wait is a few milliseconds;
 * only projections that are down (the scale-out worker being restarted) reach it. The event is committed by then, so
 * the answer stays 200: a 500 would invite a retry, and a retried toggle flips the slot back.
 */
export const TOGGLE_READ_MODEL_WAIT_MS = 500;

/** what a toggle that did not say what it saw is meant to change: the slot as the stream holds it */
function statusNow(state: DoctorDay, start: string): 'available' | 'unavailable' | undefined {
  const status = state.slots[canonicalSlotStart(start)]?.status ?? 'unavailable';
  // a held or booked slot is refused by the decider with its own message
  return status === 'available' || status === 'unavailable' ? status : undefined;
}

/**
 * A doctor's or the admin's toggle of one slot (POST /disponibilita/toggle): the availability decider's ToggleSlot,
 * sent as `Decide` on the CommandBus, answered once the read model holds it.
 */
@Injectable()
export class SlotToggleService {
  private readonly logger = new Logger('ToggleSlot');

  constructor(
    private readonly commands: CommandBus,
    @Inject(CHANGE_FEED) private readonly changes: Ports['changes'],
  ) {}

  /** `seen`: the status the caller saw; without it, the one the stream holds when the toggle arrives */
  async toggle(
    doctorId: string,
    start: string,
    end: string,
    workingHours: WorkingHours,
    metadata: EventMetadata,
    seen?: 'available' | 'unavailable',
  ): Promise<ToggleResponse> {
    const stream = availabilityStreamName(doctorId, doctorDayOf(start));
    const command: AvailabilityCommand = { type: 'ToggleSlot', doctorId, start, end, workingHours, seen };
    // a toggle that states the status it changes depends on its slot only: another slot's write meanwhile (a stale
    // revision) is no conflict, so it is decided again; a change of this very slot is refused by the decider (409).
    // Without `seen`, it is the slot as the stream holds it when the toggle arrives, read with the decision's own read
    // (one read of the doctor-day per toggle; before, a read of its own came first)
    const result = await this.commands.execute(
      new Decide(stream, availabilityDecider, command, metadata, {
        conflictMessage: SLOT_CHANGED_MESSAGE,
        onStale: 'decide-again',
        complete: seen ? undefined : (given, state) => ({ ...given, seen: statusNow(state, start) }),
      }),
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
    return { id: event.data.slotId, color, textColor, status };
  }
}
