// Events of `location-practice`: the practice's locations and their rooms, each event the whole location.
import { z } from '../../platform/zod-it';
import { Room } from '../locations';

const location = {
  locationId: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  notes: z.string(),
  mapUrl: z.string(),
  rooms: z.array(Room),
};
export const LocationCreated = z.object(location);
export const LocationUpdated = z.object(location);

export const LocationEventSchemas = { LocationCreated, LocationUpdated } as const;
