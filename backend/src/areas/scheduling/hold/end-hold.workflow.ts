import { availabilityStreamName, bookingStreamName, roomStreamName, type HoldEndReason } from '@studio/contracts';
import { availabilityDecider, type DoctorDay, type ReleaseHold } from '../availability';
import { evolveWith } from '../../../platform/event-store/command-handler';
import type { Workflow, WorkflowEvent } from '../../../platform/event-store/workflow';
import { HOLD_BUSY_MESSAGE } from './hold.workflow';
import { bookingDecider, roomsDecider, type BookingState, type EndHold, type ReleaseRoom, type RoomsDay } from '../booking';

/** the end of one hold: let go by the patient, run out (the sweep), or replaced by the patient's newer hold */
export interface EndHoldInput {
  bookingId: string;
  doctorId: string;
  /** the doctor-day of the slot (its stream) */
  day: string;
  start: string;
  reason: HoldEndReason;
  now: string;
  /** where the visit was: the room it took there, if any, is given back */
  locationId?: string;
}

export interface EndHoldState {
  input: EndHoldInput;
  day: DoctorDay;
  booking: BookingState;
  rooms: RoomsDay;
}

export type EndHoldStep = { stream: 'day'; command: ReleaseHold } | { stream: 'room'; command: ReleaseRoom } | { stream: 'booking'; command: EndHold };

const roomStreamOf = (i: EndHoldInput) => (i.locationId ? roomStreamName(i.locationId, i.day) : null);

/**
 * Gives the slot back if this booking still holds it, and the room it took with it, then ends the booking. The deciders themselves say whether a
 * step is still due (an 'expired' end only once the hold really ran out, another booking's hold is never touched),
 * so the flow holds no rule of its own: the next step is the first whose decider would append something.
 */
export const endHoldWorkflow: Workflow<EndHoldInput, EndHoldState, EndHoldStep> = {
  name: 'fine-riserva',
  streams: (i) => [availabilityStreamName(i.doctorId, i.day), ...[roomStreamOf(i) ?? []].flat(), bookingStreamName(i.bookingId)],
  initialState: (input) => ({ input, day: availabilityDecider.initialState(), booking: bookingDecider.initialState(), rooms: roomsDecider.initialState() }),
  evolve(state, event: WorkflowEvent) {
    if (event.stream === bookingStreamName(state.input.bookingId)) return { ...state, booking: evolveWith(bookingDecider, state.booking, event) };
    if (event.stream === roomStreamOf(state.input)) return { ...state, rooms: evolveWith(roomsDecider, state.rooms, event) };
    return { ...state, day: evolveWith(availabilityDecider, state.day, event) };
  },
  decide(state) {
    const { bookingId, doctorId, start, reason, now } = state.input;
    const release: ReleaseHold = { type: 'ReleaseHold', doctorId, start, bookingId, reason, now };
    if (availabilityDecider.decide(release, state.day).length > 0) return { stream: 'day', command: release };
    // the room goes with the slot: only once no slot of the day is this booking's (a paid visit keeps its room)
    const { locationId } = state.input;
    const slotKept = Object.values(state.day.slots).some((s) => (s.status === 'held' || s.status === 'booked') && s.bookingId === bookingId);
    if (locationId && !slotKept) {
      const free: ReleaseRoom = { type: 'ReleaseRoom', locationId, bookingId, reason };
      if (roomsDecider.decide(free, state.rooms).length > 0) return { stream: 'room', command: free };
    }
    const end: EndHold = { type: 'EndHold', bookingId, reason, now };
    if (bookingDecider.decide(end, state.booking).length > 0) return { stream: 'booking', command: end };
    return null;
  },
  route(step, input) {
    if (step.stream === 'room')
      return {
        stream: roomStreamOf(input)!,
        decider: roomsDecider,
        command: step.command,
        options: { onStale: 'decide-again', conflictMessage: HOLD_BUSY_MESSAGE },
      };
    return step.stream === 'day'
      ? {
          stream: availabilityStreamName(input.doctorId, input.day),
          decider: availabilityDecider,
          command: step.command,
          options: { onStale: 'decide-again', conflictMessage: HOLD_BUSY_MESSAGE },
        }
      : { stream: bookingStreamName(input.bookingId), decider: bookingDecider, command: step.command, options: { onStale: 'decide-again' } };
  },
};
