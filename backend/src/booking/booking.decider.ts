import type { EventData, HoldEndReason } from '@studio/contracts';
import { ConflictError } from '../common/errors';

/** One stream per booking: `booking-<id>`. Payment and confirmation will extend it. */
export type BookingEvent =
  | { type: 'BookingHeld'; data: EventData<'BookingHeld'> }
  | { type: 'BookingHoldEnded'; data: EventData<'BookingHoldEnded'> }
  | { type: 'BookingConfirmed'; data: EventData<'BookingConfirmed'> };

export type BookingState =
  | { status: 'none' }
  | { status: 'held'; expiresAt: string }
  | { status: 'ended'; reason: HoldEndReason }
  | { status: 'confirmed'; orderId: string };

/** records a hold the doctor-day stream has already granted */
export interface StartHold {
  type: 'StartHold';
  hold: EventData<'BookingHeld'>;
}

/** an 'expired' end only once the hold really ran out; ending an ended booking changes nothing */
export interface EndHold {
  type: 'EndHold';
  bookingId: string;
  reason: HoldEndReason;
  now: string;
}

/** a paid order confirms the held booking; the same order again changes nothing */
export interface ConfirmBooking {
  type: 'ConfirmBooking';
  bookingId: string;
  orderId: string;
}

export type BookingCommand = StartHold | EndHold | ConfirmBooking;

export const initialState = (): BookingState => ({ status: 'none' });

export function evolve(_state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'BookingHeld':
      return { status: 'held', expiresAt: event.data.expiresAt };
    case 'BookingHoldEnded':
      return { status: 'ended', reason: event.data.reason };
    case 'BookingConfirmed':
      return { status: 'confirmed', orderId: event.data.orderId };
  }
}

export function decide(command: BookingCommand, state: BookingState): BookingEvent[] {
  switch (command.type) {
    case 'StartHold':
      if (state.status !== 'none') throw new ConflictError('Questa prenotazione esiste già.', 'prenotazione_esistente');
      return [{ type: 'BookingHeld', data: command.hold }];
    case 'EndHold':
      if (state.status !== 'held') return [];
      if (command.reason === 'expired' && Date.parse(state.expiresAt) > Date.parse(command.now)) return [];
      return [{ type: 'BookingHoldEnded', data: { bookingId: command.bookingId, reason: command.reason } }];
    case 'ConfirmBooking':
      if (state.status === 'confirmed' && state.orderId === command.orderId) return [];
      if (state.status !== 'held') throw new ConflictError('La prenotazione non è più in attesa di pagamento.', 'prenotazione_non_in_attesa');
      return [{ type: 'BookingConfirmed', data: { bookingId: command.bookingId, orderId: command.orderId } }];
  }
}

export const bookingDecider = { initialState, evolve, decide };
