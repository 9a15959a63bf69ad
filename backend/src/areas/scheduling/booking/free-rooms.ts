import { SLOT_MINUTES, scheduleLocationAt } from '@studio/contracts';
import type { ReadModelReader } from '@studio/projections';
import { readLocation } from '../../../platform/config/locations';
import { slotStartsOf, weeklySchedulesReadModel } from '../availability';
import { usersReadModel } from '../../accounts/users';
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

/** the rooms of a location and the visits holding them from `fromDay` to `toDayExclusive` (none: a location without rooms) */
export interface LocationRooms {
  roomIds: string[];
  taken: Map<string, { roomId: string; start: string; end: string }>;
}

export async function roomsOfLocation(
  readModels: Pick<ReadModelReader, 'get' | 'find'>,
  location: string,
  fromDay: string,
  toDayExclusive: string,
): Promise<LocationRooms | undefined> {
  const roomIds = (await readLocation(readModels, location))?.rooms.map((r) => r.id) ?? [];
  if (roomIds.length === 0) return undefined;
  const docs = await roomsTakenReadModel.find(readModels, {
    location_id: location,
    start: { gte: `${fromDay}T00:00:00Z`, lt: `${toDayExclusive}T00:00:00Z` },
  });
  return { roomIds, taken: new Map(docs.map(({ doc }) => [doc.id, doc])) };
}

/** whether a room is free for the whole of a visit of `minutes` from `start` (the hold's rule) */
export function roomFreeFor(rooms: LocationRooms, start: string, minutes: number): boolean {
  const visit = { start, end: new Date(Date.parse(start) + minutes * 60_000).toISOString() };
  return freeRooms(rooms, rooms.roomIds, visit).length > 0;
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
  const rooms = new Map<string, LocationRooms>();
  for (const location of new Set(located.map((l) => l.location).filter((l): l is string => !!l))) {
    const at = await roomsOfLocation(readModels, location, fromDay, toDayExclusive);
    if (at) rooms.set(location, at);
  }
  return located.filter(({ doc, location }) => {
    const at = location ? rooms.get(location) : undefined;
    return !at || roomFreeFor(at, doc.start, minutes);
  });
}

/**
 * The slots, of every doctor, that the weekly schedule puts at `locationId` during [start, end): the hours a room
 * taken or given back there hides or offers again, whoever's visit held it. `doctorIds`: only those doctors.
 */
export async function doctorSlotsAt(
  readModels: Pick<ReadModelReader, 'get' | 'find'>,
  locationId: string,
  start: string,
  end: string,
  doctorIds?: ReadonlySet<string>,
): Promise<{ doctorId: string; start: string }[]> {
  const doctors = (await usersReadModel.find(readModels, { role: 'doctor' })).map((d) => d.doc.id).filter((id) => !doctorIds || doctorIds.has(id));
  const slots: { doctorId: string; start: string }[] = [];
  for (const doctorId of doctors) {
    const week = (await weeklySchedulesReadModel.get(readModels, doctorId))?.doc.days ?? [];
    for (const s of slotStartsOf(start, end)) if (scheduleLocationAt(week, s.slice(0, 10), s.slice(11, 16)) === locationId) slots.push({ doctorId, start: s });
  }
  return slots;
}

/** of one doctor's free slot starts, those with a free room where the weekly schedule puts them (as /prenota offers) */
export async function offeredStarts(readModels: Pick<ReadModelReader, 'get' | 'find'>, doctorId: string, starts: string[]): Promise<Set<string>> {
  if (starts.length === 0) return new Set();
  const week = (await weeklySchedulesReadModel.get(readModels, doctorId))?.doc.days ?? [];
  const located = starts.map((start) => ({ doc: { start }, location: scheduleLocationAt(week, start.slice(0, 10), start.slice(11, 16)) }));
  const days = starts.map((s) => s.slice(0, 10)).sort();
  const last = new Date(Date.parse(`${days.at(-1)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return new Set((await withFreeRoom(readModels, located, SLOT_MINUTES, days[0], last)).map(({ doc }) => doc.start));
}
