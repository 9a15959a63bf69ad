/**
 * The names offlineDocuments.ts's rules are about, alone in a module: the first download (earlyFetch.ts names the
 * patient on its early requests) takes these two constants and none of the rules.
 */

/** the request header with the logged-in patient's id: the worker stores and reads that patient's copies only */
export const USER_HEADER = 'X-Studio-Utente';

/** the GET calls whose last answer a patient reads offline (exact paths: nothing under them, no other query) */
export const OFFLINE_DOCUMENT_PATHS: readonly string[] = ['/api/me/diet', '/api/me/diet/shopping-list', '/api/me/bookings'];
