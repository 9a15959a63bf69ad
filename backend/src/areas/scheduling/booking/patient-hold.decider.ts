import type { EventData } from '@studio/contracts';
import { ConflictError } from '../../../platform/common/errors';

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
  /**
   * claim only if the patient's current hold is still this one (compare-and-set). The waiting list's offers claim
   * this way, after checking that the hold they saw is over: two offers made at once, by two doctors, cannot both
   * become the patient's hold. A patient's own hold claims unconditionally (it replaces the old one).
   */
  ifCurrent?: string | null;
}

export const PATIENT_BUSY_MESSAGE = 'Il paziente ha già un orario in attesa di pagamento.';

export type PatientHoldCommand = ClaimHold;

export const initialState = (): PatientHoldState => ({ current: null });

export function evolve(_state: PatientHoldState, event: PatientHoldEvent): PatientHoldState {
  return { current: event.data.bookingId };
}

export function decide(command: PatientHoldCommand, state: PatientHoldState): PatientHoldEvent[] {
  // the same booking again (a retry, a resumed flow) changes nothing
  if (state.current === command.bookingId) return [];
  if (command.ifCurrent !== undefined && state.current !== command.ifCurrent) throw new ConflictError(PATIENT_BUSY_MESSAGE, 'paziente_occupato');
  return [{ type: 'PatientHoldClaimed', data: { patientId: command.patientId, bookingId: command.bookingId, replaces: state.current } }];
}

export const patientHoldDecider = { initialState, evolve, decide };
