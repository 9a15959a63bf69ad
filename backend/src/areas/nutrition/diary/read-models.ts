import { readModelOf } from '@studio/projections';
import { diaryProjection } from './diary.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const diaryReadModel = readModelOf(diaryProjection);
