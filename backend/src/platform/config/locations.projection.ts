import { STREAM_PREFIX } from '@studio/contracts';
import type { EventData, ProjectionDefinition } from '@studio/contracts';

/** one document per location of the practice, as it is now (rooms included) */
export type LocationDoc = Omit<EventData<'LocationCreated'>, 'locationId'> & { id: string };

export const locationsProjection: ProjectionDefinition<LocationDoc, 'LocationCreated' | 'LocationUpdated'> = {
  name: 'locations',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.location],
  eventTypes: ['LocationCreated', 'LocationUpdated'],
  documentId: (event) => event.data.locationId,
  evolve: (_doc, event) => {
    const { locationId, ...location } = event.data;
    return { id: locationId, ...location };
  },
  indexes: {},
};
