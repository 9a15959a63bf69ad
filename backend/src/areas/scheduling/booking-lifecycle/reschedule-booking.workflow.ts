import { availabilityStreamName, bookingStreamName, roomStreamName, type EventData } from '@studio/contracts';
import type { AppError } from '../../../platform/common/errors';
import { SLOT_TAKEN_MESSAGE } from '../availability';
import { evolveWith } from '../../../platform/event-store/command-handler';
import type { Workflow, WorkflowEvent } from '../../../platform/event-store/workflow';
import { NO_FREE_ROOM_MESSAGE, roomsDecider, type RoomsDay } from '../booking';
import { onBooking, onDoctorDay } from '../steps/index';

/**
 * Moving a confirmed booking to another slot of the same doctor. The intent `BookingRescheduleRequested` is on
 * the booking stream first (decided there: who may, the cut-off, nothing else under way); then:
 *   1. the new slot is booked on its doctor-day stream (SlotRebooked): the expected revision picks one winner, so
 *      two moves (or a hold and a move) into the same slot never both get it. Refused → BookingRescheduleAbandoned,
 *      and the booking stays where it was;
 *   2. where the new time's location has rooms, a free room is taken there for the whole visit (RoomTaken on
 *      `room-<location>-<day>`, the hold's rule and stream: a move and a hold racing for the last room, one wins). On
 *      the same stream as the old room, the old one is given back in that append. Refused → the new slot is given
 *      back (SlotFreed), then BookingRescheduleAbandoned saying why;
 *   3. the booking moves (BookingRescheduled, the shared event; the payment carries over);
 *   4. the old room, on another stream (another day or location), is given back (RoomReleased, reason 'rescheduled');
 *   5. the old slot is freed (SlotFreed, cause 'rescheduled'): the end of the flow (the sweep looks for it).
 * A crash between any two appends is resumed from the log; no step is ever appended twice.
 */
/** what the person moving reads when a busy location keeps refusing the room's append */
const BUSY_ROOMS_MESSAGE = 'Molte prenotazioni in corso in questa sede: riprova tra qualche istante.';

export interface RescheduleInput {
  bookingId: string;
  requestId: string;
  doctorId: string;
  fromDay: string;
  toDay: string;
  /** for the new slot's "not begun" check */
  now: string;
  timeZone: string;
  /** the location whose room the visit holds now, if any */
  fromLocationId?: string;
  /** the location of the new time, and its rooms: where it has any, a free one is taken for the new time */
  toLocationId?: string;
  roomIds?: string[];
}

export interface RescheduleState {
  input: RescheduleInput;
  request: EventData<'BookingRescheduleRequested'> | null;
  abandoned: boolean;
  moved: boolean;
  /** starts of the slots booked by this booking on the two doctor-days */
  bookedSlots: string[];
  /** the new slot was booked and given back before the move (no room free there): the request ends */
  newSlotGivenBack: boolean;
  /** the rooms of the old and the new time's streams (one state per stream) */
  rooms: Record<string, RoomsDay>;
}

export type RescheduleStep =
  | { kind: 'book-new-slot'; request: EventData<'BookingRescheduleRequested'>; now: string; timeZone: string }
  | { kind: 'take-room'; locationId: string; day: string; bookingId: string; start: string; end: string; roomIds: string[] }
  | { kind: 'give-back-new-slot'; doctorId: string; start: string; end: string; bookingId: string }
  | { kind: 'move-booking'; bookingId: string; requestId: string }
  | { kind: 'release-old-room'; locationId: string; day: string; bookingId: string }
  | { kind: 'free-old-slot'; doctorId: string; start: string; end: string; bookingId: string }
  | { kind: 'abandon'; bookingId: string; requestId: string; reason: string };

/** the room stream of the old time (where the visit holds a room), and of the new one (where a room is to be taken) */
const fromRoomStream = (i: RescheduleInput) => (i.fromLocationId ? roomStreamName(i.fromLocationId, i.fromDay) : null);
const toRoomStream = (i: RescheduleInput) => (i.toLocationId && i.roomIds && i.roomIds.length > 0 ? roomStreamName(i.toLocationId, i.toDay) : null);

export const rescheduleStreams = (input: RescheduleInput) => [
  ...new Set([
    bookingStreamName(input.bookingId),
    availabilityStreamName(input.doctorId, input.fromDay),
    availabilityStreamName(input.doctorId, input.toDay),
    ...[fromRoomStream(input) ?? [], toRoomStream(input) ?? []].flat(),
  ]),
];

const roomsOf = (state: RescheduleState, stream: string | null): RoomsDay => (stream && state.rooms[stream]) || roomsDecider.initialState();

export const rescheduleBookingWorkflow: Workflow<RescheduleInput, RescheduleState, RescheduleStep> = {
  name: 'spostamento',
  streams: rescheduleStreams,
  initialState: (input) => ({ input, request: null, abandoned: false, moved: false, bookedSlots: [], newSlotGivenBack: false, rooms: {} }),
  evolve(state, event: WorkflowEvent): RescheduleState {
    // every room taken on a followed room stream counts (another visit's room is not free for this one)
    if (event.type === 'RoomTaken' || event.type === 'RoomReleased')
      return { ...state, rooms: { ...state.rooms, [event.stream]: evolveWith(roomsDecider, roomsOf(state, event.stream), event) } };
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
        // the new slot given back before the move: no room was free at the new time
        const givenBack = !!state.request && !state.abandoned && !state.moved && start === state.request.start && start !== state.request.fromStart;
        return { ...state, bookedSlots: state.bookedSlots.filter((s) => s !== start), newSlotGivenBack: state.newSlotGivenBack || givenBack };
      }
      default:
        return state;
    }
  },
  decide(state): RescheduleStep | null {
    const { request, input } = state;
    if (!request || state.abandoned) return null;
    if (!state.moved) {
      if (state.newSlotGivenBack) return { kind: 'abandon', bookingId: input.bookingId, requestId: input.requestId, reason: NO_FREE_ROOM_MESSAGE };
      if (!state.bookedSlots.includes(request.start)) return { kind: 'book-new-slot', request, now: input.now, timeZone: input.timeZone };
      const toRooms = toRoomStream(input);
      if (toRooms && roomsOf(state, toRooms).taken.get(input.bookingId)?.start !== request.start) {
        const { bookingId, start, end } = request;
        return { kind: 'take-room', locationId: input.toLocationId!, day: input.toDay, bookingId, start, end, roomIds: input.roomIds! };
      }
      return { kind: 'move-booking', bookingId: input.bookingId, requestId: input.requestId };
    }
    // the old time's room, on a stream of its own, goes before the old slot (whose release ends the flow for the sweep);
    // on the new time's stream it went with the new room's append
    const fromRooms = fromRoomStream(input);
    const old = fromRooms ? roomsOf(state, fromRooms).taken.get(input.bookingId) : undefined;
    if (fromRooms && fromRooms !== toRoomStream(input) && old && old.start === request.fromStart)
      return { kind: 'release-old-room', locationId: input.fromLocationId!, day: input.fromDay, bookingId: input.bookingId };
    if (state.bookedSlots.includes(request.fromStart))
      return { kind: 'free-old-slot', doctorId: request.doctorId, start: request.fromStart, end: request.fromEnd, bookingId: input.bookingId };
    return null;
  },
  // the new slot went to someone else: the request ends, the booking keeps its slot. No room free at the new time: the
  // new slot is given back first (the next run records the abandon, as the sweep would after a crash)
  onRefused(state, step, refusal: AppError): RescheduleStep | null {
    if (step.kind === 'take-room') {
      const { request } = state;
      return request && { kind: 'give-back-new-slot', doctorId: request.doctorId, start: request.start, end: request.end, bookingId: state.input.bookingId };
    }
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
      case 'take-room': {
        const { locationId, day, bookingId, start, end, roomIds } = step;
        return {
          stream: roomStreamName(locationId, day),
          decider: roomsDecider,
          command: { type: 'TakeRoom', locationId, bookingId, start, end, roomIds },
          options: { onStale: 'decide-again', conflictMessage: BUSY_ROOMS_MESSAGE },
        };
      }
      case 'give-back-new-slot':
        return onDoctorDay(step.doctorId, step.start, {
          type: 'FreeSlot',
          doctorId: step.doctorId,
          start: step.start,
          end: step.end,
          bookingId: step.bookingId,
          cause: 'rescheduled',
        });
      case 'move-booking':
        return onBooking(step.bookingId, { type: 'CompleteReschedule', bookingId: step.bookingId, requestId: step.requestId });
      case 'release-old-room':
        return {
          stream: roomStreamName(step.locationId, step.day),
          decider: roomsDecider,
          command: { type: 'ReleaseRoom', locationId: step.locationId, bookingId: step.bookingId, reason: 'rescheduled' },
          options: { onStale: 'decide-again' },
        };
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
