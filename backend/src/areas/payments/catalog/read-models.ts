import { readModelOf } from '@studio/projections';
import { couponsProjection, productsProjection } from './catalog.projection';

/** the read models this feature owns, typed: every reader, here or in another feature, reads them through these */
export const couponsReadModel = readModelOf(couponsProjection);
export const productsReadModel = readModelOf(productsProjection);
