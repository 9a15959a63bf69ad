import type { EventData } from '@studio/contracts';
import { ConflictError } from '../common/errors';

/**
 * A desk payment's stream, `order-desk-<bookingId>` (one desk payment per booking): recorded, then placed once the
 * booking is confirmed (the receipts workflow reacts to OrderPlaced as for PayPal), or refunded (money given back at the
 * desk: a refused booking, or a later refund, which issues a credit note).
 */
export type DeskPaymentEvent =
  | { type: 'DeskPaymentRecorded'; data: EventData<'DeskPaymentRecorded'> }
  | { type: 'OrderPlaced'; data: EventData<'OrderPlaced'> }
  | { type: 'PaymentRefunded'; data: EventData<'PaymentRefunded'> };

export type DeskPaymentState =
  | { status: 'none' }
  | { status: 'recorded' | 'placed'; payment: EventData<'DeskPaymentRecorded'> }
  | { status: 'refunded'; payment: EventData<'DeskPaymentRecorded'>; placed: boolean };

export type DeskPaymentCommand =
  | { type: 'RecordDeskPayment'; payment: EventData<'DeskPaymentRecorded'> }
  | { type: 'PlaceDeskOrder'; placed: EventData<'OrderPlaced'> }
  | { type: 'RefundDeskPayment'; refund: EventData<'PaymentRefunded'> };

export const deskOrderId = (bookingId: string) => `desk-${bookingId}`;

export const initialState = (): DeskPaymentState => ({ status: 'none' });

export function evolve(state: DeskPaymentState, event: DeskPaymentEvent): DeskPaymentState {
  switch (event.type) {
    case 'DeskPaymentRecorded':
      return { status: 'recorded', payment: event.data };
    case 'OrderPlaced':
      return state.status === 'recorded' ? { status: 'placed', payment: state.payment } : state;
    case 'PaymentRefunded':
      return state.status === 'none' ? state : { status: 'refunded', payment: state.payment, placed: state.status === 'placed' };
  }
}

export function decide(command: DeskPaymentCommand, state: DeskPaymentState): DeskPaymentEvent[] {
  switch (command.type) {
    case 'RecordDeskPayment':
      if (state.status === 'none') return [{ type: 'DeskPaymentRecorded', data: command.payment }];
      // the same payment sent again (a retry) is the same; another one for the same booking is refused
      if (state.payment.method === command.payment.method && state.payment.amountCents === command.payment.amountCents) return [];
      throw new ConflictError('Per questa prenotazione è già registrato un pagamento allo studio.', 'pagamento_studio_esistente');
    case 'PlaceDeskOrder':
      if (state.status === 'placed' || state.status === 'refunded') return [];
      if (state.status === 'none') throw new ConflictError('Nessun pagamento allo studio registrato.', 'pagamento_studio_mancante');
      return [{ type: 'OrderPlaced', data: command.placed }];
    case 'RefundDeskPayment':
      if (state.status === 'refunded') return [];
      if (state.status === 'none') throw new ConflictError('Nessun pagamento allo studio da rimborsare.', 'pagamento_studio_mancante');
      return [{ type: 'PaymentRefunded', data: command.refund }];
  }
}

export const deskPaymentDecider = { initialState, evolve, decide };
