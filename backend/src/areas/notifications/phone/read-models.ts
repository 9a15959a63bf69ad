import { readModelOf } from '@studio/projections';
import { textMessagesProjection } from './text-messages.projection';
import { visitRepliesProjection } from './visit-replies.projection';
import { visitFiguresProjection } from './visit-figures.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const textMessagesReadModel = readModelOf(textMessagesProjection);
export const visitRepliesReadModel = readModelOf(visitRepliesProjection);
export const visitFiguresReadModel = readModelOf(visitFiguresProjection);
