import { STREAM_PREFIX } from '@studio/contracts';
import type { EventData, ProjectionDefinition } from '@studio/contracts';

/** one document per booking that took a room: what the free hours read to leave out the times with no free room */
export type RoomTakenDoc = Omit<EventData<'RoomTaken'>, 'bookingId'> & { id: string; taken: boolean };

export const roomsTakenProjection: ProjectionDefinition<RoomTakenDoc, 'RoomTaken' | 'RoomReleased'> = {
  name: 'rooms_taken',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.room],
  eventTypes: ['RoomTaken', 'RoomReleased'],
  documentId: (event) => event.data.bookingId,
  evolve(doc, event) {
    if (event.type === 'RoomTaken') {
      const { bookingId, ...room } = event.data;
      return { id: bookingId, ...room, taken: true };
    }
    return doc && { ...doc, taken: false };
  },
  indexes: {
    // the rooms still taken at one location, by start
    location_id: { type: 'text', value: (d) => (d.taken ? d.locationId : null), then: 'start' },
    start: { type: 'text', value: (d) => d.start },
  },
};
