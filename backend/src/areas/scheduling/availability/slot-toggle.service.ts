import { Injectable, Logger } from '@nestjs/common';
import { availabilityStreamName, slotAppearance, statusAfterToggle, type EventMetadata, type ToggleResponse, type WorkingHours } from '@studio/contracts';
import { doctorDayOf } from './availability.decider';
import { ToggleSlot } from './availability.commands';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

/**
 * How long a toggle waits for the read model before answering anyway. In process the wait is a few milliseconds;
 * only projections that are down (the scale-out worker being restarted) reach it. The event is committed by then, so
 * the answer stays 200: a 500 would invite a retry, and a retried toggle flips the slot back.
 */
export const TOGGLE_READ_MODEL_WAIT_MS = 500;

/**
 * A doctor's or the admin's toggle of one slot (POST /disponibilita/toggle): the availability decider's ToggleSlot,
 * sent as `ToggleSlot` on the CommandBus (its handler, in availability.commands.ts, decides it), answered once the read
 * model holds it.
 */
@Injectable()
export class SlotToggleService {
  private readonly logger = new Logger('ToggleSlot');

  constructor(private readonly kernel: KernelPorts) {}

  /** `seen`: the status the caller saw; without it, the one the stream holds when the toggle arrives */
  async toggle(
    doctorId: string,
    start: string,
    end: string,
    workingHours: WorkingHours,
    metadata: EventMetadata,
    seen?: 'available' | 'unavailable',
  ): Promise<ToggleResponse> {
    const result = await this.kernel.commands.execute(
      new ToggleSlot(availabilityStreamName(doctorId, doctorDayOf(start)), { type: 'ToggleSlot', doctorId, start, end, workingHours, seen }, metadata),
    );
    // read your writes: the week the doctor loads next (another week, another tab) already shows this toggle, and
    // the push to the watchers has left before the answer
    if (result.position !== null)
      await this.kernel.changes
        .waitFor(result.position, TOGGLE_READ_MODEL_WAIT_MS)
        .catch((error: Error) => this.logger.warn(`toggle risposto senza il read model: ${error.message}`));
    const [event] = result.events;
    const status = statusAfterToggle(event.type);
    const { color, textColor } = slotAppearance(status);
    return { id: event.data.slotId, color, textColor, status };
  }
}
