import { scheduleLocationAt } from '@studio/contracts';
import type { ReadModelReader } from '@studio/projections';
import { readLocation } from '../../../platform/config/locations';
import { weeklySchedulesReadModel } from '../availability';
import { roomsTakenReadModel } from './read-models';
import { freeRooms } from './rooms.decider';

/** where a doctor receives at `start` (the weekly schedule's block then), if the block names a location */
export async function scheduledLocationAt(readModels: Pick<ReadModelReader, 'get'>, doctorId: string, start: string): Promise<string | undefined> {
  const week = (await weeklySchedulesReadModel.get(readModels, doctorId))?.doc.days ?? [];
  return scheduleLocationAt(week, start.slice(0, 10), start.slice(11, 16)) ?? undefined;
}

/** the rooms of a location, in the order they are offered (none without a location) */
export async function roomsAt(readModels: Pick<ReadModelReader, 'get'>, locationId: string | undefined): Promise<string[]> {
  return locationId ? ((await readLocation(readModels, locationId))?.rooms.map((r) => r.id) ?? []) : [];
}

/**
 * Free hours at a location with rooms are offered only while a room is free for the whole visit: the rooms the
 * other doctors' visits hold then (read model `rooms_taken`) are left out, by the same rule the hold decides with.
 */
export async function withFreeRoom<T extends { doc: { start: string }; location: string | null }>(
  readModels: Pick<ReadModelReader, 'get' | 'find'>,
  located: T[],
  minutes: number,
  fromDay: string,
  toDayExclusive: string,
): Promise<T[]> {
  const rooms = new Map<string, { roomIds: string[]; taken: Map<string, { roomId: string; start: string; end: string }> }>();
  for (const location of new Set(located.map((l) => l.location).filter((l): l is string => !!l))) {
    const roomIds = (await readLocation(readModels, location))?.rooms.map((r) => r.id) ?? [];
    if (roomIds.length === 0) continue;
    const docs = await roomsTakenReadModel.find(readModels, {
      location_id: location,
      start: { gte: `${fromDay}T00:00:00Z`, lt: `${toDayExclusive}T00:00:00Z` },
    });
    rooms.set(location, { roomIds, taken: new Map(docs.map(({ doc }) => [doc.id, doc])) });
  }
  return located.filter(({ doc, location }) => {
    const at = location ? rooms.get(location) : undefined;
    if (!at) return true;
    const visit = { start: doc.start, end: new Date(Date.parse(doc.start) + minutes * 60_000).toISOString() };
    return freeRooms(at, at.roomIds, visit).length > 0;
  });
}
