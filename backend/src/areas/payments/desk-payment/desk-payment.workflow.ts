import { availabilityStreamName, bookingStreamName, orderStreamName, type EventData } from '@studio/contracts';
import { HOLD_EXPIRED_MESSAGE, availabilityDecider, type BookSlot, type DoctorDay } from '../../scheduling/availability';
import { bookingDecider, type BookingState, type ConfirmBooking } from '../../scheduling/booking';
import { ConflictError, NotFoundError, type AppError } from '../../../platform/common/errors';
import { evolveWith } from '../../../platform/event-store/command-handler';
import type { Workflow, WorkflowEvent } from '../../../platform/event-store/workflow';
import { deskPaymentDecider, type DeskPaymentCommand, type DeskPaymentState } from '../desk-payments';
import { due, onBooking, onDoctorDay } from '../../scheduling/steps/index';

export interface DeskPaymentFlowInput {
  payment: EventData<'DeskPaymentRecorded'>;
  /** the held slot and its doctor-day */
  start: string;
  day: string;
  /** when the desk recorded it: the hold is judged at this time */
  now: string;
  /** the order placed at the end */
  placed: EventData<'OrderPlaced'>;
  /** the desk's request: until the payment is recorded, the booking must still be held (not run out at this time) */
  checkedAt?: string;
  /** the visit's price the amount is judged against when recorded (absent when resumed: the payment is recorded already) */
  visitPriceCents?: number | null;
}

export interface DeskPaymentFlowState {
  input: DeskPaymentFlowInput;
  desk: DeskPaymentState;
  day: DoctorDay;
  booking: BookingState;
}

export type DeskPaymentStep = { kind: 'desk'; command: DeskPaymentCommand } | { kind: 'day'; command: BookSlot } | { kind: 'booking'; command: ConfirmBooking };

/**
 * A payment taken at the desk, across the desk order, the doctor-day and the booking streams, with the same booking
 * commands as a PayPal confirmation: 1. the payment is recorded (the money is in the practice's hands first);
 * 2. the slot is booked; 3. the booking is confirmed; 4. the order is placed (OrderPlaced with the method: the receipt
 * follows). Resumed from the log after a crash. A booking refused after the payment (hold gone, slot taken) is
 * compensated by recording the refund: the desk gives the money back, and nothing is placed.
 */
export const deskPaymentWorkflow: Workflow<DeskPaymentFlowInput, DeskPaymentFlowState, DeskPaymentStep> = {
  name: 'pagamento-allo-studio',
  streams: (i) => [orderStreamName(i.payment.orderId), availabilityStreamName(i.payment.doctorId, i.day), bookingStreamName(i.payment.bookingId)],
  initialState: (input) => ({
    input,
    desk: deskPaymentDecider.initialState(),
    day: availabilityDecider.initialState(),
    booking: bookingDecider.initialState(),
  }),
  evolve(state, event: WorkflowEvent): DeskPaymentFlowState {
    const { payment } = state.input;
    if (event.stream === orderStreamName(payment.orderId)) return { ...state, desk: evolveWith(deskPaymentDecider, state.desk, event) };
    if (event.stream === bookingStreamName(payment.bookingId)) return { ...state, booking: evolveWith(bookingDecider, state.booking, event) };
    return { ...state, day: evolveWith(availabilityDecider, state.day, event) };
  },
  decide(state): DeskPaymentStep | null {
    const { input, desk } = state;
    const { payment } = input;
    if (desk.status === 'none') {
      if (input.checkedAt !== undefined) notPayable(state.booking, input.checkedAt);
      return { kind: 'desk', command: { type: 'RecordDeskPayment', payment, visitPriceCents: input.visitPriceCents ?? null } };
    }
    if (desk.status !== 'recorded') return null;
    const book: BookSlot = {
      type: 'BookSlot',
      doctorId: payment.doctorId,
      start: input.start,
      bookingId: payment.bookingId,
      patientId: payment.patientId,
      orderId: payment.orderId,
      now: input.now,
    };
    if (due(availabilityDecider, book, state.day)) return { kind: 'day', command: book };
    const confirm: ConfirmBooking = { type: 'ConfirmBooking', bookingId: payment.bookingId, orderId: payment.orderId };
    if (due(bookingDecider, confirm, state.booking)) return { kind: 'booking', command: confirm };
    return { kind: 'desk', command: { type: 'PlaceDeskOrder', placed: input.placed } };
  },
  route(step) {
    switch (step.kind) {
      case 'desk':
        return {
          stream: orderStreamName(deskCommandOrderId(step.command)),
          decider: deskPaymentDecider,
          command: step.command,
          options: { onStale: 'decide-again' },
        };
      case 'day':
        return { ...onDoctorDay(step.command.doctorId, step.command.start, step.command), options: { onStale: 'decide-again' } };
      case 'booking':
        return onBooking(step.command.bookingId, step.command);
    }
  },
  onRefused(state, step, refusal: AppError): DeskPaymentStep | null {
    if (!(refusal instanceof ConflictError) || state.desk.status !== 'recorded' || step.kind === 'desk') return null;
    const { orderId } = state.input.payment;
    return {
      kind: 'desk',
      command: {
        type: 'RefundDeskPayment',
        refund: { orderId, captureId: orderId, refundId: `rimborso-${orderId}`, status: 'COMPLETED', reason: refusal.message },
        by: 'refused-booking',
      },
    };
  },
};

function deskCommandOrderId(command: DeskPaymentCommand): string {
  if (command.type === 'RecordDeskPayment') return command.payment.orderId;
  return command.type === 'PlaceDeskOrder' ? command.placed.orderId : command.refund.orderId;
}

/** the desk records a payment only for a booking still held (not run out at `at`), never twice for a paid one */
function notPayable(booking: BookingState, at: string): void {
  if (booking.status === 'none') throw new NotFoundError('Prenotazione non trovata.', 'prenotazione_non_trovata');
  if (booking.status === 'confirmed' || booking.status === 'concluded') {
    throw new ConflictError('Questa prenotazione risulta già pagata.', 'prenotazione_gia_pagata');
  }
  if (booking.status !== 'held' || Date.parse(booking.expiresAt) <= Date.parse(at)) throw new ConflictError(HOLD_EXPIRED_MESSAGE, 'prenotazione_scaduta');
}
