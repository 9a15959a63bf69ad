import { type LocationView, mapLinkOf } from '@studio/contracts';
import type { ReadModelReader } from '@studio/projections';
import type { LocationDoc } from './locations.projection';
import { locationsReadModel } from './read-models';

/**
 * The one reader of the practice's locations (read model `locations`), for every feature that shows or checks one:
 * the settings, the weekly schedule, visit types, free hours, public pages, emails.
 */

const view = (doc: LocationDoc): LocationView => ({ ...doc, mapUrl: mapLinkOf(doc) });

/** every location, by name */
export async function readLocations(readModels: Pick<ReadModelReader, 'find'>): Promise<LocationView[]> {
  const docs = await locationsReadModel.find(readModels, {});
  return docs.map((d) => view(d.doc)).sort((a, b) => a.name.localeCompare(b.name, 'it'));
}

export async function readLocation(readModels: Pick<ReadModelReader, 'get'>, locationId: string): Promise<LocationView | null> {
  const doc = (await locationsReadModel.get(readModels, locationId))?.doc;
  return doc ? view(doc) : null;
}

export const LOCATION_NOT_FOUND = 'Sede non trovata: sceglila fra quelle dello studio.';
