import { deskAmountRefusal, type EventData } from '@studio/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';

/**
 * A desk payment's stream, `order-desk-<bookingId>` (one desk payment per booking): recorded, then placed once the
 * booking is confirmed (the receipts workflow reacts to OrderPlaced as for PayPal), or refunded (money given back at the
 * desk: a refused booking, or a later refund, which issues a credit note).
 */
export type DeskPaymentEvent =
  | { type: 'DeskPaymentRecorded'; data: EventData<'DeskPaymentRecorded'> }
  | { type: 'OrderPlaced'; data: EventData<'OrderPlaced'> }
  | { type: 'PaymentRefunded'; data: EventData<'PaymentRefunded'> };

/** `foreign`: the stream is not a desk payment's (a PayPal order's, whose first event is not DeskPaymentRecorded) */
export type DeskPaymentState =
  | { status: 'none' }
  | { status: 'foreign' }
  | { status: 'recorded' | 'placed'; payment: EventData<'DeskPaymentRecorded'> }
  | { status: 'refunded'; payment: EventData<'DeskPaymentRecorded'>; placed: boolean };

export type DeskPaymentCommand =
  | {
      type: 'RecordDeskPayment';
      payment: EventData<'DeskPaymentRecorded'>;
      /** the visit's price (rules/charge.ts deskAmountRefusal): below it only with the doctor's discount; null: nothing prices it */
      visitPriceCents: number | null;
    }
  | { type: 'PlaceDeskOrder'; placed: EventData<'OrderPlaced'> }
  | {
      type: 'RefundDeskPayment';
      refund: EventData<'PaymentRefunded'>;
      /** 'desk': the desk gives back a concluded payment; 'refused-booking': the workflow gives back one whose booking was refused */
      by: 'desk' | 'refused-booking';
    };

export const deskOrderId = (bookingId: string) => `desk-${bookingId}`;

export const DESK_PAYMENT_NOT_FOUND = 'Pagamento allo studio non trovato.';

/**
 * The payment a refund gives back: an unknown id and a PayPal order's id are the same 404 (the answer tells nothing of
 * which orders exist); asked before the caller is authorised against the payment's doctor.
 */
export function refundablePayment(state: DeskPaymentState): EventData<'DeskPaymentRecorded'> {
  if (state.status === 'none' || state.status === 'foreign') throw new NotFoundError(DESK_PAYMENT_NOT_FOUND, 'pagamento_studio_non_trovato');
  return state.payment;
}

export const initialState = (): DeskPaymentState => ({ status: 'none' });

export function evolve(state: DeskPaymentState, event: DeskPaymentEvent): DeskPaymentState {
  if (state.status === 'foreign') return state;
  // a desk payment's stream begins with DeskPaymentRecorded; any other first event is a PayPal order's
  if (state.status === 'none') return event.type === 'DeskPaymentRecorded' ? { status: 'recorded', payment: event.data } : { status: 'foreign' };
  switch (event.type) {
    case 'DeskPaymentRecorded':
      return { status: 'recorded', payment: event.data };
    case 'OrderPlaced':
      return state.status === 'recorded' ? { status: 'placed', payment: state.payment } : state;
    case 'PaymentRefunded':
      return { status: 'refunded', payment: state.payment, placed: state.status === 'placed' };
    default:
      // any other event of an order stream: not a desk payment's
      return { status: 'foreign' };
  }
}

export function decide(command: DeskPaymentCommand, state: DeskPaymentState): DeskPaymentEvent[] {
  switch (command.type) {
    case 'RecordDeskPayment': {
      if (state.status === 'foreign') throw new ConflictError('Questo ordine non è un pagamento allo studio.', 'ordine_non_allo_studio');
      if (state.status === 'none') {
        const { amountCents, discount } = command.payment;
        const refusal = deskAmountRefusal(amountCents, command.visitPriceCents, discount);
        if (refusal) throw new ValidationError(refusal.message, refusal.code);
        return [{ type: 'DeskPaymentRecorded', data: command.payment }];
      }
      // the same payment sent again (a retry) is the same; another one for the same booking is refused
      if (state.payment.method === command.payment.method && state.payment.amountCents === command.payment.amountCents) return [];
      throw new ConflictError('Per questa prenotazione è già registrato un pagamento allo studio.', 'pagamento_studio_esistente');
    }
    case 'PlaceDeskOrder':
      if (state.status === 'placed' || state.status === 'refunded') return [];
      if (state.status !== 'recorded') throw new ConflictError('Nessun pagamento allo studio registrato.', 'pagamento_studio_mancante');
      return [{ type: 'OrderPlaced', data: command.placed }];
    case 'RefundDeskPayment':
      refundablePayment(state);
      if (state.status === 'refunded') return [];
      if (state.status !== 'placed' && command.by === 'desk')
        throw new ConflictError('Il pagamento non è ancora concluso: riprova tra poco.', 'pagamento_studio_in_corso');
      return [{ type: 'PaymentRefunded', data: command.refund }];
  }
}

export const deskPaymentDecider = { initialState, evolve, decide };
