/**
 * The meals a patient ticked as eaten, per day, on this device: the server has no call for them yet (the food diary
 * will be the record of what was eaten), so they stay in localStorage, under the patient's id, and go with the
 * offline documents at logout or when another user logs in (offlineSession.ts). Two weeks are kept.
 */
const PREFIX = 'studio:pasti-mangiati:';
const KEPT_DAYS = 14;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const keyOf = (userId: string, day: string) => `${PREFIX}${userId}:${day}`;

/** the meals `userId` ticked on `day` (yyyy-mm-dd) */
export function ticksOf(userId: string, day: string): string[] {
  try {
    const stored = JSON.parse(storage()?.getItem(keyOf(userId, day)) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}

/** ticks or unticks `meal` of `day`; returns the day's ticks. Days more than two weeks before `day` are dropped. */
export function setTick(userId: string, day: string, meal: string, eaten: boolean): string[] {
  const store = storage();
  const ticks = new Set(ticksOf(userId, day));
  if (eaten) ticks.add(meal);
  else ticks.delete(meal);
  const list = [...ticks];
  store?.setItem(keyOf(userId, day), JSON.stringify(list));
  const oldest = new Date(`${day}T12:00:00Z`);
  oldest.setUTCDate(oldest.getUTCDate() - KEPT_DAYS);
  const limit = keyOf(userId, oldest.toISOString().slice(0, 10));
  for (const key of storedKeys()) if (key.startsWith(keyOf(userId, '')) && key < limit) store?.removeItem(key);
  return list;
}

function storedKeys(): string[] {
  const store = storage();
  if (!store) return [];
  return Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => k?.startsWith(PREFIX) ?? false);
}

/** forgets every patient's ticks but `keepUserId`'s (all of them when undefined: a logout) */
export function clearTicks(keepUserId?: string): void {
  const keep = keepUserId ? keyOf(keepUserId, '') : undefined;
  for (const key of storedKeys()) if (!keep || !key.startsWith(keep)) storage()?.removeItem(key);
}
