import { availabilityStreamName, bookingStreamName, patientHoldStreamName, type BookedVisit } from '@studio/contracts';
import { availabilityDecider, type DoctorDay, type HoldSlot } from '../../availability';
import { evolveWith } from '../../event-store/command-handler';
import type { Workflow, WorkflowEvent } from '../../event-store/workflow';
import { bookingDecider, patientHoldDecider, type ClaimHold, type StartHold } from '../../booking';

/** POST /prenotazioni: a patient holds one slot (the booking id is new for each request) */
export type HoldInput = Omit<HoldSlot, 'type'> & {
  /** the doctor-day of the slot (its stream) */
  day: string;
  /** the visit type booked, recorded on the booking */
  visit?: BookedVisit;
};

export interface HoldState {
  input: HoldInput;
  day: DoctorDay;
  /** the slot as this booking's SlotHeld recorded it */
  held: { slotId: string; start: string; end: string } | null;
  /** this booking's claim on the patient stream, and the hold it replaced */
  claimed: { replaces: string | null } | null;
  bookingHeld: boolean;
}

/** what the patient reads when a busy doctor-day or their own hold stream keeps refusing the hold's append */
export const HOLD_BUSY_MESSAGE = 'Molte prenotazioni in corso per questo medico: riprova tra qualche istante.';

export type HoldStep = { stream: 'day'; command: HoldSlot } | { stream: 'patient'; command: ClaimHold } | { stream: 'booking'; command: StartHold };

/**
 * The hold, a flow across three streams: the slot on its doctor-day stream (the expected revision makes one winner),
 * then the patient's one current hold on `patienthold-<id>` (from that append on, the hold it replaces no longer
 * counts, even if the process dies before giving its slot back), then the booking itself. Resumed from the log, each
 * step runs once; a slot refused by its stream ends the flow with that refusal, nothing appended.
 */
export const holdWorkflow: Workflow<HoldInput, HoldState, HoldStep> = {
  name: 'riserva-orario',
  streams: (i) => [availabilityStreamName(i.doctorId, i.day), patientHoldStreamName(i.patientId), bookingStreamName(i.bookingId)],
  initialState: (input) => ({ input, day: availabilityDecider.initialState(), held: null, claimed: null, bookingHeld: false }),
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
    if (!claimed) return { stream: 'patient', command: { type: 'ClaimHold', patientId: input.patientId, bookingId: input.bookingId } };
    if (!state.bookingHeld) {
      const { bookingId, patientId, doctorId, expiresAt, visit } = input;
      const hold = { bookingId, patientId, doctorId, slotId: held.slotId, start: held.start, end: held.end, expiresAt };
      return { stream: 'booking', command: { type: 'StartHold', hold: visit ? { ...hold, visit } : hold } };
    }
    return null;
  },
  // a lost append on a busy day or patient stream is decided again; the booking is new, its first append wins
  route(step, input) {
    const busy = { onStale: 'decide-again' as const, conflictMessage: HOLD_BUSY_MESSAGE };
    switch (step.stream) {
      case 'day':
        return { stream: availabilityStreamName(input.doctorId, input.day), decider: availabilityDecider, command: step.command, options: busy };
      case 'patient':
        return { stream: patientHoldStreamName(input.patientId), decider: patientHoldDecider, command: step.command, options: busy };
      case 'booking':
        return { stream: bookingStreamName(input.bookingId), decider: bookingDecider, command: step.command };
    }
  },
};
