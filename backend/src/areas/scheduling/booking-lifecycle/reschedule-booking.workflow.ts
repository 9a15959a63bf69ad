import { availabilityStreamName, bookingStreamName, type EventData } from '@studio/contracts';
import type { AppError } from '../../../platform/common/errors';
import { SLOT_TAKEN_MESSAGE } from '../availability';
import type { Workflow, WorkflowEvent } from '../../../platform/event-store/workflow';
import { onBooking, onDoctorDay } from '../steps/index';

/**
 * Moving a confirmed booking to another slot of the same doctor. The intent `BookingRescheduleRequested` is on
 * the booking stream first (decided there: who may, the cut-off, nothing else under way); then:
 *   1. the new slot is booked on its doctor-day stream (SlotRebooked): the expected revision picks one winner, so
 *      two moves (or a hold and a move) into the same slot never both get it. Refused → BookingRescheduleAbandoned,
 *      and the booking stays where it was;
 *   2. the booking moves (BookingRescheduled, the shared event; the payment carries over);
 *   3. the old slot is freed (SlotFreed, cause 'rescheduled'): the end of the flow.
 * A crash between any two appends is resumed from the log; no step is ever appended twice.
 */
export interface RescheduleInput {
  bookingId: string;
  requestId: string;
  doctorId: string;
  fromDay: string;
  toDay: string;
  /** for the new slot's "not begun" check */
  now: string;
  timeZone: string;
}

export interface RescheduleState {
  input: RescheduleInput;
  request: EventData<'BookingRescheduleRequested'> | null;
  abandoned: boolean;
  moved: boolean;
  /** starts of the slots booked by this booking on the two doctor-days */
  bookedSlots: string[];
}

export type RescheduleStep =
  | { kind: 'book-new-slot'; request: EventData<'BookingRescheduleRequested'>; now: string; timeZone: string }
  | { kind: 'move-booking'; bookingId: string; requestId: string }
  | { kind: 'free-old-slot'; doctorId: string; start: string; end: string; bookingId: string }
  | { kind: 'abandon'; bookingId: string; requestId: string; reason: string };

export const rescheduleStreams = (input: RescheduleInput) => [
  ...new Set([bookingStreamName(input.bookingId), availabilityStreamName(input.doctorId, input.fromDay), availabilityStreamName(input.doctorId, input.toDay)]),
];

export const rescheduleBookingWorkflow: Workflow<RescheduleInput, RescheduleState, RescheduleStep> = {
  name: 'spostamento',
  streams: rescheduleStreams,
  initialState: (input) => ({ input, request: null, abandoned: false, moved: false, bookedSlots: [] }),
  evolve(state, event: WorkflowEvent): RescheduleState {
    if (!('bookingId' in event.data) || event.data.bookingId !== state.input.bookingId) return state;
    switch (event.type) {
      case 'BookingRescheduleRequested':
        return event.data.requestId === state.input.requestId ? { ...state, request: event.data } : state;
      case 'BookingRescheduleAbandoned':
        return event.data.requestId === state.input.requestId ? { ...state, abandoned: true } : state;
      case 'BookingRescheduled':
        // this request's move: the one that follows it, to its slot
        return state.request && !state.abandoned && event.data.slotId === state.request.slotId ? { ...state, moved: true } : state;
      case 'SlotBooked':
      case 'SlotRebooked': {
        const { start } = event.data;
        return { ...state, bookedSlots: [...state.bookedSlots, start] };
      }
      case 'SlotFreed': {
        const { start } = event.data;
        return { ...state, bookedSlots: state.bookedSlots.filter((s) => s !== start) };
      }
      default:
        return state;
    }
  },
  decide(state): RescheduleStep | null {
    const { request, input } = state;
    if (!request || state.abandoned) return null;
    if (!state.moved) {
      if (!state.bookedSlots.includes(request.start)) return { kind: 'book-new-slot', request, now: input.now, timeZone: input.timeZone };
      return { kind: 'move-booking', bookingId: input.bookingId, requestId: input.requestId };
    }
    if (state.bookedSlots.includes(request.fromStart))
      return { kind: 'free-old-slot', doctorId: request.doctorId, start: request.fromStart, end: request.fromEnd, bookingId: input.bookingId };
    return null;
  },
  // the new slot went to someone else: the request ends, the booking keeps its slot
  onRefused(state, step, refusal: AppError): RescheduleStep | null {
    if (step.kind !== 'book-new-slot') return null;
    return { kind: 'abandon', bookingId: state.input.bookingId, requestId: state.input.requestId, reason: refusal.message };
  },
  route(step) {
    switch (step.kind) {
      case 'book-new-slot': {
        const { doctorId, start, end, bookingId, patientId, orderId, fromSlotId } = step.request;
        const command = {
          type: 'RebookSlot' as const,
          doctorId,
          start,
          end,
          bookingId,
          patientId,
          orderId,
          fromSlotId,
          now: step.now,
          timeZone: step.timeZone,
        };
        return onDoctorDay(doctorId, start, command, SLOT_TAKEN_MESSAGE);
      }
      case 'move-booking':
        return onBooking(step.bookingId, { type: 'CompleteReschedule', bookingId: step.bookingId, requestId: step.requestId });
      case 'free-old-slot':
        return onDoctorDay(step.doctorId, step.start, {
          type: 'FreeSlot',
          doctorId: step.doctorId,
          start: step.start,
          end: step.end,
          bookingId: step.bookingId,
          cause: 'rescheduled',
        });
      case 'abandon':
        return onBooking(step.bookingId, { type: 'AbandonReschedule', bookingId: step.bookingId, requestId: step.requestId, reason: step.reason });
    }
  },
};
