import type { Sealed } from '@studio/contracts';
import { AppError, ConflictError } from '../../../platform/common/errors';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import type { WorkflowEvent } from '../../../platform/event-store/workflow';
import { workflowSpec } from '../../../platform/event-store/workflow-spec';
import { deskPaymentDecider, type DeskPaymentEvent } from '../desk-payments';
import { deskPaymentWorkflow, type DeskPaymentFlowInput, type DeskPaymentStep } from './desk-payment.workflow';

const ORDER = 'order-desk-b1';
const DAY = 'availability-d1-2030-03-05';
const BOOKING = 'booking-b1';
const start = '2030-03-05T09:00:00Z';
const end = '2030-03-05T09:30:00Z';
const invoice: Sealed = { keyId: 'k1', iv: 'iv', tag: 'tag', data: 'sealed' };
const payment = {
  orderId: 'desk-b1',
  bookingId: 'b1',
  patientId: 'p1',
  doctorId: 'd1',
  method: 'cash' as const,
  amountCents: 8000,
  at: '2030-03-04T08:05:00.000Z',
};
const placed = {
  orderId: 'desk-b1',
  bookingId: 'b1',
  patientId: 'p1',
  productId: 'allo-studio',
  productName: 'Visita (pagamento allo studio)',
  coupon: null,
  amountCents: 8000,
  currency: 'EUR',
  captureId: 'desk-b1',
  invoice,
  stsOpposition: false,
  paymentMethod: 'cash' as const,
};
const input: DeskPaymentFlowInput = { payment, start, day: '2030-03-05', now: payment.at, placed };

const recorded: WorkflowEvent = { stream: ORDER, type: 'DeskPaymentRecorded', data: payment };
const orderPlaced: WorkflowEvent = { stream: ORDER, type: 'OrderPlaced', data: placed };
const refunded: WorkflowEvent = {
  stream: ORDER,
  type: 'PaymentRefunded',
  data: { orderId: 'desk-b1', captureId: 'desk-b1', refundId: 'rimborso-desk-b1', status: 'COMPLETED', reason: 'La prenotazione è scaduta.' },
};
const opened: WorkflowEvent = { stream: DAY, type: 'SlotOpened', data: { doctorId: 'd1', slotId: `d1_${start}`, start, end } };
const slotHeld: WorkflowEvent = {
  stream: DAY,
  type: 'SlotHeld',
  data: { doctorId: 'd1', slotId: `d1_${start}`, start, end, bookingId: 'b1', patientId: 'p1', expiresAt: '2030-03-04T08:15:00.000Z' },
};
const slotBooked: WorkflowEvent = {
  stream: DAY,
  type: 'SlotBooked',
  data: { doctorId: 'd1', slotId: `d1_${start}`, start, end, bookingId: 'b1', patientId: 'p1', orderId: 'desk-b1' },
};
const bookingHeld: WorkflowEvent = {
  stream: BOOKING,
  type: 'BookingHeld',
  data: { bookingId: 'b1', patientId: 'p1', doctorId: 'd1', slotId: `d1_${start}`, start, end, expiresAt: '2030-03-04T08:15:00.000Z' },
};
const bookingConfirmed: WorkflowEvent = { stream: BOOKING, type: 'BookingConfirmed', data: { bookingId: 'b1', orderId: 'desk-b1' } };
const held = [opened, slotHeld, bookingHeld];

const record: DeskPaymentStep = { kind: 'desk', command: { type: 'RecordDeskPayment', payment, visitPriceCents: null } };
const book: DeskPaymentStep = {
  kind: 'day',
  command: { type: 'BookSlot', doctorId: 'd1', start, bookingId: 'b1', patientId: 'p1', orderId: 'desk-b1', now: payment.at },
};
const confirm: DeskPaymentStep = { kind: 'booking', command: { type: 'ConfirmBooking', bookingId: 'b1', orderId: 'desk-b1' } };
const place: DeskPaymentStep = { kind: 'desk', command: { type: 'PlaceDeskOrder', placed } };

const flow = workflowSpec(deskPaymentWorkflow);
const given = deciderSpec(deskPaymentDecider);
const strip = (e: WorkflowEvent) => ({ type: e.type, data: e.data }) as DeskPaymentEvent;

describe('desk payment workflow', () => {
  it('records the payment, books the slot, confirms the booking (the booking commands of a PayPal payment), places the order', () => {
    flow(input).given(held).thenNext(record);
    flow(input)
      .given([...held, recorded])
      .thenNext(book);
    flow(input)
      .given([...held, recorded, slotBooked])
      .thenNext(confirm);
    flow(input)
      .given([...held, recorded, slotBooked, bookingConfirmed])
      .thenNext(place);
    flow(input)
      .given([...held, recorded, slotBooked, bookingConfirmed, orderPlaced])
      .thenDone();
  });

  it('a booking refused after the payment was taken (hold gone, slot taken) records the refund; a refunded payment ends the flow', () => {
    flow(input)
      .given([...held, recorded])
      .whenRefused(book, new ConflictError('La prenotazione è scaduta.', 'prenotazione_scaduta'))
      .thenNext({ kind: 'desk', command: { type: 'RefundDeskPayment', refund: refunded.data as never, by: 'refused-booking' } });
    // not a conflict (a bug, an outage): left to a retry, no refund
    flow(input)
      .given([...held, recorded])
      .whenRefused(book, new AppError(500, 'errore', 'x'))
      .thenNothing();
    flow(input)
      .given([...held, recorded, refunded])
      .thenDone();
  });

  it('the decider: a retry of the same payment appends nothing; another one for the same booking is refused', () => {
    given([strip(recorded)])
      .when({ type: 'RecordDeskPayment', payment, visitPriceCents: 8000 })
      .then([]);
    given([strip(recorded)])
      .when({ type: 'RecordDeskPayment', payment: { ...payment, method: 'card' }, visitPriceCents: 8000 })
      .thenThrows('pagamento_studio_esistente');
    given([]).when({ type: 'PlaceDeskOrder', placed }).thenThrows('pagamento_studio_mancante');
    given([strip(recorded), strip(orderPlaced)])
      .when({ type: 'RefundDeskPayment', refund: refunded.data as never, by: 'desk' })
      .then([strip(refunded)]);
    given([strip(recorded), strip(orderPlaced), strip(refunded)])
      .when({ type: 'RefundDeskPayment', refund: refunded.data as never, by: 'desk' })
      .then([]);
  });
  it('the decider: below the visit’s price only with the doctor’s discount and its reason; nothing prices it, no floor', () => {
    given([])
      .when({ type: 'RecordDeskPayment', payment: { ...payment, amountCents: 1 }, visitPriceCents: 8000 })
      .thenThrows('importo_inferiore_al_prezzo');
    given([])
      .when({ type: 'RecordDeskPayment', payment: { ...payment, amountCents: 7999, discount: { reason: ' ' } }, visitPriceCents: 8000 })
      .thenThrows('importo_inferiore_al_prezzo');
    const discounted = { ...payment, amountCents: 4000, discount: { reason: 'Paziente seguito dal consultorio' } };
    given([])
      .when({ type: 'RecordDeskPayment', payment: discounted, visitPriceCents: 8000 })
      .then([{ type: 'DeskPaymentRecorded', data: discounted }]);
    given([])
      .when({ type: 'RecordDeskPayment', payment, visitPriceCents: 8000 })
      .then([strip(recorded)]);
    given([])
      .when({ type: 'RecordDeskPayment', payment: { ...payment, amountCents: 1 }, visitPriceCents: null })
      .then([{ type: 'DeskPaymentRecorded', data: { ...payment, amountCents: 1 } }]);
  });

  it('the decider: a refund of a PayPal order’s stream is the same 404 as an unknown one; the desk refunds only a concluded payment', () => {
    const paypalOrder = [{ type: 'OrderCreated', data: { orderId: 'PAYPAL-1', bookingId: 'b1', patientId: 'p1' } }] as never as DeskPaymentEvent[];
    const refund = { type: 'RefundDeskPayment' as const, refund: refunded.data as never, by: 'desk' as const };
    given(paypalOrder).when(refund).thenThrows('pagamento_studio_non_trovato');
    given([...paypalOrder, strip(orderPlaced), strip(refunded)])
      .when(refund)
      .thenThrows('pagamento_studio_non_trovato');
    given([]).when(refund).thenThrows('pagamento_studio_non_trovato');
    given(paypalOrder).when({ type: 'RecordDeskPayment', payment, visitPriceCents: null }).thenThrows('ordine_non_allo_studio');
    given([strip(recorded)])
      .when(refund)
      .thenThrows('pagamento_studio_in_corso');
    given([strip(recorded)])
      .when({ ...refund, by: 'refused-booking' })
      .then([strip(refunded)]);
  });
});
