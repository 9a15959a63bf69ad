import type { SessionResponse, SessionUser } from '@studio/contracts';
import { clearTicks } from './mealTicks';
import { clearOfflineDocuments } from './offlineDocuments';

/**
 * Who is logged in on this device, for when the server cannot be reached: a patient's id, name and role, kept in
 * localStorage while their session lasts, so that /home opens offline and asks the service worker for that patient's
 * copies (offlineDocuments.ts). Only a patient's: the other roles have nothing to read offline. Forgotten, with the
 * copies and the meals ticked as eaten (mealTicks.ts), at logout and as soon as the server says nobody (or somebody
 * else) is logged in.
 */
const KEY = 'studio:utente-offline';

type OfflineUser = Pick<SessionUser, 'id' | 'name' | 'role'>;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // storage refused (a browser's privacy setting): nothing is kept, the app works online only
    return undefined;
  }
}

const cacheStorage = () => (typeof caches === 'undefined' ? undefined : caches);

/** the patient last seen logged in on this device, or null */
export function offlineUser(): OfflineUser | null {
  try {
    const stored = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<OfflineUser> | null;
    return stored && typeof stored.id === 'string' && typeof stored.name === 'string' && stored.role === 'patient'
      ? { id: stored.id, name: stored.name, role: stored.role }
      : null;
  } catch {
    return null;
  }
}

/**
 * The server's word on who is logged in (a session answer, a login): a patient is remembered and the copies of anyone
 * else on the device are deleted; nobody, or another role, forgets the patient and deletes every copy.
 */
export function sessionSeen(user: SessionUser | null): Promise<unknown> {
  if (user?.role === 'patient') {
    storage()?.setItem(KEY, JSON.stringify({ id: user.id, name: user.name, role: user.role }));
    clearTicks(user.id);
    return clearOfflineDocuments(cacheStorage(), user.id).catch(() => undefined);
  }
  storage()?.removeItem(KEY);
  clearTicks();
  return clearOfflineDocuments(cacheStorage()).catch(() => undefined);
}

/** logout: nothing of the patient stays on the device, even if the server could not be told */
export function loggedOut(): Promise<unknown> {
  return sessionSeen(null);
}

/** the session to show when the server cannot be reached: the remembered patient (no token: no write can succeed), or null */
export function offlineSession(): SessionResponse | null {
  const user = offlineUser();
  return user ? { user, csrfToken: '' } : null;
}
