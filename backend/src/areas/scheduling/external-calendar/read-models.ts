import { readModelOf } from '@studio/projections';
import { externalCalendarsProjection } from './external-calendars.projection';

/** the read models this feature owns, typed */
export const externalCalendarsReadModel = readModelOf(externalCalendarsProjection);
