import { readModelOf } from '@studio/projections';
import { auditEventsProjection } from './audit-events.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const auditEventsReadModel = readModelOf(auditEventsProjection);
