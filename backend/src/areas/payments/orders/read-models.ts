import { readModelOf } from '@studio/projections';
import { ordersProjection } from './orders.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const ordersReadModel = readModelOf(ordersProjection);
