import { readModelOf } from '@studio/projections';
import { notificationsProjection } from './notifications.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const notificationsReadModel = readModelOf(notificationsProjection);
