import { readModelOf } from '@studio/projections';
import { bookingsProjection } from './bookings.projection';
import { roomsTakenProjection } from './rooms-taken.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const bookingsReadModel = readModelOf(bookingsProjection);
export const roomsTakenReadModel = readModelOf(roomsTakenProjection);
