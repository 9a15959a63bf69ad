import { STREAM_PREFIX } from '@studio/contracts';
import type { EventData, ProjectionDefinition } from '@studio/contracts';

/**
 * one document per booking and room stream (location and day) where it took a room: what the free hours read to leave
 * out the times with no free room. By stream, since a visit moved to another day or location takes its new room
 * before it gives back the old one: the old stream's release must not touch the new room.
 */
export type RoomTakenDoc = Omit<EventData<'RoomTaken'>, 'bookingId'> & { id: string; bookingId: string; taken: boolean };

export const roomsTakenProjection: ProjectionDefinition<RoomTakenDoc, 'RoomTaken' | 'RoomReleased'> = {
  name: 'rooms_taken',
  // 2: one document per booking and stream (moves)
  version: 2,
  streamPrefixes: [STREAM_PREFIX.room],
  eventTypes: ['RoomTaken', 'RoomReleased'],
  documentId: (event) => `${event.data.bookingId}@${event.stream}`,
  evolve(doc, event, id) {
    if (event.type === 'RoomTaken') return { id: id ?? `${event.data.bookingId}@${event.stream}`, ...event.data, taken: true };
    return doc && { ...doc, taken: false };
  },
  indexes: {
    // the rooms still taken at one location, by start
    location_id: { type: 'text', value: (d) => (d.taken ? d.locationId : null), then: 'start' },
    start: { type: 'text', value: (d) => d.start },
  },
};
