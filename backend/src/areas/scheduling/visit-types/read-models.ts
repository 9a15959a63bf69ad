import { readModelOf } from '@studio/projections';
import { visitTypesProjection } from './visit-types.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const visitTypesReadModel = readModelOf(visitTypesProjection);
