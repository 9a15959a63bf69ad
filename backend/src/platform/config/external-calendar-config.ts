import { z } from 'zod';
import type { AppConfig } from '../kernel/app-config';
import { originList, unsetWhenEmpty } from './env-values';

/** the doctors' external calendars (CalDAV): variables of the environment, spread into config.ts's Env (docs: configurazione.md) */
export const ExternalCalendarEnv = z.object({
  /** CalDAV servers on a private or loopback address that doctors may connect anyway (origins, comma-separated) */
  CALDAV_ALLOWED_ORIGINS: unsetWhenEmpty(z.string().optional()),
  /** minutes between two automatic syncs of the doctors' external calendars (0: only "sincronizza ora") */
  EXTERNAL_CALENDAR_SYNC_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  /** how many days ahead the external calendars close slots */
  EXTERNAL_CALENDAR_DAYS: z.coerce.number().int().min(1).max(366).default(60),
});

export function externalCalendarConfig(e: z.infer<typeof ExternalCalendarEnv>): AppConfig['externalCalendar'] {
  return { allowedOrigins: originList(e.CALDAV_ALLOWED_ORIGINS), syncMinutes: e.EXTERNAL_CALENDAR_SYNC_MINUTES, days: e.EXTERNAL_CALENDAR_DAYS };
}
