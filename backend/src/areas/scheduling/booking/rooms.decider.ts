import type { EventData } from '@studio/contracts';
import { ConflictError } from '../../../platform/common/errors';

/**
 * `room-<locationId>-<day>`: the rooms of one location taken by visits on one day. Taking one is an append with the
 * stream's expected revision, so two visits at the same time at one location never get the same room: the second
 * sees the first's room taken and gets the next free one, or a refusal when none is left. A booking holds at most one
 * room per stream: taking one for a booking that already has one there at another time is a move (released, taken).
 */
export type RoomEvent = { type: 'RoomTaken'; data: EventData<'RoomTaken'> } | { type: 'RoomReleased'; data: EventData<'RoomReleased'> };

export interface RoomsDay {
  /** the room each booking holds now, by booking id */
  taken: ReadonlyMap<string, { roomId: string; start: string; end: string }>;
}

export interface TakeRoom {
  type: 'TakeRoom';
  locationId: string;
  bookingId: string;
  start: string;
  end: string;
  /** the location's rooms, in the order they are offered */
  roomIds: string[];
}

export interface ReleaseRoom {
  type: 'ReleaseRoom';
  locationId: string;
  bookingId: string;
  reason: string;
}

export type RoomCommand = TakeRoom | ReleaseRoom;

export const NO_FREE_ROOM_MESSAGE = 'Nessuna stanza libera in questa sede a quest’ora: scegli un altro orario.';

export const initialState = (): RoomsDay => ({ taken: new Map() });

export function evolve(state: RoomsDay, event: RoomEvent): RoomsDay {
  const taken = new Map(state.taken);
  if (event.type === 'RoomTaken') taken.set(event.data.bookingId, { roomId: event.data.roomId, start: event.data.start, end: event.data.end });
  else taken.delete(event.data.bookingId);
  return { taken };
}

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);

/** the rooms of `roomIds` no other booking holds at any moment of `visit` */
export function freeRooms(state: RoomsDay, roomIds: string[], visit: { start: string; end: string }, bookingId?: string): string[] {
  const busy = new Set([...state.taken].filter(([id, t]) => id !== bookingId && overlaps(t, visit)).map(([, t]) => t.roomId));
  return roomIds.filter((id) => !busy.has(id));
}

export function decide(command: RoomCommand, state: RoomsDay): RoomEvent[] {
  const { locationId, bookingId } = command;
  const mine = state.taken.get(bookingId);
  if (command.type === 'ReleaseRoom') {
    return mine ? [{ type: 'RoomReleased', data: { locationId, roomId: mine.roomId, bookingId, reason: command.reason } }] : [];
  }
  // a retry, or a resumed flow: the booking keeps the room it has
  if (mine && mine.start === command.start && mine.end === command.end) return [];
  // a visit moved on this same day: its own old time does not count against it, and it keeps its room when free
  const free = freeRooms(state, command.roomIds, command, bookingId);
  const roomId = mine && free.includes(mine.roomId) ? mine.roomId : free[0];
  if (!roomId) throw new ConflictError(NO_FREE_ROOM_MESSAGE, 'stanza_non_libera');
  const taken: RoomEvent = { type: 'RoomTaken', data: { locationId, roomId, bookingId, start: command.start, end: command.end } };
  // the old time's room is given back in the same append: never a moment with both, nor one with neither
  return mine ? [{ type: 'RoomReleased', data: { locationId, roomId: mine.roomId, bookingId, reason: 'rescheduled' } }, taken] : [taken];
}

export const roomsDecider = { initialState, evolve, decide };
