import { readModelOf } from '@studio/projections';
import { conversationsProjection, replyHoursProjection } from './conversations.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const conversationsReadModel = readModelOf(conversationsProjection);
export const replyHoursReadModel = readModelOf(replyHoursProjection);
