import type { EventData } from '@studio/contracts';
import { ConflictError } from '../../../platform/common/errors';

/** One stream per PayPal order: `order-<paypalOrderId>`. */
export type OrderEvent =
  | { type: 'OrderCreated'; data: EventData<'OrderCreated'> }
  | { type: 'PaymentCaptureRequested'; data: EventData<'PaymentCaptureRequested'> }
  | { type: 'PaymentCapturePending'; data: EventData<'PaymentCapturePending'> }
  | { type: 'PaymentCaptureAbandoned'; data: EventData<'PaymentCaptureAbandoned'> }
  | { type: 'PaymentCaptured'; data: EventData<'PaymentCaptured'> }
  | { type: 'PaymentRefunded'; data: EventData<'PaymentRefunded'> }
  | { type: 'OrderPlaced'; data: EventData<'OrderPlaced'> }
  | { type: 'PaymentDeclined'; data: EventData<'PaymentDeclined'> };

type Request = EventData<'PaymentCaptureRequested'>;

export type OrderState =
  | { status: 'none' }
  /** `attempts`: captures asked for and abandoned so far (each attempt has its own PayPal-Request-Id) */
  | { status: 'created'; order: EventData<'OrderCreated'>; attempts: number }
  /** PayPal was asked to capture; its answer is not recorded (yet, or lost): the reconciler asks PayPal */
  | { status: 'capturing'; order: EventData<'OrderCreated'>; attempts: number; request: Request }
  /** PayPal holds the capture for review: neither booked nor refunded until it settles */
  | { status: 'pending'; order: EventData<'OrderCreated'>; attempts: number; request: Request; captureId: string }
  | { status: 'captured'; order: EventData<'OrderCreated'>; captureId: string; request: Request | null }
  | { status: 'placed'; order: EventData<'OrderCreated'>; captureId: string }
  /** captured, then given back: the order can never be placed */
  | { status: 'refunded'; order: EventData<'OrderCreated'>; captureId: string; reason: string }
  /** PayPal declined the capture it had held for review: nothing was taken, the order ends here */
  | { status: 'failed'; order: EventData<'OrderCreated'>; captureId: string; reason: string };

export type OrderCommand =
  | { type: 'CreateOrder'; order: EventData<'OrderCreated'> }
  /** before PayPal is asked to capture: the intent, with its request id; once per attempt */
  | { type: 'RequestCapture'; request: Request }
  /** PayPal answered the capture PENDING */
  | { type: 'RecordCapturePending'; pending: EventData<'PaymentCapturePending'> }
  /** PayPal took no money for the capture asked for (declined, never captured, order gone) */
  | { type: 'AbandonCapture'; abandoned: EventData<'PaymentCaptureAbandoned'> }
  /** PayPal declined a capture it held for review (PENDING → DECLINED): the order ends failed; once */
  | { type: 'RecordDecline'; declined: EventData<'PaymentDeclined'> }
  /** PayPal's verified capture; recorded once */
  | { type: 'RecordCapture'; capture: EventData<'PaymentCaptured'> }
  /** the booking failed after the capture: PayPal's refund of it */
  | { type: 'RecordRefund'; refund: EventData<'PaymentRefunded'> }
  /** a placed order's booking was cancelled with a refund: PayPal's refund of it; once */
  | { type: 'RefundPlacedOrder'; refund: EventData<'PaymentRefunded'> }
  /** the last step of a confirmation: once placed, a retried confirmation changes nothing */
  | { type: 'PlaceOrder'; placed: EventData<'OrderPlaced'> };

export const initialState = (): OrderState => ({ status: 'none' });

/** the PayPal-Request-Id of a capture attempt: a retry of the same attempt is PayPal's same capture */
export function captureRequestId(orderId: string, attempt: number): string {
  return attempt === 0 ? `capture-${orderId}` : `capture-${orderId}-${attempt}`;
}

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderCreated') return { status: 'created', order: event.data, attempts: 0 };
  if (state.status === 'none') return state;
  const attempts = 'attempts' in state ? state.attempts : 0;
  switch (event.type) {
    case 'PaymentCaptureRequested':
      return { status: 'capturing', order: state.order, attempts, request: event.data };
    case 'PaymentCapturePending':
      return state.status === 'capturing' ? { ...state, status: 'pending', captureId: event.data.captureId } : state;
    case 'PaymentCaptureAbandoned':
      return { status: 'created', order: state.order, attempts: attempts + 1 };
    case 'PaymentCaptured':
      return { status: 'captured', order: state.order, captureId: event.data.captureId, request: 'request' in state ? state.request : null };
    case 'PaymentRefunded':
      return { status: 'refunded', order: state.order, captureId: event.data.captureId, reason: event.data.reason };
    case 'OrderPlaced':
      return { status: 'placed', order: state.order, captureId: event.data.captureId };
    case 'PaymentDeclined':
      return { status: 'failed', order: state.order, captureId: event.data.captureId, reason: event.data.reason };
  }
}

export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'CreateOrder':
      if (state.status !== 'none') throw new ConflictError('Questo ordine esiste già.', 'ordine_esistente');
      return [{ type: 'OrderCreated', data: command.order }];
    case 'RequestCapture':
      if (state.status === 'none') throw new ConflictError('Ordine sconosciuto.', 'ordine_non_trovato');
      // asked already (this attempt's answer is the reconciler's or the retry's to hear), or past the capture
      if (state.status !== 'created') return [];
      return [{ type: 'PaymentCaptureRequested', data: command.request }];
    case 'RecordCapturePending':
      if (state.status === 'none') throw new ConflictError('Ordine sconosciuto.', 'ordine_non_trovato');
      if (state.status !== 'capturing') return [];
      return [{ type: 'PaymentCapturePending', data: command.pending }];
    case 'RecordDecline':
      if (state.status === 'failed') return [];
      if (state.status !== 'pending') throw new ConflictError('Si può registrare il rifiuto solo di un pagamento in verifica.', 'rifiuto_non_ammesso');
      return [{ type: 'PaymentDeclined', data: command.declined }];
    case 'AbandonCapture':
      if (state.status !== 'capturing' && state.status !== 'pending') return [];
      return [{ type: 'PaymentCaptureAbandoned', data: command.abandoned }];
    case 'RecordCapture':
      if (state.status === 'none') throw new ConflictError('Ordine sconosciuto.', 'ordine_non_trovato');
      if (state.status !== 'created' && state.status !== 'capturing' && state.status !== 'pending') return [];
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
