// The socket's event names and the read-position header, without zod: the browser's first page uses them and
// loads before zod (see frontend/vite.config.ts); their payloads' schemas are in socket.ts.

export const AVAILABILITY_WATCH = 'availability:watch';
export const AVAILABILITY_UNWATCH = 'availability:unwatch';
export const AVAILABILITY_CHANGED = 'availability:changed';

/** GET /disponibilita/json answers with the read model's position; the first watch sends it as `since` */
export const READ_POSITION_HEADER = 'X-Read-Position';

/** /home: a logged-in patient follows their own bookings (the socket's session says who; no payload) */
export const MY_BOOKINGS_WATCH = 'bookings:watch';
export const MY_BOOKINGS_CHANGED = 'bookings:changed';

/** messages: a patient follows their conversations, a doctor theirs, the segreteria its own (the session says who) */
export const MESSAGES_WATCH = 'messages:watch';
export const MESSAGES_CHANGED = 'messages:changed';
