import type { EventData } from '@studio/contracts';
import { ConflictError } from '../common/errors';

/** One stream per PayPal order: `order-<paypalOrderId>`. */
export type OrderEvent =
  | { type: 'OrderCreated'; data: EventData<'OrderCreated'> }
  | { type: 'PaymentCaptured'; data: EventData<'PaymentCaptured'> }
  | { type: 'PaymentRefunded'; data: EventData<'PaymentRefunded'> }
  | { type: 'OrderPlaced'; data: EventData<'OrderPlaced'> };

export type OrderState =
  | { status: 'none' }
  | { status: 'created'; order: EventData<'OrderCreated'> }
  | { status: 'captured'; order: EventData<'OrderCreated'>; captureId: string }
  | { status: 'placed'; order: EventData<'OrderCreated'>; captureId: string }
  /** captured, then given back: the order can never be placed */
  | { status: 'refunded'; order: EventData<'OrderCreated'>; captureId: string; reason: string };

export type OrderCommand =
  | { type: 'CreateOrder'; order: EventData<'OrderCreated'> }
  /** PayPal's verified capture; recorded once */
  | { type: 'RecordCapture'; capture: EventData<'PaymentCaptured'> }
  /** the booking failed after the capture: PayPal's refund of it */
  | { type: 'RecordRefund'; refund: EventData<'PaymentRefunded'> }
  /** a placed order's booking was cancelled with a refund: PayPal's refund of it; once */
  | { type: 'RefundPlacedOrder'; refund: EventData<'PaymentRefunded'> }
  /** the last step of a confirmation: once placed, a retried confirmation changes nothing */
  | { type: 'PlaceOrder'; placed: EventData<'OrderPlaced'> };

export const initialState = (): OrderState => ({ status: 'none' });

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderCreated':
      return { status: 'created', order: event.data };
    case 'PaymentCaptured':
      return state.status === 'none' ? state : { status: 'captured', order: state.order, captureId: event.data.captureId };
    case 'PaymentRefunded':
      return state.status === 'none' ? state : { status: 'refunded', order: state.order, captureId: event.data.captureId, reason: event.data.reason };
    case 'OrderPlaced':
      return state.status === 'none' ? state : { status: 'placed', order: state.order, captureId: event.data.captureId };
  }
}

export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'CreateOrder':
      if (state.status !== 'none') throw new ConflictError('Questo ordine esiste già.', 'ordine_esistente');
      return [{ type: 'OrderCreated', data: command.order }];
    case 'RecordCapture':
      if (state.status === 'none') throw new ConflictError('Ordine sconosciuto.', 'ordine_non_trovato');
      if (state.status !== 'created') return [];
      return [{ type: 'PaymentCaptured', data: command.capture }];
    case 'RecordRefund':
      if (state.status === 'refunded') return [];
      if (state.status !== 'captured') throw new ConflictError('Si può rimborsare solo un pagamento incassato e non ancora concluso.', 'rimborso_non_ammesso');
      return [{ type: 'PaymentRefunded', data: command.refund }];
    case 'RefundPlacedOrder':
      if (state.status === 'refunded') return [];
      if (state.status !== 'placed' && state.status !== 'captured')
        throw new ConflictError('Si può rimborsare per annullamento solo un ordine pagato.', 'rimborso_non_ammesso');
      return [{ type: 'PaymentRefunded', data: command.refund }];
    case 'PlaceOrder':
      if (state.status === 'placed') return [];
      if (state.status !== 'captured') throw new ConflictError('Il pagamento di questo ordine non risulta incassato.', 'ordine_non_pagato');
      return [{ type: 'OrderPlaced', data: command.placed }];
  }
}

export const orderDecider = { initialState, evolve, decide };
