import { z } from '../platform/zod-it';
import { STREAM_PREFIX } from '../platform/streams';

export const externalCalendarStreamName = (doctorId: string) => `${STREAM_PREFIX.externalCalendar}${doctorId}`;

/** PUT /api/doctors/:id/external-calendar: a CalDAV calendar (Nextcloud, iCloud, Fastmail, Google…) and its login */
export const ExternalCalendarRequest = z.object({
  url: z
    .string({ error: 'Indica l’indirizzo CalDAV del calendario.' })
    .trim()
    .min(1, 'Indica l’indirizzo CalDAV del calendario.')
    .max(500, 'Indirizzo troppo lungo (al massimo 500 caratteri).')
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), 'Indirizzo non valido: deve iniziare con https://'),
  username: z.string({ error: 'Indica il nome utente.' }).trim().min(1, 'Indica il nome utente.').max(200, 'Nome utente troppo lungo.'),
  password: z.string({ error: 'Indica la password per le app.' }).min(1, 'Indica la password per le app.').max(500, 'Password troppo lunga.'),
});
export type ExternalCalendarRequest = z.infer<typeof ExternalCalendarRequest>;

export interface ExternalCalendarConflict {
  start: string;
  end: string;
  status: 'held' | 'booked';
}

/** GET /api/doctors/:id/external-calendar (never the password) */
export interface ExternalCalendarView {
  connected: boolean;
  url: string | null;
  username: string | null;
  lastSyncAt: string | null;
  lastError: string | null;
  busyTimes: number;
  conflicts: ExternalCalendarConflict[];
  /** minutes between two automatic syncs */
  intervalMinutes: number;
}

/** POST /api/doctors/:id/external-calendar/sync */
export interface ExternalCalendarSyncResult {
  closed: number;
  reopened: number;
  busyTimes: number;
  conflicts: ExternalCalendarConflict[];
  /** visits booked here written into the external calendar (new or moved), and removed from it (cancelled) */
  written: number;
  removed: number;
}
