import { readModelOf } from '@studio/projections';
import { unfinishedSeriesProjection } from './follow-up-series.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const unfinishedSeriesReadModel = readModelOf(unfinishedSeriesProjection);
