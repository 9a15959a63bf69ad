import { availabilityStreamName, bookingStreamName, patientHoldStreamName, roomStreamName, type BookedVisit } from '@studio/contracts';
import { availabilityDecider, type DoctorDay, type HoldSlot, type ReleaseHold } from '../availability';
import { evolveWith } from '../../../platform/event-store/command-handler';
import type { Workflow, WorkflowEvent } from '../../../platform/event-store/workflow';
import { bookingDecider, patientHoldDecider, roomsDecider, type ClaimHold, type RoomsDay, type StartHold, type TakeRoom } from '../booking';

/** POST /prenotazioni: a patient holds one slot (the booking id is new for each request) */
export type HoldInput = Omit<HoldSlot, 'type'> & {
  /** the doctor-day of the slot (its stream) */
  day: string;
  /** the visit type booked, recorded on the booking */
  visit?: BookedVisit;
  /** where the visit is (the weekly schedule's location at its start), recorded on the booking */
  locationId?: string;
  /** the rooms of that location: where it has any, a free one is taken with the slot */
  roomIds?: string[];
};

/** the stream of the rooms a hold takes one of, or null where the visit's location has none */
export const holdRoomStream = (i: { locationId?: string; roomIds?: string[]; day: string }): string | null =>
  i.locationId && i.roomIds && i.roomIds.length > 0 ? roomStreamName(i.locationId, i.day) : null;

export interface HoldState {
  input: HoldInput;
  day: DoctorDay;
  /** the slot as this booking's SlotHeld recorded it */
  held: { slotId: string; start: string; end: string } | null;
  /** this booking's claim on the patient stream, and the hold it replaced */
  claimed: { replaces: string | null } | null;
  bookingHeld: boolean;
  /** the location's rooms taken that day, and whether this booking has one */
  rooms: RoomsDay;
  roomTaken: boolean;
}

/** what the patient reads when a busy doctor-day or their own hold stream keeps refusing the hold's append */
export const HOLD_BUSY_MESSAGE = 'Molte prenotazioni in corso per questo medico: riprova tra qualche istante.';

export type HoldStep =
  | { stream: 'day'; command: HoldSlot | ReleaseHold }
  | { stream: 'room'; command: TakeRoom }
  | { stream: 'patient'; command: ClaimHold }
  | { stream: 'booking'; command: StartHold };

/**
 * The hold, a flow across three or four streams: the slot on its doctor-day stream (the expected revision makes one
 * winner), then, where the visit's location has rooms, a free room on `room-<locationId>-<day>` (the same: two doctors
 * racing for the last room, one wins; the loser's slot is given back, its compensation), then the patient's one current hold on `patienthold-<id>` (from that append on, the hold it replaces no longer
 * counts, even if the process dies before giving its slot back), then the booking itself. Resumed from the log, each
 * step runs once; a slot refused by its stream ends the flow with that refusal, nothing appended.
 */
export const holdWorkflow: Workflow<HoldInput, HoldState, HoldStep> = {
  name: 'riserva-orario',
  streams: (i) => [
    availabilityStreamName(i.doctorId, i.day),
    ...[holdRoomStream(i) ?? []].flat(),
    patientHoldStreamName(i.patientId),
    bookingStreamName(i.bookingId),
  ],
  initialState: (input) => ({
    input,
    day: availabilityDecider.initialState(),
    held: null,
    claimed: null,
    bookingHeld: false,
    rooms: roomsDecider.initialState(),
    roomTaken: false,
  }),
  evolve(state, event: WorkflowEvent) {
    const { input } = state;
    if (event.stream === availabilityStreamName(input.doctorId, input.day)) {
      const day = evolveWith(availabilityDecider, state.day, event);
      if (event.type === 'SlotHeld') {
        const { bookingId, slotId, start, end } = event.data;
        // a longer visit holds several slots in one append: the booking spans from the first to the last
        if (bookingId === input.bookingId) return { ...state, day, held: state.held ? { ...state.held, end } : { slotId, start, end } };
      }
      return { ...state, day };
    }
    if (event.type === 'RoomTaken' || event.type === 'RoomReleased') {
      const rooms = evolveWith(roomsDecider, state.rooms, event);
      return { ...state, rooms, roomTaken: rooms.taken.has(input.bookingId) };
    }
    if (event.type === 'PatientHoldClaimed') {
      const { bookingId, replaces } = event.data;
      return bookingId === input.bookingId ? { ...state, claimed: { replaces } } : state;
    }
    if (event.type === 'BookingHeld') return { ...state, bookingHeld: true };
    return state;
  },
  decide(state) {
    const { input, held, claimed } = state;
    if (!held) {
      const { doctorId, start, bookingId, patientId, now, expiresAt, timeZone, workingHours, minutes, bufferMinutes } = input;
      return {
        stream: 'day',
        command: { type: 'HoldSlot', doctorId, start, bookingId, patientId, now, expiresAt, timeZone, workingHours, minutes, bufferMinutes },
      };
    }
    if (holdRoomStream(input) && !state.roomTaken && !claimed) {
      const { locationId, bookingId, roomIds } = input;
      return { stream: 'room', command: { type: 'TakeRoom', locationId: locationId!, bookingId, start: held.start, end: held.end, roomIds: roomIds! } };
    }
    if (!claimed) return { stream: 'patient', command: { type: 'ClaimHold', patientId: input.patientId, bookingId: input.bookingId } };
    if (!state.bookingHeld) {
      const { bookingId, patientId, doctorId, expiresAt, visit, locationId } = input;
      const hold = { bookingId, patientId, doctorId, slotId: held.slotId, start: held.start, end: held.end, expiresAt, ...(locationId ? { locationId } : {}) };
      return { stream: 'booking', command: { type: 'StartHold', hold: visit ? { ...hold, visit } : hold } };
    }
    return null;
  },
  // no room left: the slot this booking took goes back on its day, and the patient hears why
  onRefused(state, step) {
    if (step.stream !== 'room') return null;
    const { doctorId, bookingId, now } = state.input;
    return { stream: 'day', command: { type: 'ReleaseHold', doctorId, start: step.command.start, bookingId, reason: 'released', now } };
  },
  // a lost append on a busy day or patient stream is decided again; the booking is new, its first append wins
  route(step, input) {
    const busy = { onStale: 'decide-again' as const, conflictMessage: HOLD_BUSY_MESSAGE };
    switch (step.stream) {
      case 'day':
        return { stream: availabilityStreamName(input.doctorId, input.day), decider: availabilityDecider, command: step.command, options: busy };
      case 'room':
        return {
          stream: holdRoomStream(input)!,
          decider: roomsDecider,
          command: step.command,
          options: { onStale: 'decide-again', conflictMessage: HOLD_BUSY_MESSAGE },
        };
      case 'patient':
        return { stream: patientHoldStreamName(input.patientId), decider: patientHoldDecider, command: step.command, options: busy };
      case 'booking':
        return { stream: bookingStreamName(input.bookingId), decider: bookingDecider, command: step.command };
    }
  },
};
