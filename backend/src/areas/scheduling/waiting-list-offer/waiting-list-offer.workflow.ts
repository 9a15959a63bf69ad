import {
  availabilityStreamName,
  bookingStreamName,
  patientHoldStreamName,
  roomStreamName,
  waitingListStreamName,
  type EventData,
  type WorkingHours,
} from '@studio/contracts';
import { availabilityDecider, type DoctorDay, type HoldSlot, type ReleaseHold } from '../availability';
import {
  bookingDecider,
  freeRooms,
  patientHoldDecider,
  roomsDecider,
  type ClaimHold,
  type EndHold,
  type ReleaseRoom,
  type RoomsDay,
  type StartHold,
  type TakeRoom,
} from '../booking';
import { waitingListDecider, type WaitingList, type WaitingListCommand } from '../waiting-list';
import { evolveWith } from '../../../platform/event-store/command-handler';
import type { Workflow, WorkflowEvent } from '../../../platform/event-store/workflow';

/** a slot of this doctor just became free (a hold ended, the doctor opened it, a booking was cancelled) */
export interface OfferInput {
  doctorId: string;
  day: string;
  slotId: string;
  start: string;
  end: string;
  /** derived from the event that freed the slot: one offer at most per freeing */
  bookingId: string;
  now: string;
  expiresAt: string;
  timeZone: string;
  workingHours: WorkingHours;
  /**
   * each waiting patient's (with or without an offer) current hold as the patient stream had it (`patienthold-<id>`), and whether it is still
   * open (held, not run out) on any doctor's calendar: a patient holding one, an offer or their own, is not offered
   * another; the claim of the offer is made only over the hold seen here, so two doctors' offers made at once
   * cannot both stand
   */
  patientHolds: Record<string, { current: string | null; open: boolean }>;
  /** where the slot is (the weekly schedule's location at its start), recorded on the booking */
  locationId?: string;
  /** that location's rooms: where it has any, the offer holds a free one with the slot, and is not made without one */
  roomIds?: string[];
}

/** the stream of the rooms an offer takes one of, or null where the slot's location has none */
const offerRoomStream = (i: OfferInput): string | null => (i.locationId && i.roomIds && i.roomIds.length > 0 ? roomStreamName(i.locationId, i.day) : null);

export interface OfferState {
  input: OfferInput;
  list: WaitingList;
  day: DoctorDay;
  bookingHeld: boolean;
  bookingEnded: boolean;
  /** each waiting patient's current hold, as their `patienthold-<id>` stream says now */
  claims: Record<string, string>;
  /** the rooms of the slot's location that day */
  rooms: RoomsDay;
}

export type OfferStep =
  | { stream: 'list'; command: WaitingListCommand }
  | { stream: 'day'; command: HoldSlot | ReleaseHold }
  | { stream: 'room'; command: TakeRoom | ReleaseRoom }
  | { stream: 'booking'; command: StartHold | EndHold }
  | { stream: 'patient'; patientId: string; command: ClaimHold };

/**
 * The waiting list's offer of one freed slot: reserve it on the doctor's list for the first patient in line (the
 * list's revision makes this race-free: two slots freed at once go to two patients, and a patient with an open offer
 * is skipped), hold the slot for them for 15 minutes (the doctor-day stream), where the slot's location has rooms take
 * a free one as a hold does (`room-<location>-<day>`; with none free the slot is not offered), record the booking, then
 * mark the offer made (the email goes out). If the slot went to someone else before the hold, the offer is withdrawn and the
 * patient stays first in line. When the hold ends unpaid, the slot is freed again and the next run offers it to the
 * next in line.
 */
export const waitingListOfferWorkflow: Workflow<OfferInput, OfferState, OfferStep> = {
  name: 'offerta-lista-attesa',
  streams: (i) => [
    waitingListStreamName(i.doctorId),
    availabilityStreamName(i.doctorId, i.day),
    bookingStreamName(i.bookingId),
    ...Object.keys(i.patientHolds).map(patientHoldStreamName),
    ...[offerRoomStream(i) ?? []].flat(),
  ],
  initialState: (input) => ({
    input,
    list: waitingListDecider.initialState(),
    day: availabilityDecider.initialState(),
    bookingHeld: false,
    bookingEnded: false,
    claims: {},
    rooms: roomsDecider.initialState(),
  }),
  evolve(state, event: WorkflowEvent) {
    const { input } = state;
    if (event.stream === waitingListStreamName(input.doctorId)) return { ...state, list: evolveWith(waitingListDecider, state.list, event) };
    if (event.stream === availabilityStreamName(input.doctorId, input.day)) {
      // types the availability decider does not know (yet) change nothing
      return { ...state, day: evolveWith(availabilityDecider, state.day, event) };
    }
    if (event.type === 'RoomTaken' || event.type === 'RoomReleased') return { ...state, rooms: evolveWith(roomsDecider, state.rooms, event) };
    if (event.type === 'BookingHeld') return { ...state, bookingHeld: true };
    if (event.type === 'BookingHoldEnded') return { ...state, bookingEnded: true };
    if (event.type === 'PatientHoldClaimed') {
      const { patientId, bookingId } = event.data;
      return { ...state, claims: { ...state.claims, [patientId]: bookingId } };
    }
    return state;
  },
  decide(state) {
    const { input, list, day } = state;
    const slot = day.slots[input.start];
    const offer = list.offers[input.bookingId];
    const roomStream = offerRoomStream(input);
    const myRoom = state.rooms.taken.get(input.bookingId);
    if (!offer) {
      if (slot?.status !== 'available') return null;
      // no room free at that time at the slot's location: the slot is not offered (a hold there would be refused too)
      if (roomStream && freeRooms(state.rooms, input.roomIds!, input, input.bookingId).length === 0) return null;
      // an offer of this slot still being made by another run
      if (Object.values(list.offers).some((o) => o.slotId === input.slotId && o.status === 'reserved')) return null;
      const date = input.start.slice(0, 10);
      // first in line, in range, without an open offer here or a hold anywhere (a patient never gets two at once),
      // who has not let this slot go
      const next = list.entries.find(
        (e) =>
          e.status === 'waiting' &&
          e.offer === null &&
          e.from <= date &&
          date <= e.to &&
          !e.declined.includes(input.slotId) &&
          input.patientHolds[e.patientId]?.open !== true,
      );
      if (!next) return null;
      return {
        stream: 'list',
        command: {
          type: 'ReserveOffer',
          offer: {
            entryId: next.entryId,
            patientId: next.patientId,
            doctorId: input.doctorId,
            slotId: input.slotId,
            start: input.start,
            end: input.end,
            bookingId: input.bookingId,
            expiresAt: input.expiresAt,
            at: input.now,
          },
        },
      };
    }
    const entry = list.entries.find((e) => e.entryId === offer.entryId)!;
    const heldForOffer = slot?.status === 'held' && slot.bookingId === input.bookingId;
    if (offer.status === 'withdrawn') {
      // the patient turned out to hold another slot (the claim was refused): give back what this offer took
      if (heldForOffer)
        return {
          stream: 'day',
          command: { type: 'ReleaseHold', doctorId: input.doctorId, start: input.start, bookingId: input.bookingId, reason: 'replaced', now: input.now },
        };
      if (roomStream && myRoom)
        return { stream: 'room', command: { type: 'ReleaseRoom', locationId: input.locationId!, bookingId: input.bookingId, reason: 'replaced' } };
      if (state.bookingHeld && !state.bookingEnded)
        return { stream: 'booking', command: { type: 'EndHold', bookingId: input.bookingId, reason: 'replaced', now: input.now } };
      return null;
    }
    if (offer.status !== 'reserved') return null;
    if (heldForOffer) {
      // the room with the slot, before the booking (as a hold): refused, the offer is withdrawn and the slot given back
      if (roomStream && !myRoom && !state.bookingHeld)
        return {
          stream: 'room',
          command: { type: 'TakeRoom', locationId: input.locationId!, bookingId: input.bookingId, start: input.start, end: input.end, roomIds: input.roomIds! },
        };
      if (!state.bookingHeld) {
        return {
          stream: 'booking',
          command: {
            type: 'StartHold',
            hold: {
              bookingId: input.bookingId,
              patientId: entry.patientId,
              doctorId: input.doctorId,
              slotId: input.slotId,
              start: input.start,
              end: input.end,
              expiresAt: slot.expiresAt,
              ...(input.locationId ? { locationId: input.locationId } : {}),
            },
          },
        };
      }
      if (state.claims[entry.patientId] === input.bookingId)
        return { stream: 'list', command: { type: 'MakeOffer', bookingId: input.bookingId, at: input.now } };
      // the offer becomes the patient's one current hold (so it is theirs to pay), only over the hold seen as over
      return {
        stream: 'patient',
        patientId: entry.patientId,
        command: { type: 'ClaimHold', patientId: entry.patientId, bookingId: input.bookingId, ifCurrent: input.patientHolds[entry.patientId]?.current ?? null },
      };
    }
    if (slot?.status === 'available') {
      return {
        stream: 'day',
        command: {
          type: 'HoldSlot',
          doctorId: input.doctorId,
          start: input.start,
          bookingId: input.bookingId,
          patientId: entry.patientId,
          now: input.now,
          expiresAt: input.expiresAt,
          timeZone: input.timeZone,
          workingHours: input.workingHours,
        },
      };
    }
    return { stream: 'list', command: { type: 'WithdrawOffer', bookingId: input.bookingId, at: input.now } };
  },
  onRefused(state, step) {
    // the slot taken meanwhile, the last room taken meanwhile, or the patient holding another one since: the offer is
    // withdrawn (the patient stays in line), and the next run gives back what it had taken
    return step.stream === 'day' || step.stream === 'patient' || (step.stream === 'room' && step.command.type === 'TakeRoom')
      ? { stream: 'list', command: { type: 'WithdrawOffer', bookingId: state.input.bookingId, at: state.input.now } }
      : null;
  },
  route(step, input) {
    switch (step.stream) {
      case 'list':
        return { stream: waitingListStreamName(input.doctorId), decider: waitingListDecider, command: step.command };
      case 'day':
        return { stream: availabilityStreamName(input.doctorId, input.day), decider: availabilityDecider, command: step.command };
      case 'room':
        return { stream: offerRoomStream(input)!, decider: roomsDecider, command: step.command, options: { onStale: 'decide-again' } };
      case 'booking':
        return { stream: bookingStreamName(input.bookingId), decider: bookingDecider, command: step.command };
      case 'patient':
        return { stream: patientHoldStreamName(step.patientId), decider: patientHoldDecider, command: step.command };
    }
  },
};

export type OfferReserved = EventData<'WaitingListOfferReserved'>;
