import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { STREAM_PREFIX } from '../platform/streams';

/**
 * The practice's locations (sedi) and the rooms in each: where a doctor receives on each block of the weekly
 * schedule, where a visit type may happen, the address emails, calendar files and public pages carry.
 */

/** `location-practice`: every location, so a new name sees all the others */
export const LOCATIONS_STREAM = `${STREAM_PREFIX.location}practice`;

export const MAX_ROOMS = 20;

const text = (label: string, max: number, required: boolean, kind: 'name' | 'line' | 'lines' = 'line') =>
  required
    ? storedText({ label, kind, max, tooLong: `${label}: al massimo ${max} caratteri`, missing: `${label}: campo obbligatorio` })
    : storedText({ label, kind, max, tooLong: `${label}: al massimo ${max} caratteri`, notText: `${label}: testo non valido` }).default('');

const roomName = text('Nome della stanza', 60, true);
const uniqueNames = (rooms: { name: string }[]) => new Set(rooms.map((r) => r.name.toLocaleLowerCase('it'))).size === rooms.length;
const ROOMS_UNIQUE = 'Due stanze della stessa sede non possono avere lo stesso nome';

const locationFields = {
  name: text('Nome della sede', 80, true, 'name'),
  address: text('Indirizzo della sede', 300, true),
  phone: z
    .string()
    .trim()
    .max(30, 'Telefono della sede: al massimo 30 caratteri')
    .refine((v) => v === '' || /^\+?[0-9 ./-]{6,}$/.test(v), 'Telefono della sede non valido: solo cifre, spazi e il + iniziale')
    .default(''),
  notes: text('Note sugli orari', 300, false, 'lines'),
  mapUrl: z
    .string()
    .trim()
    .max(500, 'Link alla mappa: al massimo 500 caratteri')
    .refine((v) => v === '' || /^https:\/\/[^\s<>"]+$/.test(v), 'Link alla mappa non valido: un indirizzo https://')
    .default(''),
};

/** POST /api/locations (administrator) */
export const LocationRequest = z.object({
  ...locationFields,
  rooms: z
    .array(z.object({ name: roomName }), { error: 'Stanze non valide' })
    .max(MAX_ROOMS, `Al massimo ${MAX_ROOMS} stanze per sede`)
    .refine(uniqueNames, ROOMS_UNIQUE)
    .default([]),
});
export type LocationRequest = z.input<typeof LocationRequest>;

/** PUT /api/locations/:id (administrator): the whole location; a room with its id is kept, one without is new, one left out is removed */
export const LocationUpdateRequest = z.object({
  ...locationFields,
  rooms: z
    .array(z.object({ id: z.string().min(1).max(64).optional(), name: roomName }), { error: 'Stanze non valide' })
    .max(MAX_ROOMS, `Al massimo ${MAX_ROOMS} stanze per sede`)
    .refine(uniqueNames, ROOMS_UNIQUE)
    .default([]),
});
export type LocationUpdateRequest = z.input<typeof LocationUpdateRequest>;

export const Room = z.object({ id: z.string(), name: z.string() });
export type Room = z.infer<typeof Room>;

/** GET /api/locations (public: the booking page and the public pages show them) */
export interface LocationView {
  id: string;
  name: string;
  address: string;
  phone: string;
  notes: string;
  /** the administrator's link, or OpenStreetMap's search of the address */
  mapUrl: string;
  rooms: Room[];
}

/** a location's map link: the one given, or a search of its address */
export const mapLinkOf = (location: { address: string; mapUrl: string }): string =>
  location.mapUrl || `https://www.openstreetmap.org/search?query=${encodeURIComponent(location.address)}`;
