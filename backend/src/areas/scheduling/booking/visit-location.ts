import type { LocationView } from '@studio/contracts';
import type { ReadModelReader } from '@studio/projections';
import { readLocation } from '../../../platform/config/locations';
import { bookingsReadModel } from './read-models';

/** where a booking's visit is: the location its hold recorded, null when it has none (emails, texts, receipts) */
export async function readVisitLocation(readModels: Pick<ReadModelReader, 'get'>, bookingId: string): Promise<LocationView | null> {
  const locationId = (await bookingsReadModel.get(readModels, bookingId))?.doc.locationId;
  return locationId ? readLocation(readModels, locationId) : null;
}
