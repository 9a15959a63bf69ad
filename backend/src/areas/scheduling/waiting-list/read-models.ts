import { readModelOf } from '@studio/projections';
import { waitingListEntriesProjection } from './waiting-list.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const waitingListEntriesReadModel = readModelOf(waitingListEntriesProjection);
