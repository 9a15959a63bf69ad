import type { EventData } from '@studio/contracts';

/**
 * `patienthold-<patientId>`: which booking the patient holds now. Claiming a new hold is one append
 * with the stream's expected revision, so two holds of one patient are ordered, and the event names
 * the hold it replaces: that one stops counting as held at once, whatever happens after.
 */
export type PatientHoldEvent = { type: 'PatientHoldClaimed'; data: EventData<'PatientHoldClaimed'> };

export interface PatientHoldState {
  current: string | null;
}

export interface ClaimHold {
  type: 'ClaimHold';
  patientId: string;
  bookingId: string;
}

export type PatientHoldCommand = ClaimHold;

export const initialState = (): PatientHoldState => ({ current: null });

export function evolve(_state: PatientHoldState, event: PatientHoldEvent): PatientHoldState {
  return { current: event.data.bookingId };
}

export function decide(command: PatientHoldCommand, state: PatientHoldState): PatientHoldEvent[] {
  // the same booking again (a retry, a resumed flow) changes nothing
  if (state.current === command.bookingId) return [];
  return [{ type: 'PatientHoldClaimed', data: { patientId: command.patientId, bookingId: command.bookingId, replaces: state.current } }];
}

export const patientHoldDecider = { initialState, evolve, decide };
