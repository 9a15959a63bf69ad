import { readModelOf } from '@studio/projections';
import { calendarFeedsProjection } from './calendar-feeds.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const calendarFeedsReadModel = readModelOf(calendarFeedsProjection);
